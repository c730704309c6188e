"""RQ job functions for the judging service (load a log → ``judge.core.replay.replay`` →
store the result).

Not finished: the service (Flask API, RQ workers on Redis, the embedded default) is the
next piece of work; see the README's "Status".  This package exists so that the layout of
the design card is in place; it defines nothing yet.
"""
