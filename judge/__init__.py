"""tcg-judge: deterministic replay judging for trading card games.

The whole domain is one pure function, :func:`judge.core.replay.replay`, that turns an
action log into an annotated replay.  The command line, the RQ worker and the Flask API are
thin shells around it; this package imports none of flask, redis or rq.
"""

__version__ = "0.1.0"
