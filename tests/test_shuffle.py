"""The portable shuffle of codec version 1 (RULES.md section 8, steps 1 to 4).

Golden values come from ``tests/data/deal_vectors.json``, produced by an
independent JavaScript implementation (see ``tests/data/README.md``); the
rejection and Fisher-Yates tests use scripted generators worked out by hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import deal_numbers

import solitaire_core.shuffle as shuffle_module
from solitaire_core import SplitMix64, parse_card, shuffled_deck

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "deal_vectors.json").read_text(encoding="utf-8")
)
# One vector per distinct deal number (the file repeats deals under other modes).
DISTINCT_VECTORS: list[dict[str, Any]] = list(
    {vector["deal_number"]: vector for vector in VECTORS}.values()
)
TWO64 = 1 << 64


def vector_id(vector: dict[str, Any]) -> str:
    return str(vector["code"])


class ScriptedRng(SplitMix64):
    """A SplitMix64 whose raw outputs are given in advance (to reach rejection)."""

    def __init__(self, outputs: Iterable[int]) -> None:
        super().__init__(0)
        self.outputs = list(outputs)
        self.calls = 0

    def next(self) -> int:
        value = self.outputs[self.calls]
        self.calls += 1
        return value


# ---------------------------------------------------------------- SplitMix64


@pytest.mark.parametrize("vector", DISTINCT_VECTORS, ids=vector_id)
def test_splitmix64_first_outputs_match_golden(vector: dict[str, Any]) -> None:
    rng = SplitMix64(vector["deal_number"])
    expected = [int(text) for text in vector["splitmix64_first_outputs"]]
    assert [rng.next() for _ in expected] == expected


def test_splitmix64_published_value_for_seed_0() -> None:
    # The widely published first output of SplitMix64 seeded with 0.
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


@given(seed=st.integers(min_value=0, max_value=TWO64 - 1))
def test_splitmix64_outputs_are_64_bit(seed: int) -> None:
    rng = SplitMix64(seed)
    for _ in range(4):
        assert 0 <= rng.next() < TWO64


def test_splitmix64_state_advances_by_the_golden_gamma() -> None:
    rng = SplitMix64(TWO64 - 1)
    rng.next()
    assert rng.state == (TWO64 - 1 + 0x9E3779B97F4A7C15) % TWO64


# ---------------------------------------------------------------- bounded(n)


@given(
    seed=st.integers(min_value=0, max_value=TWO64 - 1),
    n=st.one_of(st.integers(min_value=1, max_value=60), st.integers(1, TWO64)),
)
def test_bounded_is_in_range(seed: int, n: int) -> None:
    rng = SplitMix64(seed)
    for _ in range(3):
        assert 0 <= rng.bounded(n) < n


@given(seed=st.integers(min_value=0, max_value=TWO64 - 1), n=st.integers(1, 52))
def test_bounded_without_rejection_is_the_output_mod_n(seed: int, n: int) -> None:
    # For n <= 52 the rejection zone is at most 51 values out of 2**64.
    raw = SplitMix64(seed).next()
    limit = TWO64 - TWO64 % n
    rng = SplitMix64(seed)
    if raw < limit:
        assert rng.bounded(n) == raw % n


@pytest.mark.parametrize("n", [3, 7, 10, 52, 51, 3 * 2**62])
def test_bounded_rejects_the_limit_and_above(n: int) -> None:
    limit = TWO64 - TWO64 % n  # RULES.md step 3
    rng = ScriptedRng([limit, TWO64 - 1, 12345])
    assert rng.bounded(n) == 12345 % n
    assert rng.calls == 3


@pytest.mark.parametrize("n", [3, 7, 10, 52, 51, 3 * 2**62])
def test_bounded_accepts_just_below_the_limit(n: int) -> None:
    limit = TWO64 - TWO64 % n
    rng = ScriptedRng([limit - 1, 99])
    assert rng.bounded(n) == (limit - 1) % n
    assert rng.calls == 1


def test_bounded_rejection_hand_worked_for_3() -> None:
    # 2**64 = 4**32 = 1 (mod 3), so the limit is 2**64 - 1: only 2**64 - 1 is rejected.
    rng = ScriptedRng([TWO64 - 1, TWO64 - 2])
    assert rng.bounded(3) == 2  # 2**64 - 2 = 1 - 2 = -1 = 2 (mod 3)
    assert rng.calls == 2


def test_bounded_rejection_hand_worked_for_3_times_2_to_62() -> None:
    # n = 3 * 2**62: 2**64 mod n = 2**62, limit = 2**64 - 2**62 = n: every x >= n is rejected.
    n = 3 * 2**62
    rng = ScriptedRng([n, n + 1, TWO64 - 1, n - 1])
    assert rng.bounded(n) == n - 1
    assert rng.calls == 4


@pytest.mark.parametrize("n", [1, 2, 8, 2**32, 2**63, 2**64])
def test_bounded_never_rejects_a_power_of_two(n: int) -> None:
    rng = ScriptedRng([TWO64 - 1])
    assert rng.bounded(n) == (TWO64 - 1) % n
    assert rng.calls == 1


@pytest.mark.parametrize("n", [0, -1, -52])
def test_bounded_refuses_a_non_positive_bound(n: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        SplitMix64(1).bounded(n)


# ---------------------------------------------------------------- Fisher-Yates


@pytest.mark.parametrize("vector", DISTINCT_VECTORS, ids=vector_id)
def test_shuffled_deck_matches_golden(vector: dict[str, Any]) -> None:
    expected = tuple(parse_card(text) for text in vector["deck"])
    assert shuffled_deck(vector["deal_number"]) == expected


@given(number=deal_numbers)
def test_shuffled_deck_is_a_permutation(number: int) -> None:
    deck = shuffled_deck(number)
    assert isinstance(deck, tuple)
    assert sorted(deck) == list(range(52))


class _RecordingRng(SplitMix64):
    """Records the bounds asked for and always answers 0."""

    bounds: ClassVar[list[int]] = []

    def bounded(self, n: int) -> int:
        _RecordingRng.bounds.append(n)
        return 0


def test_fisher_yates_order_and_swaps(monkeypatch: pytest.MonkeyPatch) -> None:
    # With j = 0 at every step, i = 51 .. 1 swaps deck[i] with deck[0]:
    # after step i, deck[0] = i and deck[i] = i + 1 (deck[51] = 0), so the deck
    # ends as [1, 2, ..., 51, 0], i.e. index order rotated left by one.
    _RecordingRng.bounds = []
    monkeypatch.setattr(shuffle_module, "SplitMix64", _RecordingRng)
    deck = shuffle_module.shuffled_deck(6)
    assert _RecordingRng.bounds == list(range(52, 1, -1))
    assert deck == (*range(1, 52), 0)


def test_fisher_yates_seed_is_the_deal_number(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []

    class SeedSpy(SplitMix64):
        def __init__(self, seed: int) -> None:
            seeds.append(seed)
            super().__init__(seed)

    monkeypatch.setattr(shuffle_module, "SplitMix64", SeedSpy)
    shuffle_module.shuffled_deck(12345)
    assert seeds == [12345]
