"""Union Arena (Bandai, 2023): the engine, its rule catalogue (ids ``UA-…``) and deck rules.

Authority: seed ``000_1236f9393569aecc.txt`` (a Chinese translation of the official rules)
and the Union Arena section of ``shared/rules/README.md``.
"""
