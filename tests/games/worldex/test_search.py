"""The game-independent search (``forexcli.search``) on World Exchangers, and its commands.

The engine must not peek: the order of the deck is hidden from the players,
so two deals that agree on everything turned up so far must give the same
decision; every decision it returns must be one the rules core accepts.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from forexcli.games.base import Budget, Searchable
from forexcli.games.worldex import moves
from forexcli.games.worldex.advisor import ADVISOR, ENGINE, seeded_start
from forexcli.games.worldex.load import EXAMPLE_COMPONENTS, read_components
from forexcli.games.worldex.notation import write
from forexcli.games.worldex.rules import (
    Phase,
    Setup,
    State,
    apply,
    final_scores,
    legal_decisions,
    new_game,
)
from forexcli.games.worldex.search import (
    WORLDEX_SEARCH,
    determinize,
    entries,
    evaluate,
    greedy_decision,
    greedy_player,
    quick_decision,
    random_player,
    score_gain,
)
from forexcli.record import gamelog
from forexcli.search.advice import play_game
from forexcli.search.advisor import engine_entry, hint, parse_seat
from forexcli.search.ismcts import EXPLORATION, search
from tests.cli.test_commands import run

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "world-exchangers" / "three-players.yaml"
COMPONENTS = read_components(EXAMPLE_COMPONENTS).components


def example_copy(folder: Path, moves: int | None = None, *, keep_seed: bool = True) -> Path:
    """The example game (its first ``moves`` entries) beside a copy of its components;
    without ``keep_seed`` the revealed seed is left out (the deck's order is then unknown)."""
    shutil.copyfile(EXAMPLE_COMPONENTS, folder / "components.json")
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    out, count = [], 0
    for line in lines:
        if line.startswith("  file: "):
            line = "  file: components.json\n"
        if line.startswith("seed: ") and not keep_seed:
            continue
        if line.startswith("  - "):
            count += 1
        if moves is not None and count > moves:
            break
        out.append(line)
    path = folder / ("game.yaml" if keep_seed else "unseeded.yaml")
    path.write_text("".join(out), encoding="utf-8")
    return path


def replayed(path: Path) -> gamelog.Replay:
    played = gamelog.replay(gamelog.load(path))
    assert played.problem is None
    return played


def two_player_start(seed: str, side: str = "A") -> State:
    dealt = seeded_start(COMPONENTS, ("ann", "ben"), seed)
    setup = Setup(players=("ann", "ben"), role_side=side, deal="seed", seed=seed,
                  first=dealt.players[dealt.first].name)  # fmt: skip
    return new_game(COMPONENTS, setup)


def randomly_played(seed: int, plies: int, side: str = "B") -> State:
    """A seeded game after up to ``plies`` random decisions (stopping before its end)."""
    rng = random.Random(seed)
    state = two_player_start(f"t{seed}", side)
    for _ in range(plies):
        after = apply(state, rng.choice(list(legal_decisions(state))))
        if after.is_over:
            break
        state = after
    return state


def test_the_worldex_hooks_offer_the_searchable_interface() -> None:
    assert isinstance(WORLDEX_SEARCH, Searchable)


# --------------------------------------------------------------------------- no peeking


def test_determinize_redraws_only_the_order_of_the_deck() -> None:
    state = randomly_played(3, 9)
    reordered = replace(state, deck=tuple(reversed(state.deck)))
    one = determinize(state, 0, random.Random(5))
    other = determinize(reordered, 0, random.Random(5))
    assert one == other  # the order the state held is forgotten
    assert sorted(one.deck) == sorted(state.deck) and one.deck != state.deck
    assert replace(one, deck=state.deck, order_known=state.order_known,
                   automatic=state.automatic) == state  # fmt: skip


def test_two_deals_agreeing_on_what_was_revealed_give_the_same_decision() -> None:
    state = randomly_played(11, 7)
    assert state.pending.phase is Phase.TURN and len(state.deck) > 10
    shuffled = list(state.deck)
    random.Random(1).shuffle(shuffled)
    other = replace(state, deck=tuple(shuffled))
    assert other.deck != state.deck
    budget = Budget(simulations=150)
    found = hint(ADVISOR, state, budget, top=3, seed=4)
    again = hint(ADVISOR, other, budget, top=3, seed=4)
    assert found.suggestions == again.suggestions and found.simulations == again.simulations
    # ... while the deck's order does change what the seeded game deals next.
    assert state.deck[:3] != other.deck[:3]


def test_the_recorded_seed_does_not_change_a_hint(tmp_path: Path) -> None:
    """The example game reveals its seed; without it the deck's order is unknown: the same hint."""
    seeded = example_copy(tmp_path, 12)
    unseeded = example_copy(tmp_path, 12, keep_seed=False)
    assert replayed(seeded).final.order_known and not replayed(unseeded).final.order_known
    assert replayed(seeded).final.deck != replayed(unseeded).final.deck
    outputs = []
    for path in (seeded, unseeded):
        result = run(["hint", str(path), "--simulations", "120", "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        del data["file"]
        outputs.append(data)
    assert outputs[0] == outputs[1]


# --------------------------------------------------------------------------- legal, deterministic


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 40), side=st.sampled_from("AB"))
def test_the_search_returns_only_legal_entries(seed: int, plies: int, side: str) -> None:
    state = randomly_played(seed, plies, side)
    if WORLDEX_SEARCH.mover(state) is None:
        state = apply(state, legal_decisions(state)[0])
    result = search(WORLDEX_SEARCH, state, Budget(simulations=30), seed=seed, policy=ENGINE.policy,
                    playout=ENGINE.playout)  # fmt: skip
    assert result.best.decisions[0] in legal_decisions(state)
    entry = engine_entry(ENGINE, state, Budget(simulations=30), seed=seed)
    after = state
    for step in entry:
        assert step in legal_decisions(after)
        after = apply(after, step)
    assert len(entries(entry)) == 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 60), side=st.sampled_from("AB"))
