"""Rangers Strike (Bandai, 2006–2011): the 1 vs 1 engine and the tag battle (2 vs 2) layer.

Authority: seed ``002_889cd4953e6f594a.txt`` (the official tag-battle rules, Japanese) for the
team layer (rule ids ``RST-…``) and the Rangers Strike section of ``shared/rules/README.md``
for the 1 vs 1 game under it (``RS-…``).  The design is ``docs/rangers-strike.md``.
"""
