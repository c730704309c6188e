"""Finding the card a Z/X action names among known cards (an instance id, or the first copy of
a code); unknown hand cards in observed mode are found by :func:`judge.games.zx.observed.hand_card`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.core.refs import is_instance, ref_code

if TYPE_CHECKING:
    from judge.games.zx.engine import ZXEngine


def find(eng: ZXEngine, ref: Any, cards: list[Any]) -> str | None:
    """The instance a reference names among ``cards`` (an id, or the first copy of a code)."""
    st = eng.state
    if is_instance(st, ref):
        return ref if ref in cards else None
    code = ref_code(st, ref)
    return next((c for c in cards if c is not None and st.code_of[c] == code), None)


def field_zx(eng: ZXEngine, p: str, ref: Any) -> str | None:
    """The instance a reference names among ``p``'s Z/X on squares (an attack's or an
    activation's card), as :func:`find` among them finds it.  An instance id of a Z/X on the
    field that ``p`` controls (most references) is found at once by card (``on_field``), not
    by a sorted list of ``p``'s Z/X made and read: ``find`` takes such an id itself, as it is
    an instance and among ``p``'s Z/X."""
    st = eng.state
    if isinstance(ref, str):
        z = st.on_field.get(ref)
        if z is not None and st.controller[z.square] == p:
            return ref
    return find(eng, ref, [z.card for _, z in st.zx_of(p)])