def test_the_quick_playout_policy_draws_legal_decisions(seed: int, plies: int, side: str) -> None:
    state = randomly_played(seed, plies, side)
    if WORLDEX_SEARCH.mover(state) is None:
        state = apply(state, legal_decisions(state)[0])
    rng = random.Random(seed)
    for _ in range(20):
        assert quick_decision(state, rng) in legal_decisions(state)


def test_a_simulations_budget_gives_the_same_search_with_the_same_seed() -> None:
    state = randomly_played(21, 12)
    budget = Budget(simulations=200)
    one = search(WORLDEX_SEARCH, state, budget, seed=7)
    two = search(WORLDEX_SEARCH, state, budget, seed=7)
    assert one.lines == two.lines and one.simulations == two.simulations == 200
    assert sum(line.visits for line in one.lines) == 200


def test_a_seconds_budget_stops_in_time() -> None:
    state = randomly_played(2, 4)
    result = search(WORLDEX_SEARCH, state, Budget(seconds=0.2), seed=1)
    assert result.simulations > 0 and result.seconds < 2.0


def test_a_forced_decision_is_measured() -> None:
    state = randomly_played(8, 6)
    legal = list(legal_decisions(state))
    worst = legal[-1]
    result = search(WORLDEX_SEARCH, state, Budget(simulations=60), forced=worst, forced_visits=20)
    assert result.forced is not None and result.forced.visits >= 20
    assert result.forced.decisions[0] == worst


def test_the_exploration_constant_changes_the_visits_not_legality() -> None:
    state = randomly_played(21, 12)
    budget = Budget(simulations=200)
    wide = replace(ENGINE, exploration=3.0)
    assert ENGINE.exploration == EXPLORATION
    visits = {}
    for engine in (ENGINE, wide):
        one = engine.search(state, budget, seed=7)
        assert engine.search(state, budget, seed=7).lines == one.lines  # deterministic
        assert all(line.decisions[0] in legal_decisions(state) for line in one.lines)
        visits[engine.exploration] = [line.visits for line in one.lines]
        found = hint(engine, state, budget, top=3, seed=7)
        assert found.suggestions == hint(engine, state, budget, top=3, seed=7).suggestions
        for suggestion in found.suggestions:
            after = state
            for step in suggestion.decisions:
                assert step in legal_decisions(after)
                after = apply(after, step)
    assert visits[EXPLORATION] != visits[3.0]
    # The wider search spreads its visits: its most visited decision has fewer of them.
    assert max(visits[3.0]) < max(visits[EXPLORATION])


# --------------------------------------------------------------------------- evaluation, players


