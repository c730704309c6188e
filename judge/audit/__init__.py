"""Auditing a whole event: many match logs judged at once, one report of what needs a judge.

An auditor receives a tournament's logs, hundreds of matches, and needs to know which ones a
human must look at first and why, not hundreds of replays.  The pieces:

- :mod:`judge.audit.report`: one match's *row* (:func:`~judge.audit.report.row`, from its log
  and its judged replay, its bad-input problems or its engine failure), the event's report
  (:func:`~judge.audit.report.build`: the rows ranked, totals, the rules broken most and by
  whom, the records that disagree, the exit code) and its renderings
  (:func:`~judge.audit.report.render`: text, Markdown, HTML, CSV, JSON).  Pure functions,
  deterministic output: the command line and the HTTP service build the same report.
- :mod:`judge.audit.diff`: two records of one match (each player's own log) compared: the
  first decision where they disagree, what differs, and whether it changes a verdict or the
  result.
- :mod:`judge.commands.audit`: ``judge audit PATH…`` (parallel, resumable) and ``judge diff``.

docs/audit.md describes the report, the ranking rule and resuming.
"""
