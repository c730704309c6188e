"""Z/X -Zillions of enemy X-: the engine (``engine.ZXEngine``), its catalogue (``rules.toml``)
and the square geometry as data (``squares.toml``)."""
