"""The portable shuffle of codec version 1 (RULES.md section 8, steps 1 to 4).

Golden values come from ``tests/data/deal_vectors.json``, produced by an
independent JavaScript implementation (see ``tests/data/README.md``); the
rejection tests set a real generator's state so that its next output is the
one wanted (inverting SplitMix64's mixing, checked here too) and count its draws
from how far the state moved; the Fisher-Yates tests give ``fisher_yates`` a
scripted source. No test subclasses the generator or patches a module: the same
tests run when ``shuffle.py`` is compiled with mypyc.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import deal_numbers

from solitaire_core import SplitMix64, parse_card, shuffled_deck
from solitaire_core.shuffle import fisher_yates

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


GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def _unshift(y: int, k: int) -> int:
    """The x with ``x ^ (x >> k) == y`` (64-bit)."""
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def about_to_output(output: int) -> SplitMix64:
    """A generator whose next output is ``output``: RULES.md section 8's mixing run
    backwards (xor-shifts undone, multipliers inverted mod 2**64), less one step."""
    z = _unshift(output, 31)
    z = z * pow(MIX2, -1, TWO64) % TWO64
    z = _unshift(z, 27)
    z = z * pow(MIX1, -1, TWO64) % TWO64
    rng = SplitMix64(0)
    rng.state = (_unshift(z, 30) - GAMMA) % TWO64
    return rng


def draws(before: int, rng: SplitMix64) -> int:
    """How many outputs ``rng`` gave since its state was ``before`` (one GAMMA each)."""
    return (rng.state - before) * pow(GAMMA, -1, TWO64) % TWO64


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


@pytest.mark.parametrize("output", [0, 1, 12345, 3 * 2**62, TWO64 - 2, TWO64 - 1])
def test_a_generator_can_be_set_to_give_any_next_output(output: int) -> None:
    rng = about_to_output(output)
    before = rng.state
    assert rng.next() == output
    assert draws(before, rng) == 1


@pytest.mark.parametrize("n", [3, 7, 10, 52, 51, 3 * 2**62])
@pytest.mark.parametrize("rejected", ["limit", "top"])
def test_bounded_rejects_the_limit_and_above(n: int, rejected: str) -> None:
    limit = TWO64 - TWO64 % n  # RULES.md step 3
    rng = about_to_output(limit if rejected == "limit" else TWO64 - 1)
    before = rng.state
    # The outputs after the rejected one, from a twin generator: the answer is the
    # first of them below the limit (for n = 3 * 2**62 the second is rejected too).
    twin = SplitMix64(0)
    twin.state = before
    twin.next()
    following = [twin.next() for _ in range(8)]
    accepted = next(index for index, x in enumerate(following) if x < limit)
    assert rng.bounded(n) == following[accepted] % n
    assert draws(before, rng) == 2 + accepted


@pytest.mark.parametrize("n", [3, 7, 10, 52, 51, 3 * 2**62])
def test_bounded_accepts_just_below_the_limit(n: int) -> None:
    limit = TWO64 - TWO64 % n
    rng = about_to_output(limit - 1)
    before = rng.state
    assert rng.bounded(n) == (limit - 1) % n
    assert draws(before, rng) == 1


def test_bounded_rejection_hand_worked_for_3() -> None:
    # 2**64 = 4**32 = 1 (mod 3), so the limit is 2**64 - 1: only 2**64 - 1 is rejected.
    rng = about_to_output(TWO64 - 2)
    before = rng.state
    assert rng.bounded(3) == 2  # 2**64 - 2 = 1 - 2 = -1 = 2 (mod 3)
    assert draws(before, rng) == 1
    rng = about_to_output(TWO64 - 1)
    before = rng.state
    rng.bounded(3)
    assert draws(before, rng) == 2


def test_bounded_rejection_hand_worked_for_3_times_2_to_62() -> None:
    # n = 3 * 2**62: 2**64 mod n = 2**62, limit = 2**64 - 2**62 = n: every x >= n is
    # rejected. Seed 84 (the first such seed) starts with three outputs >= n.
    n = 3 * 2**62
    outputs = [
        14944177521445700418,
        16450352291791421854,
        13843557653448789738,
        9578616061334715744,
    ]
    first = SplitMix64(84)
    assert [first.next() for _ in outputs] == outputs
    assert [x >= n for x in outputs] == [True, True, True, False]
    rng = SplitMix64(84)
    assert rng.bounded(n) == outputs[3] % n
    assert draws(84, rng) == 4


@pytest.mark.parametrize("n", [1, 2, 8, 2**32, 2**63, 2**64])
def test_bounded_never_rejects_a_power_of_two(n: int) -> None:
    rng = about_to_output(TWO64 - 1)
    before = rng.state
    assert rng.bounded(n) == (TWO64 - 1) % n
    assert draws(before, rng) == 1


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


class _Recording:
    """A source for ``fisher_yates`` that records the bounds asked for and answers
    ``answer`` (None: what ``inner`` answers)."""

    def __init__(self, *, answer: int | None = None, inner: SplitMix64 | None = None) -> None:
        self.bounds: list[int] = []
        self.answer = answer
        self.inner = inner

    def bounded(self, n: int) -> int:
        self.bounds.append(n)
        if self.inner is not None:
            return self.inner.bounded(n)
        assert self.answer is not None
        return self.answer


def test_fisher_yates_order_and_swaps() -> None:
    # With j = 0 at every step, i = 51 .. 1 swaps deck[i] with deck[0]:
    # after step i, deck[0] = i and deck[i] = i + 1 (deck[51] = 0), so the deck
    # ends as [1, 2, ..., 51, 0], i.e. index order rotated left by one.
    source = _Recording(answer=0)
    assert fisher_yates(source, 52) == [*range(1, 52), 0]
    assert source.bounds == list(range(52, 1, -1))


def test_fisher_yates_of_one_or_no_index_draws_nothing() -> None:
    for size in (0, 1):
        source = _Recording(answer=0)
        assert fisher_yates(source, size) == list(range(size))
        assert source.bounds == []


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("number", [0, 6, 12345, TWO64 - 1])
def test_shuffled_deck_is_fisher_yates_seeded_with_the_deal_number(number: int, decks: int) -> None:
    source = _Recording(inner=SplitMix64(number))
    indexes = fisher_yates(source, 52 * decks)
    assert shuffled_deck(number, decks=decks) == tuple(index % 52 for index in indexes)
    assert source.bounds == list(range(52 * decks, 1, -1))