def test_evaluate_is_a_chance_of_winning_and_exact_at_the_end() -> None:
    state = randomly_played(5, 10)
    values = evaluate(state)
    assert len(values) == 2 and abs(sum(values) - 1) < 1e-9
    totals = [s.total for s in final_scores(state).scores]
    assert (values[0] > values[1]) == (totals[0] > totals[1]) or totals[0] == totals[1]
    final, _ = play_game(WORLDEX_SEARCH, state, [random_player(1), random_player(2)])
    assert final.result is not None
    winners = final.result.winners()
    assert evaluate(final) == tuple(1 / len(winners) if s in winners else 0.0 for s in (0, 1))


def test_greedy_takes_the_best_immediate_score_gain() -> None:
    state = randomly_played(13, 5)
    choice = greedy_decision(state)
    gains = [score_gain(state, d) for d in legal_decisions(state)]
    assert score_gain(state, choice) == max(gains)


def test_baseline_players_play_whole_legal_games() -> None:
    start = two_player_start("players")
    final, played = play_game(WORLDEX_SEARCH, start, [greedy_player(1), random_player(2)])
    assert final.is_over and final.result is not None
    state = start
    for entry in played:
        for step in entry:
            state = apply(state, step)
    assert state == final


def test_the_engine_beats_random_at_a_small_budget() -> None:
    wins = 0.0
    for game in range(2):
        start = two_player_start(f"vs-random-{game}")
        engine = lambda s: hint(ENGINE, s, Budget(simulations=40), top=1).suggestions[0].decisions  # noqa: E731
        players = [engine, random_player(game)] if game == 0 else [random_player(game), engine]
        final, _ = play_game(WORLDEX_SEARCH, start, players)
        assert final.result is not None
        wins += final.result.ranks[game] == 1
    assert wins == 2


def test_seats_are_parsed_with_their_budgets() -> None:
    default = Budget(simulations=200)
    kinds = ADVISOR.seat_kinds
    assert parse_seat("engine", default, kinds).plan == default
    assert parse_seat("engine:50", default, kinds).plan == Budget(simulations=50)
    assert parse_seat("engine:0.5s", default, kinds).plan == Budget(seconds=0.5)
    assert parse_seat("engine/4", default, kinds).plan == Budget(simulations=50)
    assert parse_seat("greedy", default, kinds).label() == "greedy"
    for bad in ("investor", "greedy:5", "engine:x", "engine/0"):
        with pytest.raises(ValueError):
            parse_seat(bad, default, kinds)


# --------------------------------------------------------------------------- commands


