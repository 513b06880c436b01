"""The fast paths of reading and checking agree with the full ones, or step aside for them."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

from forexcli.record import gamelog, yamlread
from forexcli.record.problems import LogError

HERE = Path(__file__).parent
SAMPLES = sorted(p for p in HERE.rglob("*.yaml") if "bga-games" not in p.parts)
PIECES = [
    ":", ": ", "- ", "&a ", "*a", "!", "!!str ", "! ", '"', "'", "#", "\t", "\n", "{", "}",
    "[", "]", ",", "? ", "|", ">", "---\n", "...\n", "~", "null", "true", "no", "0x1F", "0o17",
    "1e3", ".inf", ".nan", "-.5", "+1", "007", " ", "\ud800", "é", "\u2028", "\x85",
    "%YAML 1.2\n", "<<: ", "note", "digest", "\\", "\r\n", "\r", "12345678901234567890",
]  # fmt: skip


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _mutated(rng: random.Random, text: str) -> str:
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(text) + 1)
        if rng.random() < 0.6:
            text = text[:at] + rng.choice(PIECES) + text[at:]
        else:
            text = text[:at] + text[at + rng.randrange(1, 6) :]
    return text


@pytest.mark.parametrize("seed", range(4))
def test_fast_reader_agrees_with_full_reader(seed: int) -> None:
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in SAMPLES]
    fast_read = 0
    for _ in range(1500):
        text = _mutated(rng, rng.choice(texts))
        try:
            full = yamlread._read_full(text)
        except LogError:
            full = None
        try:
            data = yamlread._read_data(text)
        except yamlread._Unusual:
            continue  # the full reader judges it
        fast_read += 1
        assert full is not None, repr(text)
        assert _same(data, full.data), repr(text)
        doc = yamlread.read(text)
        assert doc.values == full.values and doc.spans == full.spans, repr(text)
    assert fast_read > 300


def test_check_keeps_the_final_state_and_works_out_the_rest_on_demand() -> None:
    for path in SAMPLES:
        try:
            log = gamelog.load(path)
        except LogError:
            continue
        full = gamelog.replay(log)
        fast = gamelog.replay_final(log)
        assert fast.problem == full.problem
        assert fast.final == full.final
        assert fast.moves == len(full.states)
        assert fast.states == full.states
        assert fast.events == full.events
