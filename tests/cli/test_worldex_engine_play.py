"""Playing World Exchangers against the engine, one command a turn: what the engine's moves
did is told in the game's words, and the compact board reads as a player needs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from forexcli.record import gamelog
from forexcli.reporters.record import entry_sentences
from tests.cli.test_commands import run
from tests.cli.test_engine_seats import COMPONENTS


def _game(tmp_path: Path, *extra: str) -> Path:
    """ann (a person, first) against bot (the engine, a tiny budget)."""
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", "bot:5", *extra]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return log


def _told(log: Path, number: int) -> list[str]:
    """The sentences of move ``number`` as ``forex message`` tells them."""
    played = gamelog.replay(gamelog.read_log(log.read_bytes(), str(log)))
    return list(entry_sentences(played, number))


def _flat(text: str) -> str:
    """The output with its wrapping undone (a sentence may be wrapped over lines)."""
    return " ".join(text.split())


def test_the_engines_move_is_told_in_the_games_words(tmp_path: Path) -> None:
    log = _game(tmp_path)
    result = run(["play", str(log), "ann", "buy", "Madrid"])
    assert result.exit_code == 0, result.output
    assert "move 2: bot: " in result.output
    sentences = _told(log, 2)
    assert sentences and any(" for " in sentence for sentence in sentences)
    after_reply = _flat(result.output.split("move 2: bot: ", 1)[1])
    for sentence in sentences:
        assert _flat(sentence) in after_reply, result.output


def test_the_mid_year_trend_card_an_engine_move_resolves_is_told(tmp_path: Path) -> None:
    log = _game(tmp_path)
    for _ in range(5):  # months 1 to 5: ann (the engine for her too) and bot's reply
        result = run(["play", str(log), "ann", "--engine", "--simulations", "5"])
        assert result.exit_code == 0, result.output
    result = run(["play", str(log), "ann", "--engine", "--simulations", "5"])
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    assert "End of month 6: the mid-year trend card" in out, result.output
    assert "Month 7 begins." in out


def _sale_area_line(output: str) -> str:
    """The compact board's sale area line, unwrapped (``Next:`` follows it)."""
    flat = _flat(output)
    return flat[flat.index("Sale area") : flat.index(" Next: ")]


def test_the_compact_board_prices_the_sale_area_at_what_a_card_costs(tmp_path: Path) -> None:
    log = _game(tmp_path)
    result = run(["play", str(log), "ann", "buy", "Madrid"])
    assert result.exit_code == 0, result.output
    played = gamelog.replay(gamelog.read_log(log.read_bytes(), str(log)))
    state = played.final
    area = _sale_area_line(result.output)
    assert area.startswith("Sale area (buy at base value): ")
    cards = [state.components.city(name) for name in state.area]
    assert any(city.base != city.price(state.round) for city in cards)  # the two differ
    assert area.split(": ", 1)[1] == ", ".join(f"{city.name} {city.base}" for city in cards)
    held = state.players[0]
    prices = ", ".join(f"{n} {state.components.city(n).price(state.round)}" for n in held.cities)
    assert f"cities (sell now): {prices}" in _flat(result.output)


def test_the_compact_board_of_a_finished_game_says_who_won_and_the_scores() -> None:
    from forexcli.games.worldex.views import scores_of

    path = Path(__file__).parent.parent.parent / "examples" / "world-exchangers"
    log = path / "three-players.yaml"
    played = gamelog.replay(gamelog.read_log(log.read_bytes(), str(log)))
    state = played.final
    compact = played.log.game.compact_text(state, 80)
    assert compact is not None
    text = _flat(compact)
    result, _ = scores_of(state)
    best = min(range(len(state.players)), key=lambda seat: result.ranks[seat])
    winner = state.players[best].name
    assert f"The game is over: {winner} wins; final scores {winner} " in text
    for player, score in zip(state.players, result.scores, strict=True):
        assert f"{player.name} {score.total:,}" in text


def test_the_engine_plays_no_unsigned_move_in_a_signed_game(tmp_path: Path) -> None:
    """``play SEAT --engine`` for an engine seat whose moves must be signed is refused
    before the search (the unsigned move failed ``forex validate``); signed, it is taken."""
    from tests.record.test_signing import make_key, problems_of

    mine, its = make_key(tmp_path, "ann"), make_key(tmp_path, "bot")
    log = tmp_path / "wx.yaml"
    made = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "bot", "--components", str(COMPONENTS), "--engine", "bot:5",
         "--key-for", f"ann={mine}.pub", "--key-for", f"bot={its}.pub", "--require-signatures"]
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    said = _flat(made.output)
    assert f"next: bot (the engine) decides first: forex play {log} bot --engine --sign" in said
    before = log.read_bytes()
    result = run(["play", str(log), "bot", "--engine"])
    assert result.exit_code == 1, result.output
    assert "unsigned_move" in result.output and "Traceback" not in result.output
    assert f"forex play {log} bot --engine --sign --key FILE" in _flat(result.output)
    assert log.read_bytes() == before
    result = run(["play", str(log), "bot", "--engine", "--sign", "--key", str(its)])
    assert result.exit_code == 0, result.output
    assert [entry.sig is not None for entry in _replayed(log).log.entries] == [True]
    assert problems_of(log) == []


