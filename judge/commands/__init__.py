"""The commands of the ``judge`` command line (:mod:`judge.cli`), one module per concept:
:mod:`~judge.commands.judging` (replay, canonical, legal), :mod:`~judge.commands.catalogue`
(rules, check-deck, schema), :mod:`~judge.commands.audit` (audit, diff) and :mod:`~judge.commands.service` (worker, serve, demo), with
the helpers they share in :mod:`~judge.commands.common`.
"""
