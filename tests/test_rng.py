"""Test vectors of the one PRNG (SplitMix64) and its shuffle, as published in judge/core/rng.py."""

from judge.core.rng import SplitMix64, shuffled


def test_splitmix64_reference_vector_seed_0() -> None:
    r = SplitMix64(0)
    assert [r.next_u64() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


def test_stream_seeding_from_a_log_seed() -> None:
    r = SplitMix64.from_seed("5eed0001", "A/shuffle/1")
    assert r.state == int.from_bytes(
        __import__("hashlib").sha256(b"5eed0001/A/shuffle/1").digest()[:8], "big"
    )


def test_shuffle_vectors() -> None:
    assert shuffled(list(range(10)), "5eed0001", "P1/shuffle/1") == [2, 5, 1, 3, 0, 4, 8, 7, 9, 6]
    assert shuffled(list("abcdef"), "9f1c2a", "A/shuffle/2") == shuffled(
        list("abcdef"), "9f1c2a", "A/shuffle/2"
    )
    assert shuffled(list("abcdef"), "9f1c2a", "A/shuffle/1") != shuffled(
        list("abcdef"), "9f1c2a", "A/shuffle/2"
    )


def test_below_is_in_range_and_unbiased_enough() -> None:
    r = SplitMix64(42)
    counts = [0] * 3
    for _ in range(3000):
        counts[r.below(3)] += 1
    assert all(900 < c < 1100 for c in counts)
