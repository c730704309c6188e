"""Union Arena (Bandai, 2023): the engine, its rule catalogue (ids ``UA-…``) and deck rules.

Authority: seed ``000_1236f9393569aecc.txt`` (a Chinese translation of the official rules)
and the official Union Arena Rule Manual Ver1.1 and Basic Rules FAQ; each rule cites its
source document and section in ``rules.toml``.
"""