def _replayed(log: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.read_log(log.read_bytes(), str(log)))


def test_undo_takes_back_the_persons_move_with_the_engines_replies(tmp_path: Path) -> None:
    """``forex undo`` after a move the engine replied to takes back both and says so (it
    took back the reply alone, which the engine then played again); a person's move with no
    reply after it goes alone."""
    log = _game(tmp_path)
    before = log.read_bytes()
    result = run(["play", str(log), "ann", "buy", "Madrid"])
    assert result.exit_code == 0, result.output
    assert [entry.player for entry in _replayed(log).log.entries] == ["ann", "bot"]
    said = run(["undo", str(log)])
    assert said.exit_code == 0, said.output
    assert log.read_bytes() == before
    words = _flat(said.output)
    assert f"removed moves 1 to 2 from {log}" in words
    assert "with ann's move, the engine's replies (bot: an engine seat)" in words
    assert "next: ann to decide" in words
    result = run(["play", str(log), "ann", "buy", "Madrid", "--no-reply"])
    assert result.exit_code == 0, result.output
    said = run(["undo", str(log)])
    assert said.exit_code == 0 and "engine's replies" not in said.output
    assert log.read_bytes() == before


def test_the_last_move_against_the_engine_says_once_that_the_game_is_over(
    tmp_path: Path,
) -> None:
    """The game's last move, the engine's reply or the person's own, said "The game is
    over" twice (the move's sentence of the final scores, then the compact board's last
    line, which says them too): once now, with the scores."""
    example = Path(__file__).parent.parent.parent / "examples" / "world-exchangers"
    log = tmp_path / "wx.yaml"
    log.write_bytes((example / "three-players.yaml").read_bytes())
    assert run(["undo", str(log)]).exit_code == 0  # ai: buy Quito
    assert run(["undo", str(log)]).exit_code == 0  # mei: sell Istanbul +cash 3
    for seat in ("ai", "louis"):
        assert run(["seat", str(log), seat, "--engine", "5"]).exit_code == 0
    result = run(["play", str(log), "mei", "sell", "Istanbul", "+cash", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    words = _flat(result.output)
    assert "move 39: ai: " in words and _replayed(log).final.is_over
    assert words.count("The game is over") == 1, result.output
    assert "final scores " in words
    assert run(["undo", str(log)]).exit_code == 0  # mei's move with ai's reply
    assert run(["seat", str(log), "ai", "--person"]).exit_code == 0
    assert run(["play", str(log), "mei", "sell", "Istanbul", "+cash", "3"]).exit_code == 0
    result = run(["play", str(log), "ai", "buy", "Quito"])
    assert result.exit_code == 0, result.output
    words = _flat(result.output)
    assert _replayed(log).final.is_over and words.count("The game is over") == 1, words
    assert "mei wins; final scores mei 6,100, ai 5,100, louis 3,300." in words  # as the log ends


@pytest.mark.parametrize("form", ["text", "markdown"])
def test_the_last_move_without_engine_seats_says_once_that_the_game_is_over(
    tmp_path: Path, form: str
) -> None:
    """Without engine seats play's report of the last move told the end twice (the move's
    sentence of the final scores, then "The game is over: mei wins." after the scores
    table): once now, last, after the table of the final scores."""
    example = Path(__file__).parent.parent.parent / "examples" / "world-exchangers"
    log = tmp_path / "wx.yaml"
    log.write_bytes((example / "three-players.yaml").read_bytes())
    assert run(["undo", str(log)]).exit_code == 0  # ai: buy Quito
    result = run(["play", str(log), "ai", "buy", "Quito", "--format", form])
    assert result.exit_code == 0, result.output
    words = _flat(result.output)
    assert _replayed(log).final.is_over
    assert words.count("The game is over") == 1, result.output
    assert words.count("mei wins") == 1, result.output
    assert "the year-end trend card" in words  # the move's other sentences stay
    assert words.index("Final scores") < words.index("The game is over: mei wins.")
    assert words.rstrip().endswith("The game is over: mei wins.")


def test_show_of_a_finished_game_heads_with_the_winner_and_the_year_end_gains() -> None:
    from forexcli.games.worldex.views import scores_of

    log = Path(__file__).parent.parent.parent / "examples" / "world-exchangers"
    result = run(["show", str(log / "three-players.yaml")])
    assert result.exit_code == 0, result.output
    played = _replayed(log / "three-players.yaml")
    state = played.final
    scores, _ = scores_of(state)
    best = min(range(len(state.players)), key=lambda seat: scores.ranks[seat])
    lines = result.output.splitlines()
    assert lines[1] == f"The game is over: {state.players[best].name} wins"
    gains = ", ".join(
        f"{player.name} {score.trend:+,}"
        for player, score in zip(state.players, scores.scores, strict=True)
    )
    assert _flat(result.output).count(f"/ 600; {gains} ") == 1


def test_the_compact_board_writes_a_thousand_as_every_report_does() -> None:
    """``cash 1,000`` (it said ``cash 1000`` beside the reports' ``1,000``)."""
    log = Path(__file__).parent.parent.parent / "examples" / "world-exchangers"
    played = _replayed(log / "three-players.yaml")
    states = [played.state_after(number) for number in range(played.moves + 1)]
    state = next(s for s in states if any(p.cash == 1000 for p in s.players))
    rich = next(player for player in state.players if player.cash == 1000)
    compact = played.log.game.compact_text(state, 80)
    assert compact is not None
    assert f"{rich.name} ({rich.role}): cash 1,000, media" in compact


def test_a_copy_saved_in_another_folder_reads_the_shipped_components(tmp_path: Path) -> None:
    """The log names the invented components by a path relative to the host's folder; a
    player's copy saved elsewhere (from a mail) reads the shipped ones by their SHA-256,
    and a path to other components that reaches no file is still refused."""
    log = _game(tmp_path)
    deep = tmp_path / "mail" / "saved" / "here"
    deep.mkdir(parents=True)
    copy = deep / "wx.yaml"
    copy.write_bytes(log.read_bytes())
    assert run(["validate", str(copy)]).exit_code == 0
    result = run(["play", str(copy), "ann", "buy", "Madrid", "--no-reply"])
    assert result.exit_code == 0, result.output
    text = copy.read_text()
    other = text.replace(text.split("sha256: ")[1].split()[0], "a" * 64)
    copy.write_text(other)
    refused = run(["validate", str(copy)])
    assert refused.exit_code == 1 and "components_unreadable" in refused.output


def test_hint_for_an_engine_seat_says_how_it_plays(tmp_path: Path) -> None:
    """``forex hint`` while the engine seat is to decide (after ``--no-reply``) says how to
    let it, as ``forex moves`` does; a person's hint does not."""
    log = _game(tmp_path)
    mine = run(["hint", str(log), "--simulations", "5"])
    assert mine.exit_code == 0 and "engine seat" not in mine.output
    result = run(["play", str(log), "ann", "buy", "Madrid", "--no-reply"])
    assert result.exit_code == 0, result.output
    said = run(["hint", str(log), "--simulations", "5"])
    assert said.exit_code == 0, said.output
    line = f"bot is an engine seat; let it decide: forex play {log} bot --engine"
    assert line in _flat(said.output)
    assert line in _flat(run(["moves", str(log)]).output)


def test_a_move_in_no_players_name_says_whose_names_are_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``forex play FILE ann ...`` with no player ann names the players and where to find
    who decides (it gave a hint about ``--at N`` that did not fit), with the path as given:
    run outside the log's folder, the hint named the file alone (``forex moves wx.yaml``),
    a command that failed where the person was."""
    (tmp_path / "games").mkdir()
    log = _game(tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    before = log.read_bytes()
    result = run(["play", "games/wx.yaml", "zed", "buy", "Madrid"])
    assert result.exit_code == 1 and "unknown_name" in result.output
    said = _flat(result.output)
    hint = "hint: play as one of ann, bot: forex moves games/wx.yaml says who decides now"
    assert hint in said
    assert "--at N" not in said and "Traceback" not in said
    assert log.read_bytes() == before
    assert run(["moves", "games/wx.yaml"]).exit_code == 0  # the printed command runs here


def test_a_second_card_too_dear_says_the_cash_left_after_the_first(tmp_path: Path) -> None:
    """``buy A, B +box`` that cannot pay B: the cash named is what is left after A (it read
    as the player's cash, which can pay B)."""
    log = _game(tmp_path)
    state = _replayed(log).final
    cash = state.players[0].cash
    cards = [state.components.city(name) for name in state.area]
    first, second = next(
        (a, b)
        for a in cards
        for b in cards
        if a is not b
        and a.base <= cash
        and b.base <= cash < a.base + b.base
        and any(c is not a and c.base <= cash - a.base for c in cards)  # a second is possible
    )
    result = run(["play", str(log), "ann", "buy", f"{first.name}, {second.name} +box"])
    assert result.exit_code == 1 and "insufficient_funds" in result.output
    left = cash - first.base
    said = _flat(result.output)
    assert f"ann holds {left} after {first.name} this turn; {second.name} costs" in said


def test_the_compact_board_between_two_cards_says_what_the_first_did() -> None:
    """Between the two cards of a turn the compact board showed the cash before the turn
    (the month's mark) and ``Next: ann to decide (second).``; now its last line says which
    card was bought and the cash so far, as the second card's prices are read against it."""
    from forexcli.games.worldex.game import WORLDEX
    from forexcli.games.worldex.rules import Buy, apply
    from tests.games.worldex.helpers import ai_and_louis

    state = apply(ai_and_louis(), Buy("ai", "Vienna", extra="box"))
    compact = WORLDEX.compact_text(state, 80)
    assert compact is not None
    assert "ai (Felix): cash 300, media" in compact  # the mark of month 0
    last = _flat(compact).split("Next: ")[-1]
    assert last == "ai to decide the second card to buy (Vienna bought: cash 300 -> 200 so far)."
