"""Rebirth for you (Bushiroad): the engine, its catalogue (``rules.toml``, ids ``R4U-…``),
deck construction and sample set.  See ``docs/rebirth.md``."""
