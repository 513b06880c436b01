"""The benchmarks' set-ups: none drawn twice, and journals' other games kept."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from benchmarks import setups, spot_offers, strength
from forexcli.games.forex.rules import draw_removed


def test_no_two_set_ups_of_a_series_remove_the_same_certificates() -> None:
    draws = [setups.removed("ladder", k) for k in range(120)]
    assert len(set(draws)) == len(draws)
    replaced = [k for k in range(120) if setups.replaced("ladder", k)]
    assert 16 in replaced and 8 not in replaced  # ladder-16 draws what ladder-8 draws
    for k in range(120):
        own = draw_removed(f"ladder-{k}")
        if k in replaced:
            assert own in draws[:k]
            assert setups.label("ladder", k).startswith(f"ladder-{k}-")
        else:
            assert setups.label("ladder", k) == f"ladder-{k}" and own == draws[k]


def _record(index: int, setup: str = "") -> dict[str, object]:
    game = spot_offers.Offered("greedy", index, index % 2, 1.0, "last_dividend", None, False, [], 0)
    game.setup = setup
    return {**asdict(game), "simulations": 8}


def test_a_journals_game_of_a_replaced_set_up_is_played_again_the_others_are_kept(
    tmp_path: Path,
) -> None:
    """A game journaled before the repeats were replaced (no ``setup``) counts only where its
    set-up is unchanged; a replaced set-up's game counts once journaled with its label."""
    journal = tmp_path / "offers.jsonl"
    replaced = setups.label("ladder", 16)
    rows = [_record(2), _record(32), _record(33, replaced)]
    journal.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    kept = {}
    for index in (2, 32, 33):
        [(_, games)] = spot_offers.run(["greedy"], 1, 8, 1, str(journal), index, False, 0.0)
        kept[index] = [g.index for g in games]
    assert kept == {2: [2], 32: [], 33: [33]}


def test_a_match_records_its_set_ups_label_and_the_journal_keys_by_it(tmp_path: Path) -> None:
    """A replaced set-up's match is found under its label; the same match journaled without
    one (as before the repeats were replaced) is another set-up's game."""
    match = strength.play_match("greedy", "random", 32, 1, None)
    assert match.setup == setups.label("ladder", 16) != "ladder-16"
    wanted = strength._key_now("greedy", "random", 32, "x", "ladder")
    journal = tmp_path / "ladder.jsonl"
    for setup, found in ((match.setup, {wanted}), ("", set())):
        record = {**asdict(match), "setup": setup, "budget": "x", "setups": "ladder"}
        journal.write_text(json.dumps(record) + "\n", encoding="utf-8")
        assert set(strength.read_journal(str(journal))) & {wanted} == found