def test_hint_suggests_legal_entries_for_the_player_on_turn(tmp_path: Path) -> None:
    path = example_copy(tmp_path, 12)
    state = replayed(path).final
    result = run(["hint", str(path), "--simulations", "60", "--top", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ai to play after move 12: the engine's best decisions (60")
    assert "value = the player's chance of winning" in result.stdout
    data = json.loads(run(["hint", str(path), "--simulations", "60", "--format", "json"]).stdout)
    assert data["player"] == "ai" and data["simulations"] == 60
    game = gamelog.load(path).game
    for suggestion in data["suggestions"]:
        after = state
        for step in game.parse("ai", suggestion["decision"]):
            assert step in legal_decisions(after)
            after = apply(after, step)
        assert set(suggestion["values"]) == {"ai", "louis", "mei"}


def test_hint_refuses_while_the_deck_reveals(tmp_path: Path) -> None:
    path = example_copy(tmp_path, 7)  # louis bought Sydney: the deck turns up 3 cards next
    result = run(["hint", str(path), "--simulations", "10"])
    assert result.exit_code == 1
    assert "not_your_turn: move 8: deck decides next (reveal of 3)" in result.stderr
    assert "Traceback" not in result.output


def test_hint_refuses_a_finished_game(tmp_path: Path) -> None:
    path = example_copy(tmp_path)
    result = run(["hint", str(path), "--simulations", "10"])
    assert result.exit_code == 1 and "game_over" in result.stderr


def test_analyse_judges_the_players_entries_and_writes_notes(tmp_path: Path) -> None:
    path = example_copy(tmp_path, 12)
    result = run(["analyse", str(path), "--simulations", "40", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    numbers = [move["move"] for move in data["moves"]]
    assert numbers == [n for n in range(1, 13) if n != 8]  # the deck's reveal is not judged
    assert data["value"].startswith("the player's chance of finishing first")
    before = path.read_text(encoding="utf-8")
    texts = [e.text for e in gamelog.load(path).entries]
    written = run(["analyse", str(path), "--simulations", "40", "--write"])
    assert written.exit_code == 0, written.output
    labelled = [m for m in data["moves"] if m["verdict"]]
    after = path.read_text(encoding="utf-8")
    if labelled:
        assert "[engine: " in after and after != before
        assert f"wrote {len(labelled)} verdict" in written.stdout
    assert [e.text for e in replayed(path).log.entries] == texts  # only notes changed


def test_selfplay_writes_valid_worldex_games(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    result = run(["selfplay", str(folder), "--game", "world-exchangers", "--games", "2",
                  "--seat", "engine:20", "--seat", "greedy", "--processes", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "month 12" in result.stdout
    for name in ("game-001.yaml", "game-002.yaml"):
        played = replayed(folder / name)
        assert played.final.is_over
        assert played.log.players in (("engine1", "greedy2"), ("greedy1", "engine2"))
    assert run(["validate", str(folder)]).exit_code == 0
    again = run(["selfplay", str(folder), "--game", "world-exchangers", "--games", "1"])
    assert again.exit_code == 2 and "already exists" in again.output


def test_selfplay_refuses_worldex_seats_it_does_not_have(tmp_path: Path) -> None:
    result = run(["selfplay", str(tmp_path / "o"), "--game", "world-exchangers",
                  "--seat", "investor", "--seat", "greedy"])  # fmt: skip
    assert result.exit_code == 2 and "a seat is one of engine, greedy, random" in result.output
    five = run(["selfplay", str(tmp_path / "o"), "--game", "world-exchangers", "--players", "5"])
    assert five.exit_code == 2 and "2 to 4" in five.output


def test_hint_and_analyse_goldens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reports' shape, at a fixed seed and simulation count (the same on every machine)."""
    from tests.cli.test_golden import check_golden

    example_copy(tmp_path, 12)
    monkeypatch.chdir(tmp_path)
    hinted = run(["hint", "game.yaml", "--simulations", "200", "--top", "3"])
    assert hinted.exit_code == 0, hinted.output
    analysed = run(["analyse", "game.yaml", "--simulations", "60", "--from", "9", "--to", "12"])
    assert analysed.exit_code == 0, analysed.output
    check_golden("worldex/hint-at-12.txt", hinted.stdout + "\n" + analysed.stdout)


def test_hint_names_each_entry_as_moves_lists_it() -> None:
    """A two-city turn the search plays in the other order than ``forex moves`` lists it is
    named as moves lists it (in the hint and in the lines after), and the engine still plays
    its own order (``engine_entry``)."""
    renamed = 0
    for seed in (0, 1, 4):
        state = randomly_played(seed, 0, "A")
        found = hint(ADVISOR, state, Budget(simulations=60), top=6)
        listed = {text for _, text in moves.entries(state)}
        for suggestion in found.suggestions:
            if not ("+ring" in suggestion.text or "+cash" in suggestion.text):
                assert suggestion.text in listed, suggestion.text
            renamed += suggestion.text != write(suggestion.decisions)
        assert (
            engine_entry(ADVISOR, state, Budget(simulations=60)) == found.suggestions[0].decisions
        )
    assert renamed


def test_analyse_grades_no_decision_first_by_its_forced_visits_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a small budget the recorded entry is often the most visited by the visits forced on
    it alone: it is then graded only when the next best (named, with its visits) was seen
    enough to compare (as For-Ex's are); it was graded good, 100% accurate, unseen."""
    from forexcli.search.verdicts import MIN_VISITS

    example_copy(tmp_path, 12)
    monkeypatch.chdir(tmp_path)
    args = ["analyse", "game.yaml", "--simulations", "30", "--to", "12", "--format", "json"]
    result = run(args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    forced = MIN_VISITS  # 30 simulations force the recorded entry's 8 visits
    first_by_force = [
        m for m in data["moves"] if m["best"] == m["played"] and m["expected"]["visits"] <= forced
    ]
    assert first_by_force and data["ungraded"] > 0
    for move in first_by_force:
        runner_up = move["runner_up"]
        assert runner_up is not None and runner_up["decision"] != move["played"]
        assert move["graded"] == (runner_up["visits"] >= MIN_VISITS), move


_TOTALS = re.compile(r"expected final totals: (\S+) (-?[\d,]+), (\S+) (-?[\d,]+)\Z")


def test_analyse_says_why_by_the_final_totals_each_line_s_simulations_end_with(
    tmp_path: Path,
) -> None:
    """A World Exchangers verdict said nothing of why (``after buy Paris (played, 38%)``);
    now each line compared names the final totals its simulations end with on average, the
    player's and the best other player's, in -v, markdown, JSON and the note."""
    path = example_copy(tmp_path, 8)
    args = ["analyse", str(path), "--simulations", "300", "--to", "8"]
    data = json.loads(run([*args, "--format", "json"]).stdout)
    explained = [m for m in data["moves"] if m["verdict"] in ("dubious", "mistake", "blunder")]
    assert explained
    players = {"louis", "mei", "ai"}
    for move in explained:
        said = [move["expected"]["decisive"], move["better"]["decisive"]]
        for words in said:
            assert len(words) == 1, words
            found = _TOTALS.match(words[0])
            assert found is not None, words
            assert found[1] == move["player"] and found[3] in players - {move["player"]}
        assert said[0] != said[1]
    verbose = run([*args, "-v"], COLUMNS="300").stdout
    markdown = run([*args, "-v", "--format", "markdown"]).stdout
    for move in explained:
        for line in ("expected", "better"):
            assert f" -- {move[line]['decisive'][0]}" in verbose
            assert f" -- {move[line]['decisive'][0]}" in markdown
    assert run([*args, "--write"]).exit_code == 0
    entries = gamelog.load(path).entries
    for move in explained:
        note = " ".join((entries[move["move"] - 1].note or "").split())
        better = f"better {move['best']} {100 * move['best_chance']:.0f}%"
        assert f"{better}: {move['better']['decisive'][0]};" in note
        assert f"; played: {move['expected']['decisive'][0]}]" in note


def test_the_final_totals_come_from_the_simulations_and_cost_the_search_nothing() -> None:
    """The why's figures are asked of the search only by ``analyse``: hint, play --engine and
    selfplay search as before (the same seed gives the same tree: the same lines, values,
    visits and decisions), never calling the measure; measured, each line's figures are the
    means over its very simulations (measuring the evaluation itself gives the values)."""
    from forexcli.games.worldex.advisor import PLAYOUT
    from forexcli.games.worldex.search import final_totals
    from forexcli.search.advice import Engine, engine_player
    from forexcli.search.ismcts import Measure, SearchResult

    calls = []

    def counted(state: State) -> tuple[float, ...]:
        calls.append(state)
        return final_totals(state)

    budget = Budget(simulations=300)

    def searched(state: State, seed: int, measure: Measure = None) -> SearchResult:
        return search(WORLDEX_SEARCH, state, budget, seed=seed, policy=quick_decision,
                      playout=PLAYOUT, measure=measure)  # fmt: skip

    for seed in (2, 7):
        state = randomly_played(seed, 6)
        plain, measured = searched(state, seed), searched(state, seed, counted)
        assert [(ln.decisions, ln.values, ln.visits) for ln in plain.lines] == [
            (ln.decisions, ln.values, ln.visits) for ln in measured.lines
        ]
        assert all(ln.figures == () for ln in plain.lines)
        assert len(calls) == 300 and all(len(ln.figures) == 2 for ln in measured.lines)
        for line in searched(state, seed, evaluate).lines:
            assert line.figures == pytest.approx(line.values)
        calls.clear()
        engine = Engine(WORLDEX_SEARCH, policy=quick_decision, playout=PLAYOUT, measure=counted)
        assert engine_entry(engine, state, budget, seed) == engine_entry(
            ENGINE, state, budget, seed
        )
        advised = list(engine.advise(state, budget, seed=seed).advice)
        assert advised == list(ENGINE.advise(state, budget, seed=seed).advice)
        assert all(advice.figures == () for advice in advised)
        start = two_player_start(f"t{seed}")
        games = [
            play_game(WORLDEX_SEARCH, start, [engine_player(e, Budget(simulations=10), seed)] * 2,
                      seed=seed)[1]
            for e in (engine, ENGINE)
        ]  # fmt: skip
        assert games[0] == games[1]
        assert calls == []  # nothing but analyse asks for the figures
