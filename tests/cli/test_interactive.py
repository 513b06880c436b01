"""``forex play FILE NAME`` without a decision (issue 43, item 5): the interactive game in a
real pseudo-terminal (pexpect), and what it says without a terminal (CliRunner)."""

from __future__ import annotations

import os
import random
import re
import shlex
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forexcli.cli.interactive import decision_candidates, next_words
from forexcli.record import files, gamelog
from tests.cli.test_commands import run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "two-players.yaml"
COMPONENTS = ROOT / "forexcli" / "games" / "worldex" / "data" / "invented-components.json"

PROMPT_STARTS = "\x1b[?2004h"
"""prompt_toolkit turns bracketed paste on when a prompt starts..."""
PROMPT_ENDS = "\x1b[?2004l"
"""... and off when the line is entered (or the prompt is left)."""
PROMPT_TEXT_ENDS = " >"
"""The end of the prompt's text (``NAME (move N) >``, ``NAME: accept or decline? >``; its
last space is drawn as a cursor move), drawn after ``PROMPT_STARTS``."""


def _replayed(path: Path) -> gamelog.Replay:
    return gamelog.replay(gamelog.read_log(files.read_bytes(str(path)), str(path)))


def _moves(path: Path) -> list[tuple[str, str]]:
    return [(entry.player, entry.text) for entry in _replayed(path).log.entries]


def _new(path: Path, *extra: str, players: str = "you,computer") -> Path:
    result = run(["new", str(path), "--players", players, "--seed", "7", *extra])
    assert result.exit_code == 0, result.output
    return path


class Loop:
    """``forex play FILE NAME ARGS`` in a pseudo-terminal of 80x24, as a person types."""

    def __init__(self, folder: Path, *args: str, sigint_ignored: bool = False) -> None:
        env = {
            **os.environ,
            "PROMPT_TOOLKIT_NO_CPR": "1",  # pexpect does not answer cursor position requests
            "TERM": "xterm",
            "PYTHONPATH": str(ROOT),
            "NO_COLOR": "1",
        }
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "forexcli.cli", "play", *args],
            cwd=str(folder),
            env=env,
            encoding="utf-8",
            timeout=120,
            dimensions=(24, 80),
            # as a non-interactive shell starts a background job: SIGINT ignored
            preexec_fn=_ignore_sigint if sigint_ignored else None,
        )
        self.said = ""
        self.prompt_text = ""
        """The last prompt's own text (``you (move 3)``)."""

    def prompt(self) -> str:
        """Wait for the next prompt; what was printed since the last one (escapes removed)."""
        index = self.child.expect_exact([PROMPT_STARTS, pexpect.EOF])
        self.said = _plain(self.child.before or "")
        if index == 1:
            raise AssertionError(f"the loop ended: {self.said}")
        # the prompt's own text drawn too: the loop reads what is typed from here on
        self.child.expect_exact(PROMPT_TEXT_ENDS)
        self.prompt_text = _plain(self.child.before or "")
        return self.said

    def enter(self, line: str) -> str:
        """Type ``line`` and Enter; what the loop printed until its next prompt."""
        self.child.send(line + "\r")
        self.child.expect_exact(PROMPT_ENDS)
        return self.prompt()

    def end(self) -> tuple[int | None, str]:
        """Wait for the loop to end: its exit status and what it printed."""
        try:
            self.child.expect(pexpect.EOF)
        except pexpect.TIMEOUT:
            raise AssertionError(f"the loop did not end: {self._state()}") from None
        said = _plain(self.child.before or "")
        self.child.close()
        return self.child.exitstatus, said

    def _state(self) -> str:
        """The child's state as Linux tells it (stopped, sleeping where, its signal masks):
        what a timeout needs to be understood."""
        try:
            status = Path(f"/proc/{self.child.pid}/status").read_text()
            wchan = Path(f"/proc/{self.child.pid}/wchan").read_text()
        except OSError as error:
            return f"no state: {error}"
        wanted = ("State", "SigBlk", "SigIgn", "SigCgt", "SigPnd", "ShdPnd", "Threads")
        kept = [line for line in status.splitlines() if line.split(":")[0] in wanted]
        return "; ".join([*kept, f"wchan {wchan}", f"printed {self.child.before!r}"])


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).replace("\r", "")


