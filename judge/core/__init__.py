"""Game-agnostic machinery shared by every engine: logs, PRNG, rules, verdicts, timing."""
