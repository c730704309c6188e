"""The replay viewer, served: ``GET /replays/<id>`` (the page) and ``GET /viewer/<file>``
(its modules and style sheets, from :data:`judge.web.page.VIEWER`).

The page carries no replay: it names the job and the views it may be seen from, and the
viewer reads the rest from the API (``/v1/replays/<id>/head``, ``/steps``, ``/states``,
``/annotations``), so a perspective is the server's redaction, never the browser's, and a
10,000-step replay shows its first board after one window is read.  ``?perspective=`` is
the view it opens on (default: the submission's; 403 for a wider one); the URL's
fragment (``#step=57&view=B``) is the viewer's own.  While the job runs, the page is one
that reloads itself; a failed job is a 409 problem.  Served in embedded mode too, offline:
nothing is fetched from another host.
"""

from __future__ import annotations

import html
from typing import Any

from flask import Blueprint, Response, request, send_from_directory, url_for

from api import current_service
from judge.web.page import VIEWER, served

blp = Blueprint("viewer", __name__)

#: the files served, by extension, with their types
_TYPES = {".js": "text/javascript", ".css": "text/css"}


@blp.get("/replays/<replay_id>")
def replay_page(replay_id: str) -> Any:
    """The viewer of one replay."""
    from api.replays import _WAITING_PAGE, _not_ready, _view, views_of

    service = current_service()
    sub = service.get(replay_id)  # 404 for no such job
    view = service.view(sub, _view(sub, request.args.get("perspective")))
    if sub.status != "finished":
        if sub.status == "failed":
            raise _not_ready(sub)
        page = _WAITING_PAGE.format(id=html.escape(replay_id), status=html.escape(sub.status))
        return Response(page, status=202, mimetype="text/html", headers={"Retry-After": "1"})
    base = url_for("replays.get_replay", replay_id=replay_id)
    page = served(replay_id, base, view, views_of(sub))
    return Response(page, mimetype="text/html")


@blp.get("/viewer/<path:name>")
def viewer_file(name: str) -> Any:
    """One of the viewer's files (``main.js``, ``boards/…``, ``viewer.css``, …)."""
    from api.errors import ApiProblem

    suffix = name[name.rfind(".") :] if "." in name else ""
    if suffix not in _TYPES or not (VIEWER / name).is_file():
        raise ApiProblem(404, f"no such file of the viewer: {name}", type_="about:blank")
    return send_from_directory(VIEWER, name, mimetype=_TYPES[suffix], max_age=300)
