"""Smoke test of the benchmark corpus generator: a few games, each a valid, finished log."""

from __future__ import annotations

from pathlib import Path

from benchmarks import corpus
from forexcli import gamelog


def test_generated_games_validate(tmp_path: Path) -> None:
    written = corpus.generate(tmp_path, games=5, seed=7)
    assert [path.name for path, _ in written] == sorted(p.name for p in tmp_path.glob("*.yaml"))
    assert {len(game.players) for _, game in written} == {2, 3, 4, 5, 6}
    for path, game in written:
        problems, played = gamelog.check(path)
        assert problems == [], path.read_text(encoding="utf-8")
        assert played is not None
        assert len(played.states) == len(game.entries)
        assert played.final.is_over
        assert played.final.ending == game.ending


def test_generation_is_deterministic(tmp_path: Path) -> None:
    first = corpus.generate(tmp_path / "a", games=2, seed=11)
    second = corpus.generate(tmp_path / "b", games=2, seed=11)
    for (a, _), (b, _) in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()