def test_a_game_in_the_loop_with_completion_hint_undo_and_ctrl_c(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "duel.yaml", "you", "--simulations", "20")
    said = loop.prompt()
    assert "duel.yaml as you:" in said and "Next: you to play." in said
    # Tab completes the decision word by word: "inv" becomes "invest"
    loop.child.send("inv")
    loop.child.send("\t")
    loop.child.expect_exact("est")  # drawn after "inv"
    said = loop.enter(" EUR")
    assert "move 1: you: invest EUR (added to duel.yaml)" in said
    assert "move 2: computer: " in said and "(the engine, 20 simulations)" in said
    assert [player for player, _ in _moves(log)] == ["you", "computer"]
    assert all(entry.digest for entry in _replayed(log).log.entries)
    # the engine's advice, at the loop's budget; nothing is written
    before = log.read_text()
    said = loop.enter("?")
    assert "the engine's best decisions (20 simulations)" in said
    assert log.read_text() == before
    # an illegal decision is refused with its problem and the file unchanged
    said = loop.enter("invest XYZ")
    assert "duel.yaml" in said and "move 3" in said
    assert log.read_text() == before
    # undo: the person's last decision and the engine's reply to it
    said = loop.enter("undo")
    assert "removed moves 1 to 2" in said
    assert _moves(log) == []
    said = loop.enter("invest USD")
    assert _moves(log)[0] == ("you", "invest USD") and len(_moves(log)) == 2
    # Ctrl-C at the prompt: every decision made is in the file already
    written = log.read_text()
    loop.child.sendcontrol("c")
    status, said = loop.end()
    assert status == 130
    assert "Interrupted: duel.yaml holds every decision made" in said
    assert log.read_text() == written
    # resumed: the board and the prompt of move 3, then the game to its end
    loop = Loop(tmp_path, "duel.yaml", "you", "--simulations", "20")
    said = loop.prompt()
    assert "Next: you to play." in said and len(_moves(log)) == 2
    rng = random.Random(5)
    typed = answered = 0
    while True:
        if "offer:" in log.read_text():  # the engine's offer: answered, not a decision
            loop.child.send("accept\r")
            answered += 1
        else:
            loop.child.send(rng.choice(_listed(log)) + "\r")
            typed += 1
        loop.child.expect_exact(PROMPT_ENDS)
        index = loop.child.expect_exact([PROMPT_STARTS, pexpect.EOF])
        if index == 1:
            said = _plain(loop.child.before or "")
            break
        assert typed < 200
    loop.child.close()
    assert loop.child.exitstatus == 0
    words = " ".join(said.split())
    assert words.count("The game is over") == 1, said  # said once, by the board
    assert re.search(r"The game is over: \S+( and \S+)* wins?; final scores \S+ \d+ ", words)
    played = _replayed(log)
    assert played.final.is_over
    assert run(["validate", str(log)]).exit_code == 0
    mine = sum(player == "you" for player, _ in _moves(log))
    assert typed == mine - 1  # one line a decision (move 1 was typed before the Ctrl-C)
    assert sum(player == "computer" for player, _ in _moves(log)) > 1


def _listed(log: Path) -> list[str]:
    """What ``forex moves --all`` lists for the person (each line as ``play`` takes it)."""
    listed = run(["moves", str(log), "--all"]).output.splitlines()
    return [line.strip() for line in listed if line.strip() and not line.startswith("#")]


