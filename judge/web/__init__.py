"""The web front end: the replay viewer's files (``static/viewer/``: plain ES modules and
style sheets, no build step) and the pages that carry them.

Served by the API (:mod:`api.viewer`: ``GET /replays/<id>``, the modules as files) and
written whole into one self-contained file by the CLI (``judge replay LOG --format html``:
:func:`judge.web.page.standalone`), so that one viewer serves both.  It sits beside the
engines, below the API and the CLI, and imports neither.
"""
