"""benchmarks/stats and benchmarks/strength: the statistics on known values, the tournaments
on tiny games (the real runs are in benchmarks/RESULTS.md)."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NoReturn

import pytest

from benchmarks import stats, strength
from forexcli.games.forex import notation
from forexcli.games.forex.rules import apply, draw_removed, new_game


def test_wilson_known_value() -> None:
    # 8 of 10: the textbook Wilson interval at 95% is 0.490 to 0.943.
    low, high = stats.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_elo_and_expected_score_are_inverse() -> None:
    assert stats.expected_score(0) == 0.5
    # 400 Elo are odds of 10 to 1.
    assert stats.expected_score(400) == pytest.approx(10 / 11)
    assert stats.elo_of(0.75) == pytest.approx(400 * math.log10(3))


def test_bradley_terry_two_players() -> None:
    # 3 wins of 4: odds 3, a difference of 400 log10(3) = 190.8 Elo, split around 0.  The
    # variance of the difference is 1 / (n p (1 - p)) = 4/3 in natural units; each rating
    # carries a quarter of it.
    a, b = stats.bradley_terry(["a", "b"], [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)])
    assert a.elo - b.elo == pytest.approx(400 * math.log10(3))
    assert a.elo == pytest.approx(-b.elo)
    assert a.error == pytest.approx(stats.ELO_PER_NAT * math.sqrt(1 / 3))
    assert (a.games, a.score, b.score) == (4, 3.0, 1.0)


def test_bradley_terry_three_consistent_players() -> None:
    # a beats b 3:1, b beats c 3:1, a beats c 9:1: exactly the model's odds, so the ratings
    # are 190.8 Elo apart in a row.
    games = [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)] + [(1, 2, 1.0)] * 3 + [(1, 2, 0.0)]
    games += [(0, 2, 1.0)] * 9 + [(0, 2, 0.0)]
    a, b, c = stats.bradley_terry(["a", "b", "c"], games)
    step = 400 * math.log10(3)
    assert (a.elo, b.elo, c.elo) == pytest.approx((step, 0.0, -step), abs=1e-6)


def test_bradley_terry_prior_keeps_a_clean_sweep_finite() -> None:
    # 4 wins of 4 plus one virtual draw: 4.5 of 5, odds 9.
    a, b = stats.bradley_terry(["a", "b"], [(0, 1, 1.0)] * 4, prior=1.0)
    assert a.elo - b.elo == pytest.approx(400 * math.log10(9))
    with pytest.raises(ValueError, match="connect"):
        stats.bradley_terry(["a", "b", "c", "d"], [(0, 1, 1.0), (2, 3, 1.0)], prior=1.0)


def test_sprt_bounds_and_llr() -> None:
    lower, upper = stats.sprt_bounds(0.05, 0.05)
    assert upper == pytest.approx(math.log(19))
    assert lower == pytest.approx(-math.log(19))
    # Only wins and losses: the most likely distribution with mean s puts s on a win, so the
    # ratio is W ln(s1/s0) + L ln((1-s1)/(1-s0)) (the empty bins add next to nothing).
    s0, s1 = 0.5, stats.expected_score(100)
    binary = 7 * math.log(s1 / s0) + 3 * math.log((1 - s1) / (1 - s0))
    assert stats.llr([3, 0, 0, 0, 7], 0, 100) == pytest.approx(binary, rel=5e-3)
    assert stats.llr([0, 0, 2], 0, 100) == pytest.approx(2 * math.log(s1 / s0), rel=5e-3)
    assert stats.llr([0, 0, 0], 0, 10) == 0.0
    assert stats.sprt([0, 0, 0], 0, 10).verdict == "continue"
    assert stats.sprt([0, 0, 0, 0, 2], 0, 100).verdict == "continue"  # two sweeps: too few
    assert stats.sprt([100, 0, 100, 0, 300], 0, 10).verdict == "accept"
    assert stats.sprt([300, 0, 100, 0, 100], 0, 10).verdict == "reject"


def test_normal_llr_known_value_and_agreement() -> None:
    # 60 wins, 20 draws, 20 losses: mean 0.7, variance 0.65 - 0.49 = 0.16;
    # LLR = 100 (s1 - 0.5) (1.4 - 0.5 - s1) / 0.32 with s1 the score of +10 Elo.
    s1 = stats.expected_score(10)
    expected = 100 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32
    assert stats.normal_llr([20, 20, 60], 0, 10) == pytest.approx(expected)
    assert stats.normal_llr([20, 20, 60], 0, 10) == pytest.approx(1.7337, abs=1e-4)
    assert stats.normal_llr([0, 0, 200], 0, 10) == 0.0  # no variance
    # Near the hypotheses the exact ratio and its normal approximation agree.
    for counts in ([300, 100, 320], [10, 40, 100, 40, 12]):
        exact, approximate = stats.llr(counts, 0, 10), stats.normal_llr(counts, 0, 10)
        assert exact == pytest.approx(approximate, abs=0.01)


def test_pentanomial_and_trinomial_counts() -> None:
    assert stats.pentanomial([0, 0.5, 1, 1, 2, 1.5]) == [1, 1, 2, 1, 1]
    assert stats.trinomial([1, 0.5, 0, 1]) == [1, 1, 2]


def test_with_section_replaces_or_appends() -> None:
    text = strength.with_section("# Results\n", "ladder", "one")
    assert text.endswith("<!-- strength:ladder:begin -->\none\n<!-- strength:ladder:end -->\n")
    again = strength.with_section(text + "after\n", "ladder", "two")
    assert "one" not in again and "two" in again and again.endswith("after\n")


def _game(first: str, index: int, score: float) -> strength.Match:
    return strength.Match(first, "greedy", index, score, index % 2, 10, "last_dividend", None, 1.0)


def test_paired_line_sets_two_engines_games_side_by_side() -> None:
    new = [_game("new", i, s) for i, s in enumerate([1.0, 1.0, 0.0, 0.5, 1.0])]
    old = [_game("old", i, s) for i, s in enumerate([1.0, 0.0, 0.0, 1.0])]  # game 4 not played
    line = strength.paired_line("new against old", new, old)
    # differences 0, +1, 0, -0.5: mean 0.125, squared deviations 1.1875 over 3, over 4 games
    assert line == (
        "new against old: 4 games both played; 2.5 against 2; 2 the same, 1 better, 1 worse;"
        f" mean +0.125 a game, standard error {math.sqrt(1.1875 / 3 / 4):.3f}"
    )
    assert strength.paired_line("x", new, []) == "x: no game played by both"


def test_paired_plays_the_old_spec_on_the_same_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "games.jsonl"
    strength.main(["--engine", "greedy", "--paired", "random", "--against", "greedy",
                   "--games", "2", "--simulations", "1", "--processes", "1",
                   "--journal", str(journal)])  # fmt: skip
    out = capsys.readouterr().out
    assert "greedy against random, greedy: 2 games both played" in out
    firsts = [json.loads(line)["first"] for line in journal.read_text("utf-8").splitlines()]
    assert sorted(firsts) == ["greedy", "greedy", "random", "random"]


def test_round_robin_jobs_are_seat_balanced() -> None:
    jobs = strength.round_robin_jobs(["a", "b", "c"], 3)
    assert len(jobs) == 3 * 4  # three pairs of players, 3 games rounded up to 2 pairs
    assert {(a, b) for a, b, _ in jobs} == {("a", "b"), ("a", "c"), ("b", "c")}
    assert sorted(i for a, b, i in jobs if (a, b) == ("a", "b")) == [0, 1, 2, 3]


def test_matches_swap_the_seats_of_a_setup() -> None:
    with ThreadPoolExecutor(1) as executor:
        matches = strength.run_matches(
            executor, [("greedy", "random", 0), ("greedy", "random", 1)], 1, None
        )
    assert [m.seat for m in matches] == [0, 1]
    assert all(m.score in (0.0, 0.5, 1.0) for m in matches)
    assert strength.pair_points(matches) == [matches[0].score + matches[1].score]
    assert "greedy" in strength.against_table([("greedy", matches)])[-1]


def test_a_field_of_three_seats_the_engine_in_each_seat_of_a_setup() -> None:
    jobs = [("engine", "greedy,random,greedy", i) for i in range(4)]
    with ThreadPoolExecutor(1) as executor:
        matches = strength.run_matches(executor, jobs, 2, None)
    assert [m.seat for m in matches] == [0, 1, 2, 3]
    assert all(m.score in (0.0, 1 / 4, 1 / 3, 0.5, 1.0) for m in matches)
    assert all(m.searches > 0 and m.entries > 0 for m in matches)
    assert "greedy,random,greedy" in strength.against_table([(jobs[0][1], matches)])[-1]


def test_a_game_ended_by_a_bankruptcy_keeps_its_entries_and_they_replay_to_it() -> None:
    """So does a game the engine did not win alone; a game it won keeps none."""
    jobs = [("engine", "random", i) for i in range(4)]
    with ThreadPoolExecutor(2) as executor:
        matches = strength.run_matches(executor, jobs, 2, None)
    assert any(m.bankrupt is not None for m in matches)  # random players go bankrupt
    for match in matches:
        assert (match.moves is not None) == (match.bankrupt is not None or match.score < 1)
        if match.moves is None:
            continue
        state = new_game(["p0", "p1"], draw_removed(match.setup))
        for who, text in match.moves:
            written = notation.parse(who, text)
            if written.spot is not None:
                state = apply(state, written.spot)
            state = apply(state, written.decision)
        assert state.result is not None and len(match.moves) == match.entries
        if match.bankrupt is None:
            assert state.result.bankrupt is None
            continue
        loser = "first" if state.result.bankrupt == match.seat else "second"
        assert loser == match.bankrupt


class _Refusing(ThreadPoolExecutor):
    """An executor that fails the test if a game is submitted to it."""

    def submit(self, *args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("a game the journal holds was played again")


def test_a_journal_keeps_each_game_and_a_rerun_plays_none_again(tmp_path: Path) -> None:
    journal = tmp_path / "games.jsonl"
    jobs = [("engine", "random", 0), ("engine", "random", 1)]
    with ThreadPoolExecutor(2) as executor:
        played = strength.run_matches(executor, jobs, 2, None, journal=str(journal))
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    assert {json.loads(line)["budget"] for line in lines} == {"2 simulations"}
    assert all(m.searches > 0 and m.simulations >= m.searches for m in played)
    journal.write_text(journal.read_text(encoding="utf-8") + '{"first": "eng', encoding="utf-8")
    with _Refusing(1) as executor:
        again = strength.run_matches(executor, jobs, 2, None, journal=str(journal))
    assert again == played
    more = [*jobs, ("engine", "random", 2), ("engine", "random", 3)]
    with _Refusing(1) as executor:  # the journal's games only (of these set-ups)
        other = strength.run_matches(executor, more, 2, None, "other", str(journal), play=False)
        assert other == []
        held = strength.run_matches(executor, more, 2, None, journal=str(journal), play=False)
    assert held == played
    forged = tmp_path / "other.jsonl"  # the same games, by another tree of forexcli/
    forged.write_text(journal.read_text(encoding="utf-8").replace('"code": "', '"code": "x'))
    with _Refusing(1) as executor:
        assert strength.run_matches(executor, jobs, 2, None, journal=str(forged), play=False) == []
    with ThreadPoolExecutor(1) as executor:  # another budget is another game: played, after
        strength.run_matches(executor, jobs[:1], 3, None, journal=str(journal))  # the torn line
    records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()
               if line.endswith("}")]  # fmt: skip
    assert [r["budget"] for r in records] == ["2 simulations"] * 2 + ["3 simulations"]
    assert "simulations/s" in strength.against_table([("random", played)])[0]


def test_ladder_round_robin_writes_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "RESULTS.md"
    results.write_text("# Results\n", encoding="utf-8")
    players = ["--player", "random", "--player", "greedy", "--player", "engine:2"]
    strength.main(
        ["--ladder", *players, "--games", "2", "--processes", "1", "--results", str(results)]
    )
    out = capsys.readouterr().out
    assert "| player | Elo |" in out
    written = results.read_text(encoding="utf-8")
    assert written.startswith("# Results\n")
    assert "<!-- strength:ladder:begin -->" in written
    assert "| | random | greedy | engine:2 |" in written  # the cross table's head
    assert written.count("| random |") == 3  # and a row of it, and a row of the ratings


def test_sprt_run_stops_with_a_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--sprt", "greedy", "random", "--max-pairs", "2", "--processes", "1",
                   "--elo1", "400"])  # fmt: skip
    out = capsys.readouterr().out
    assert "SPRT greedy against random:" in out
    assert "LLR" in out


def test_curve_svg_is_xml_with_a_point_per_budget() -> None:
    points = [(0.25, 0.5, 0.2, 0.8, 4), (1.0, 0.75, 0.3, 0.95, 4), (4.0, 1.0, 0.5, 1.0, 4)]
    root = ET.fromstring(strength.curve_svg(points, "engine <against> investor"))
    circles = root.findall("{http://www.w3.org/2000/svg}circle")
    assert len(circles) == 3
    ys = [float(c.get("cy", "0")) for c in circles]
    assert ys[0] > ys[1] > ys[2]  # a higher win rate is higher up


def test_time_curve_reads_its_points_back_from_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal, svg, results = tmp_path / "games.jsonl", tmp_path / "c.svg", tmp_path / "R.md"
    results.write_text("# Results\n", encoding="utf-8")
    common = ["--time-curve", "--curve-opponent", "random", "--games", "2", "--processes", "1",
              "--journal", str(journal), "--svg", str(svg)]  # fmt: skip
    strength.main([*common, "--curve-seconds", "0.01"])
    played = journal.read_text(encoding="utf-8")
    assert len(played.splitlines()) == 2
    capsys.readouterr()
    strength.main([*common, "--curve-seconds", "0.01,0.02", "--journal-only",
                   "--results", str(results)])  # fmt: skip
    out = capsys.readouterr().out
    assert journal.read_text(encoding="utf-8") == played  # no game played
    assert "| seconds a move | games |" in out
    assert "| 0.01       | 2 |" in out
    assert "| 0.02" not in out  # the journal holds none of its games
    circles = ET.fromstring(svg.read_text(encoding="utf-8")).findall(
        "{http://www.w3.org/2000/svg}circle"
    )
    assert len(circles) == 1
    written = results.read_text(encoding="utf-8")
    assert "<!-- strength:time:begin -->" in written
    assert "against the random" in written


def test_player_specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from forexcli.games.forex.search.mcts import Budget

    (tmp_path / "old_engine.py").write_text(
        "from forexcli.games.forex.search.players import engine_player\n"
        "def player(budget, seed):\n"
        "    return engine_player(budget, seed)\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    budget = Budget(simulations=3)
    start = new_game(["a", "b"], draw_removed("specs"))
    for spec in (
        "engine",
        "engine:5",
        "engine:0.1s",
        "engine/4",
        "investor",
        "py:old_engine:player",
    ):
        entry = strength.player_of(spec, budget, 1)(start)
        assert entry and entry[0].player == "a"
    with pytest.raises(ValueError):
        strength.player_of("nobody", budget, 1)