def test_the_engines_open_offer_is_asked_as_accept_or_decline(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    offer = _an_offer_to_you(log)
    log.write_text(
        log.read_text().replace("moves: []", f"offer: {{player: computer, decision: {offer}}}"
                                "\nmoves: []")
    )  # fmt: skip
    assert run(["validate", str(log)]).exit_code == 0
    loop = Loop(tmp_path, "duel.yaml", "you", "--simulations", "20")
    said = loop.prompt()
    assert f"computer offers you: {offer.strip(chr(34))}" in said
    assert "accept or decline?" in loop.prompt_text
    before = log.read_text()
    said = " ".join(loop.enter("?").split())  # the person's advice: accept or decline
    assert "you to answer computer's offer at the start" in said
    assert re.search(r"1 (accept|decline) [\d.]+% .* 2 (accept|decline) [\d.]+%", said)
    assert re.search(r"To answer best: (accept|decline)\b", said)  # the prompt's words
    assert "forex play duel.yaml you" not in said
    assert log.read_text() == before
    said = loop.enter("accept")
    assert "you accepted the offer." in said
    assert _moves(log)[0] == ("computer", offer.strip('"'))
    assert "offer:" not in log.read_text()
    assert "Next: you to play." in said  # the board, the person's turn
    loop.child.send("quit\r")
    status, said = loop.end()
    assert status == 0 and f"forex play {log.name} you goes on" in said


def test_the_engines_offer_made_in_the_loop_is_told_once_before_the_prompt(
    tmp_path: Path,
) -> None:
    """The engine's offer made as the loop starts was told three times before the prompt:
    its reply line, the board's "Open offer:" and the loop's own "computer offers you:";
    now the loop adds nothing to what the replies said (on a resumed game it still tells
    the offer, as test_the_engines_open_offer_is_asked_as_accept_or_decline shows)."""
    log = tmp_path / "hope.yaml"
    log.write_bytes((ROOT / "tests" / "logs" / "valid" / "engine-hope-offer.yaml").read_bytes())
    loop = Loop(tmp_path, "hope.yaml", "you", "--simulations", "20")
    said = " ".join(loop.prompt().split())
    assert "offer:" in log.read_text() and "accept or decline?" in loop.prompt_text
    assert said.count("computer offers you: spot 1 GBP to you for 1.5 EUR; invest GBP") == 2
    assert "Open offer: computer offers you:" in said  # the board's, after the reply line
    assert "Next: you to answer computer's offer (accept or decline)." in said
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0


def _an_offer_to_you(log: Path) -> str:
    """A legal entry of ``computer`` that opens with a spot to ``you`` (quoted for YAML)."""
    from tests.cli.test_signed_offer_answer import _offer_to_you

    return f'"{_offer_to_you(log)}"'


def test_quit_and_a_game_over_end_the_loop(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "duel.yaml", "you")
    loop.prompt()
    loop.child.send("quit\r")
    status, said = loop.end()
    assert status == 0 and "Saved: duel.yaml holds every decision" in said
    assert _moves(log) == []


def test_the_loops_own_sentences_fit_the_terminal(tmp_path: Path) -> None:
    """The greeting, help, undo, quit: wrapped at spaces to the 80 columns of the terminal
    (a terminal would break an unwrapped line inside a word)."""
    _new(tmp_path / "a-game-with-a-long-name.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "a-game-with-a-long-name.yaml", "you")
    said = loop.prompt()
    said += loop.enter("help")
    said += loop.enter("undo")
    loop.child.send("quit\r")
    status, ended = loop.end()
    said += ended
    assert status == 0
    assert "undo (your last decision and the engine's replies to it), quit." in " ".join(
        said.split()
    )
    assert "you have no decision to undo" in said and "Saved: a-game-with-a-long-name.yaml" in said
    assert [line for line in said.splitlines() if len(line) > 80] == []


def test_the_hints_command_pasted_at_the_prompt_plays_its_decision(tmp_path: Path) -> None:
    """``?`` ends with ``To play the best: DECISION`` at the prompt (``forex play FILE you
    'DECISION'`` in the shell): that command pasted at the prompt plays DECISION (it was
    bad_notation); another command is explained."""
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "duel.yaml", "you", "--simulations", "20")
    loop.prompt()
    said = loop.enter("?")
    (best,) = re.findall(r"To play the best: (.*)", said)
    best = best.strip()
    said = loop.enter(f"forex play duel.yaml you {shlex.quote(best)}")
    assert "bad_notation" not in said
    assert _moves(log)[0] == ("you", best) and len(_moves(log)) == 2
    said = loop.enter("forex play other.yaml you resolve")
    assert "takes your decisions in duel.yaml alone" in " ".join(said.split())
    assert len(_moves(log)) == 2
    loop.child.send("quit\r")
    assert loop.end()[0] == 0


def test_a_signed_game_in_the_loop_signs_each_decision(tmp_path: Path) -> None:
    """With the person's key in the log every decision must be signed: the loop takes
    --sign --key and signs each (it took neither, and every decision was refused
    unsigned); without --sign it says so at the start."""
    from tests.record.test_signing import make_key

    key = make_key(tmp_path, "you")
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--key-for", f"you={key}.pub")
    loop = Loop(tmp_path, "duel.yaml", "you")
    said = " ".join(loop.prompt().split())
    assert "you sign your moves in this game: quit and run forex play duel.yaml you --sign" in said
    loop.child.send("quit\r")
    assert loop.end()[0] == 0
    loop = Loop(tmp_path, "duel.yaml", "you", "--sign", "--key", str(key))
    said = loop.prompt()
    assert "you sign your moves" not in " ".join(said.split())
    said = loop.enter("invest EUR")
    assert "unsigned_move" not in said and "move 2: computer: " in said
    entries = _replayed(log).log.entries
    assert [(e.player, bool(e.sig)) for e in entries] == [("you", True), ("computer", False)]
    assert run(["validate", str(log)]).exit_code == 0
    said = loop.enter("undo")
    assert _moves(log) == []
    loop.child.send("quit\r")
    status, said = loop.end()
    assert status == 0
    # the command that goes on signs too (it named forex play duel.yaml you alone, whose
    # decisions were then refused unsigned)
    assert f"forex play duel.yaml you --sign --key {key} goes on." in " ".join(said.split())


def test_world_exchangers_in_the_loop(tmp_path: Path) -> None:
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", "bot:20"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    loop = Loop(tmp_path, "wx.yaml", "ann", "--simulations", "20")
    loop.prompt()
    loop.child.send("buy Pr")
    loop.child.send("\t")
    loop.child.expect_exact("ague")  # drawn after "Pr"
    said = loop.enter("")
    assert "move 2: bot: " in said
    assert [player for player, _ in _moves(log)][:2] == ["ann", "bot"]
    assert _moves(log)[0] == ("ann", "buy Prague")
    said = loop.enter("hint")
    assert "20 simulations" in said
    said = loop.enter("undo")
    assert _moves(log) == []
    loop.child.sendcontrol("c")
    status, _ = loop.end()
    assert status == 130 and _moves(log) == []


def test_help_in_a_signed_world_exchangers_game_tells_no_offers(tmp_path: Path) -> None:
    """help in a signed World Exchangers game against the computer said that accept
    countersigns the move a seat offers: the game has no such moves; it tells the keys."""
    from tests.record.test_signing import make_key

    keys = {name: make_key(tmp_path, name) for name in ("ann", "bot")}
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", "bot:5"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    signing = ("--sign", "--key", str(keys["ann"]), "--key-for-seat", f"bot={keys['bot']}")
    loop = Loop(tmp_path, "wx.yaml", "ann", *signing)
    loop.prompt()
    assert "move 2: bot: " in loop.enter("buy Prague")
    said = " ".join(loop.enter("help").split())
    assert "--key-for-seat SEAT=FILE" in said and "their moves signed" in said
    assert "accept" not in said and "decline" not in said and "offers you" not in said
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0
    assert set(_replayed(log).log.entries[1].sig or {}) == {"bot"}


def test_the_end_of_a_world_exchangers_game_in_the_loop_is_said_once(tmp_path: Path) -> None:
    """The last move in the loop said "The game is over" three times: the move's sentence
    of the final scores, the compact board's last line, the loop's own; now the board's."""
    log = tmp_path / "wx.yaml"
    log.write_bytes((ROOT / "examples" / "world-exchangers" / "three-players.yaml").read_bytes())
    assert run(["undo", str(log)]).exit_code == 0  # ai: buy Quito, the last move
    for seat in ("louis", "mei"):
        assert run(["seat", str(log), seat, "--engine", "5"]).exit_code == 0
    loop = Loop(tmp_path, "wx.yaml", "ai")
    loop.prompt()
    loop.child.send("buy Quito\r")
    status, said = loop.end()
    assert status == 0 and _replayed(log).final.is_over
    words = " ".join(said.split())
    assert words.count("The game is over") == 1, said
    assert "The game is over: mei wins; final scores mei 6,100, ai 5,100, louis 3,300." in words


def test_the_end_of_a_for_ex_game_is_said_once_on_the_compact_board(tmp_path: Path) -> None:
    """At the end of a For-Ex game against the computer the loop showed an empty "Queue,
    front first:", then "Next: game over, ben wins." and "The game is over: ben won.": now
    the board's last line says it once, with the final scores (as forex show has them),
    and the loop adds nothing."""
    from forexcli.cli.interactive import _result

    log = tmp_path / "two.yaml"
    log.write_bytes((ROOT / "examples" / "two-players.yaml").read_bytes())
    played = _replayed(log)
    compact = played.log.game.compact_text(played.final, 80)
    assert compact is not None
    board = compact.splitlines()
    assert board[-1] == "The game is over: ben wins; final scores ben 39 GBP, ada 32 GBP."
    assert not any(line.startswith(("Queue, front first:", "Next:")) for line in board)
    assert _result(str(log)) is None  # the loop's own line would say it twice


def test_a_word_the_prompt_does_not_know_is_told_its_words(tmp_path: Path) -> None:
    """A single word that is neither a decision nor the prompt's (``clear``) is refused as
    a decision and the prompt's own words are said; a wrong decision of several words is
    only refused.  ``rules`` is one of them: the rules in short of the game played."""
    log = tmp_path / "wx.yaml"
    result = run(
        ["new", str(log), "--game", "world-exchangers", "--players", "ann,bot", "--seed", "4",
         "--first", "ann", "--components", str(COMPONENTS), "--engine", "bot:5"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    loop = Loop(tmp_path, "wx.yaml", "ann")
    loop.prompt()
    said = _plain(loop.enter("clear"))
    assert "bad_notation" in said
    assert "This prompt's own words: ? (or hint), moves, show, rules, undo, help, quit" in said
    said = _plain(loop.enter("buy Atlantis"))
    assert "unknown_name" in said and "own words" not in said
    said = _plain(loop.enter("rules"))  # the rules of the game played, not For-Ex's
    assert "World Exchangers: the rules in short" in said and "For-Ex" not in said
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0 and _moves(log) == []


# --------------------------------------------------------------------------- no terminal


def test_without_a_terminal_it_says_what_to_type_instead(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    before = log.read_text()
    result = run(["play", str(log), "you"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert f"forex play {log} you DECISION" in said
    assert f"forex moves {log} lists them" in said
    assert "On a terminal" in said and "interactive game" in said
    assert log.read_text() == before


@pytest.mark.parametrize(
    ("name", "words"),
    [("bob", "bob is not a player of"), ("You", "You is not a player of")],
)
def test_without_a_terminal_a_wrong_name_is_said_so(tmp_path: Path, name: str, words: str) -> None:
    """Not the DECISION to give for a name that is no player's: that it is none (and the
    name it is close to)."""
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    before = log.read_text()
    result = run(["play", str(log), name])
    assert result.exit_code == 2 and "Traceback" not in result.output
    said = " ".join(result.output.split())
    assert f"{words} {log} (you, computer)" in said
    assert ("did you mean you?" in said) == (name == "You")
    assert "DECISION" not in said.split("Error:")[1]
    assert log.read_text() == before


def test_without_a_terminal_a_finished_game_is_said_over(tmp_path: Path) -> None:
    log = tmp_path / "done.yaml"
    log.write_text(EXAMPLE.read_text())
    result = run(["play", str(log), "ada"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert f"the game in {log} is over" in said and f"forex show {log}" in said
    assert "DECISION" not in said.split("Error:")[1]


def test_without_a_terminal_an_open_offer_is_answered_in_one_command(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    offer = _an_offer_to_you(log)
    log.write_text(
        log.read_text().replace("moves: []", f"offer: {{player: computer, decision: {offer}}}"
                                "\nmoves: []")
    )  # fmt: skip
    result = run(["play", str(log), "you"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert f"forex play {log} you accept (or decline)" in said


def test_the_completion_continues_the_line_with_legal_decisions(tmp_path: Path) -> None:
    log = str(_new(tmp_path / "duel.yaml", "--engine", "computer:20"))
    first = next_words("", decision_candidates(log, "you", ""))
    assert {"spot", "contract", "invest"} <= set(first) and "computer" not in first
    assert next_words("inv", decision_candidates(log, "you", "inv")) == ["est"]
    currencies = next_words("invest ", decision_candidates(log, "you", "invest "))
    assert "GBP" in currencies and all(len(word) == 3 for word in currencies)
    spot = next(c for c in decision_candidates(log, "you", "spot") if " to computer " in c)
    after = next_words(spot + ";", decision_candidates(log, "you", spot + ";"))
    assert " invest" in after and not any(word.strip() == "spot" for word in after)
    assert decision_candidates(log, "you", "spot 99 GBP to computer for 1 EUR; ") == []
    assert decision_candidates(log, "computer", "") == []  # not computer's turn


def _interrupted_during_the_engines_reply(folder: Path, *, sigint_ignored: bool) -> Path:
    """Ctrl-C as the engine searches its reply to the person's first decision: the loop
    ends (130), the decision kept; the log."""
    log = _new(folder / "duel.yaml", "--engine", "computer:30s")
    loop = Loop(folder, "duel.yaml", "you", sigint_ignored=sigint_ignored)
    loop.prompt()
    loop.child.send("invest EUR\r")
    loop.child.expect_exact("(added to duel.yaml)")  # written; the engine now searches
    loop.child.sendcontrol("c")
    status, said = loop.end()
    assert status == 130 and "Interrupted: duel.yaml holds every decision made" in said
    assert _moves(log) == [("you", "invest EUR")]
    return log


def test_ctrl_c_during_the_engines_reply_keeps_the_decision_and_resumes(tmp_path: Path) -> None:
    log = _interrupted_during_the_engines_reply(tmp_path, sigint_ignored=False)
    assert run(["validate", str(log)]).exit_code == 0
    # resumed at a budget of simulations: the engine replies first, then the prompt
    log.write_text(log.read_text().replace("{computer: 30s}", "{computer: 20}"))
    loop = Loop(tmp_path, "duel.yaml", "you")
    said = loop.prompt()
    assert "move 2: computer: " in said and "Next: you to play." in said
    assert [player for player, _ in _moves(log)] == ["you", "computer"]
    loop.child.send("quit\r")
    assert loop.end()[0] == 0


def test_ctrl_c_interrupts_the_engine_even_when_started_with_sigint_ignored(
    tmp_path: Path,
) -> None:
    """Started from a shell that ignores SIGINT (a background job of a script), Ctrl-C during
    the engine's reply was ignored: the engine searched its 30 s and played on (what the
    full suite met when run in the background)."""
    _interrupted_during_the_engines_reply(tmp_path, sigint_ignored=True)


@pytest.mark.parametrize(
    ("name", "words"), [("dave", "dave is not a player"), ("computer", "is an engine seat")]
)
def test_the_loop_is_for_a_persons_seat(tmp_path: Path, name: str, words: str) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "duel.yaml", name)
    status, said = loop.end()
    assert status == 2 and words in " ".join(said.split())
    assert _moves(log) == []


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[str]]:
    """A new game and every decision ``you`` may make first, as ``play`` takes it."""
    log = _new(tmp_path_factory.mktemp("started") / "duel.yaml", "--engine", "computer:20")
    played = _replayed(log)
    game = played.log.game
    return str(log), [game.write([decision]) for decision in game.legal(played.final)]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_completing_a_prefix_offers_the_rest_of_its_word(
    started: tuple[str, list[str]], data: st.DataObject
) -> None:
    log, written = started
    decision = data.draw(st.sampled_from(written))
    typed = decision[: data.draw(st.integers(0, len(decision) - 1))]
    rest = decision[len(typed) :]
    skip = len(rest) - len(rest.lstrip(" "))
    end = rest.find(" ", skip)
    word = rest if end < 0 else rest[:end]
    offered = next_words(typed, decision_candidates(log, "you", typed))
    assert word in offered
    assert all((typed + tail).strip() for tail in offered)


def test_a_declined_offer_has_the_engine_choose_again_in_the_loop(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20", "--first", "computer")
    offer = _an_offer_to_you(log)
    log.write_text(
        log.read_text().replace("moves: []", f"offer: {{player: computer, decision: {offer}}}"
                                "\nmoves: []")
    )  # fmt: skip
    loop = Loop(tmp_path, "duel.yaml", "you", "--simulations", "20")
    loop.prompt()
    said = loop.enter("decline")
    assert "you declined the offer." in said
    text = log.read_text()
    moves = _moves(log)
    if moves:  # the engine chose a move instead
        assert moves[0][0] == "computer" and moves[0][1] != offer.strip('"')
    else:  # or another offer, the declined one recorded
        assert "declined:" in text and offer.strip('"') in text
    assert run(["validate", str(log)]).exit_code == 0
    loop.child.send("quit\r")
    assert loop.end()[0] == 0


def test_a_log_broken_under_the_loop_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    log = _new(tmp_path / "duel.yaml", "--engine", "computer:20")
    loop = Loop(tmp_path, "duel.yaml", "you")
    loop.prompt()
    log.write_text(log.read_text().replace("moves: []", "moves: [{you: invest XYZ}]"))
    loop.child.send("show\r")
    status, said = loop.end()
    assert status == 1 and "duel.yaml:" in said and "Traceback" not in said


def test_the_prompts_hints_say_its_own_words_not_shell_commands(tmp_path: Path) -> None:
    """At the prompt, the hint said "To play the best: forex play duel.yaml me '...'" and a
    decision it cannot read "forex moves duel.yaml lists the decisions": shell commands; now
    the prompt's words, the bare decision and ``moves`` (the commands stay in the shell)."""
    _new(tmp_path / "duel.yaml", "--engine", "computer:20", players="me,computer")
    loop = Loop(tmp_path, "duel.yaml", "me", "--simulations", "20")
    loop.prompt()
    said = " ".join(loop.enter("?").split())
    assert "To play the best: invest " in said and "forex play" not in said
    said = " ".join(loop.enter("invest XYZ").split())
    assert "bad_notation" in said and "hint: moves lists the decisions legal now" in said
    assert "forex moves" not in said
    said = loop.enter("rules")
    assert "For-Ex: the rules in short" in said and "bad_notation" not in said
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0
    shell = run(["play", str(tmp_path / "duel.yaml"), "me", "invest XYZ"])
    assert f"forex moves {tmp_path / 'duel.yaml'} lists" in " ".join(shell.output.split())


def test_the_prompts_help_and_rules_say_its_words_not_shell_commands(tmp_path: Path) -> None:
    """At the prompt, help said "Tab completes it: forex moves lists them" and rules ended
    "forex moves FILE lists every decision": shell commands; now the prompt's ``moves``
    (and the shell's ``forex rules`` still says the commands)."""
    _new(tmp_path / "duel.yaml", players="me,computer")
    loop = Loop(tmp_path, "duel.yaml", "me")
    loop.prompt()
    said = " ".join(_plain(loop.enter("help")).split())
    assert "Tab completes it: moves lists them" in said and "forex moves" not in said
    said = " ".join(_plain(loop.enter("rules")).split())
    assert "For-Ex: the rules in short" in said and "forex " not in said
    assert said.endswith(
        "In this game: moves lists every decision legal now, written as this prompt takes it"
        " (Tab completes it), ? (or hint) asks the engine, and help tells the prompt's other"
        " words."
    ), said
    loop.child.send("quit\r")
    status, _ = loop.end()
    assert status == 0
    shell = " ".join(run(["rules"]).output.split())
    assert "In a game: forex moves FILE lists every decision legal now" in shell


def test_prompt_words_turn_this_games_commands_into_the_prompts() -> None:
    from forexcli.cli.interactive import prompt_words

    said = prompt_words(
        "g.yaml",
        "me",
        "To play the best: forex play g.yaml me 'invest GBP USD'; me answers: forex play"
        " g.yaml me accept (or decline); forex moves g.yaml --at 3 lists them; forex play"
        " g.yaml me DECISION; forex play g.yaml computer --engine; forex moves other.yaml",
    )
    assert said == (
        "To play the best: invest GBP USD; me answers: accept (or decline); moves --at 3"
        " lists them; a decision; forex play g.yaml computer --engine; forex moves other.yaml"
    )
