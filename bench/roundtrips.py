"""Counting a service's Redis round trips: :class:`RoundTripProxy`, a relay in front of Redis
(``bench/service.py`` puts one in front of the API and one in front of the workers)."""

from __future__ import annotations

import selectors
import socket
import threading


class RoundTripProxy:
    """A TCP relay in front of Redis that counts round trips: a client's bytes arriving
    when Redis answered its last ones (or first, on a new connection) begin one.  A
    pipeline, a ``MULTI``/``EXEC`` block or a script sent at once is one round trip, as
    it costs one; its commands are not counted one by one (``INFO commandstats`` would).
    One thread relays every connection (``selectors``); it adds a little latency, so it
    is used only to count (:func:`measure_round_trips`), never while timing."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.round_trips = 0
        self._lock = threading.Lock()
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.listener, selectors.EVENT_READ, None)
        self._stop = False
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def count(self) -> int:
        with self._lock:
            return self.round_trips

    def _run(self) -> None:
        # per socket: (its peer, whether it is the client's side, the client's state)
        while not self._stop:
            for key, _ in self._sel.select(0.2):
                if key.data is None:
                    self._accept()
                else:
                    self._relay(key.fileobj, key.data)  # type: ignore[arg-type]

    def _accept(self) -> None:
        try:
            client, _ = self.listener.accept()
        except BlockingIOError:
            return
        server = socket.create_connection(self.upstream)
        for sock in (client, server):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        state = {"answered": True}  # the next bytes from the client begin a round trip
        self._sel.register(client, selectors.EVENT_READ, (server, True, state))
        self._sel.register(server, selectors.EVENT_READ, (client, False, state))

    def _relay(
        self, sock: socket.socket, data: tuple[socket.socket, bool, dict[str, bool]]
    ) -> None:
        peer, from_client, state = data
        try:
            chunk = sock.recv(1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            for s in (sock, peer):
                self._sel.unregister(s)
                s.close()
            return
        if from_client and state["answered"]:
            with self._lock:
                self.round_trips += 1
        state["answered"] = not from_client
        peer.sendall(chunk)

    def close(self) -> None:
        self._stop = True
        self._thread.join(2)
        for key in list(self._sel.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
