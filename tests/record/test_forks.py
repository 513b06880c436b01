"""Forks: ``forexcli.record.forks.compare``."""

from __future__ import annotations

import shutil
from pathlib import Path

from forexcli.record import gamelog
from forexcli.record.forks import ForkReport, compare
from tests.games.forex.test_catchup import log_text, play, scripted_entries, write_log

SHARED = scripted_entries(9, seed=7)
MORE = scripted_entries(12, seed=7)[9:]


def _compare_texts(text_a: str, text_b: str) -> ForkReport:
    return compare(gamelog.read_log(text_a, "a.yaml"), gamelog.read_log(text_b, "b.yaml"))


def _two_files(tmp_path: Path) -> tuple[Path, Path]:
    """a.yaml and b.yaml, both the shared moves played with digests."""
    a = write_log(tmp_path / "a.yaml")
    play(a, SHARED, digest=True)
    b = tmp_path / "b.yaml"
    shutil.copyfile(a, b)
    return a, b


def _load_compare(a: Path, b: Path) -> ForkReport:
    return compare(gamelog.load(a, "a.yaml"), gamelog.load(b, "b.yaml"))


def test_identical_logs() -> None:
    text = log_text(SHARED)
    report = _compare_texts(text, text)
    assert report.kind == "identical" and report.identical and report.same_game
    assert report.common == len(SHARED)
    assert report.parted_at is None
    assert report.a.legal and report.b.legal
    assert report.a.next_entry is None and report.b.next_entry is None
    assert report.continue_from == ()
    assert report.sentence.startswith(f"a.yaml and b.yaml hold the same {len(SHARED)} moves.")
    assert report.to_decide is not None and f"Next: {report.to_decide}." in report.sentence


def test_identical_decisions_written_differently() -> None:
    block = log_text([("alice", "invest USD"), ("bob", "invest EUR")])
    flow = block.replace(
        "moves:\n  - alice: invest USD\n  - bob: invest EUR\n",
        "moves: [{alice: 'invest USD'}, {\"bob\": invest EUR}]\n",
    )
    assert flow != block
    report = _compare_texts(block, flow)
    assert report.kind == "identical" and report.common == 2


def test_notes_and_titles_do_not_make_a_fork() -> None:
    a = log_text(SHARED, notes={2: "good move"})
    b = log_text(SHARED, notes={2: "bad move", 4: "hm"}, title="Friday club (copy)")
    report = _compare_texts(a, b)
    assert report.kind == "identical"
    assert report.note_differences == (2, 4)
    assert report.header_differences == ("title",)
    assert "Their notes differ at moves 2, 4." in report.sentence
    assert "Their headers differ in title." in report.sentence


def test_one_log_is_a_prefix_of_the_other(tmp_path: Path) -> None:
    a, b = _two_files(tmp_path)
    play(a, MORE, digest=True)
    report = _load_compare(a, b)
    assert report.kind == "prefix" and report.same_game
    assert report.common == len(SHARED)
    assert report.parted_at == len(SHARED) + 1
    assert report.a.moves == len(SHARED) + len(MORE) and report.b.moves == len(SHARED)
    assert report.a.next_entry is not None and report.a.next_entry.number == len(SHARED) + 1
    assert report.b.next_entry is None
    assert report.continue_from == ("a.yaml",)
    assert report.sentence == (
        f"b.yaml holds the first {len(SHARED)} moves of a.yaml; a.yaml goes on with moves"
        f" {len(SHARED) + 1} to {len(SHARED) + len(MORE)}. They do not conflict: continue"
        " from a.yaml."
    )
    # The other way round names the same files in their roles.
    swapped = _load_compare(b, a)
    assert swapped.kind == "prefix" and swapped.continue_from == ("b.yaml",)


def test_a_copy_of_one_move_is_said_as_a_person_says_it() -> None:
    one, two = SHARED[:1], SHARED[:2]
    report = _compare_texts(log_text(one), log_text(two))
    assert report.kind == "prefix" and report.common == 1
    assert report.sentence.startswith(
        "a.yaml holds the first move of b.yaml; b.yaml goes on with move 2."
    )


def test_prefix_whose_continuation_is_illegal() -> None:
    state_player = SHARED[-1][0]
    bad = [*SHARED, (state_player, "resolve")]  # the same player twice in a row
    report = _compare_texts(log_text(bad), log_text(SHARED))
    assert report.kind == "prefix"
    assert not report.a.legal and report.b.legal
    assert report.continue_from == ()
    assert "a.yaml's continuation is illegal: move 10:" in report.sentence
    assert report.sentence.endswith("continue from b.yaml.")


def test_two_players_answered_the_same_mail(tmp_path: Path) -> None:
    a, b = _two_files(tmp_path)
    shared = gamelog.replay(gamelog.load(a))
    to_play = shared.final.pending_player
    assert to_play is not None
    other = next(p for p in shared.log.players if p != to_play)
    # The right player answers in a.yaml; another player answers the same mail in b.yaml.
    play(a, MORE[:1])
    assert MORE[0][0] == to_play
    b.write_text(b.read_text() + f"  - {other}: resolve\n")
    report = _load_compare(a, b)
    assert report.kind == "fork"
    assert report.common == len(SHARED) and report.parted_at == len(SHARED) + 1
    assert report.a.legal and not report.b.legal
    assert report.b.problem is not None and report.b.problem.code == "not_your_turn"
    assert report.continue_from == ("a.yaml",)
    n = len(SHARED)
    assert report.sentence.startswith(
        f"a.yaml and b.yaml agree on moves 1 to {n} and part at move {n + 1}: a.yaml has"
        f" {to_play}: {MORE[0][1]}, b.yaml has {other}: resolve."
    )
    assert f"After move {n}: {report.to_decide}." in report.sentence
    assert report.to_decide is not None and report.to_decide.startswith(to_play)
    assert "Only a.yaml's continuation is legal (b.yaml's is illegal:" in report.sentence
    assert report.sentence.endswith("continue from a.yaml.")


def test_both_continuations_legal() -> None:
    state_player = "alice"
    a = log_text([(state_player, "invest USD")])
    b = log_text([(state_player, "invest EUR"), ("bob", "invest GBP")])
    report = _compare_texts(a, b)
    assert report.kind == "fork" and report.common == 0 and report.parted_at == 1
    assert report.a.legal and report.b.legal
    assert report.continue_from == ("a.yaml", "b.yaml")
    assert "part from the start, at move 1" in report.sentence
    assert "At the start: alice to play." in report.sentence
    assert "Both continuations are legal at move 1: the players must agree which one stands." in (
        report.sentence
    )


def test_a_continuation_legal_at_first_then_illegal() -> None:
    a = log_text([("alice", "invest USD"), ("bob", "invest GBP"), ("bob", "resolve")])
    b = log_text([("bob", "invest GBP")])
    report = _compare_texts(a, b)
    assert report.kind == "fork" and report.common == 0
    assert report.a.answers and not report.a.legal and report.a.legal_moves == 2
    assert not report.b.answers
    assert report.continue_from == ("a.yaml",)
    assert "(b.yaml's is illegal: move 1: bob:" in report.sentence
    assert report.sentence.endswith("continue from a.yaml (undo its moves from 3 on).")
    # As a prefix: the longer log's legal moves are kept.
    report = _compare_texts(a, log_text([("alice", "invest USD")]))
    assert report.kind == "prefix" and report.continue_from == ("a.yaml",)
    assert "a.yaml's continuation is legal up to move 2, then illegal: move 3:" in (report.sentence)
    assert report.sentence.endswith("continue from a.yaml (undo its moves from 3 on).")


def test_neither_continuation_legal() -> None:
    a = log_text([("alice", "invest USD"), ("alice", "invest EUR")])
    b = log_text([("alice", "invest USD"), ("carol", "invest EUR")])
    report = _compare_texts(a, b)
    assert report.kind == "fork" and report.common == 1
    assert not report.a.legal and not report.b.legal
    assert report.continue_from == ()
    assert "Neither continuation is legal" in report.sentence


def test_shared_moves_already_illegal() -> None:
    broken = [("alice", "invest USD"), ("carol", "invest EUR")]
    a = log_text([*broken, ("alice", "resolve")])
    b = log_text([*broken, ("bob", "resolve")])
    report = _compare_texts(a, b)
    assert report.kind == "fork" and report.common == 2
    assert "The shared moves already break the rules: move 2: carol:" in report.sentence
    assert "continuation" not in report.sentence
    assert report.to_decide is None


def test_different_games() -> None:
    a = log_text(SHARED)
    b = log_text(SHARED, players=("alice", "bob", "carol", "dave"))
    report = _compare_texts(a, b)
    assert report.kind == "different_games" and not report.same_game
    assert report.common == 0 and report.parted_at is None
    assert report.setup_differences == (
        "players: a.yaml has alice, bob, carol; b.yaml has alice, bob, carol, dave",
    )
    assert report.sentence == (
        "a.yaml and b.yaml are different games, not a fork: their set-up differs in players."
    )
    assert report.setup_values == (("players", "alice, bob, carol", "alice, bob, carol, dave"),)
    removed = log_text(SHARED).replace("CAD: 1}", "CNY: 1}")
    assert "CAD: 1}" in log_text(SHARED)
    report = _compare_texts(a, removed)
    assert report.kind == "different_games"
    ((name, in_a, in_b),) = report.setup_values
    assert name == "removed" and in_a.endswith("1 CAD") and in_b.endswith("1 CNY")
    assert report.setup_differences == (f"removed: a.yaml has {in_a}; b.yaml has {in_b}",)
    assert report.sentence.endswith("their set-up differs in removed certificates.")
    house = log_text(SHARED, extra_header="house_rules: {rounding: total}")
    report = _compare_texts(a, house)
    assert report.kind == "different_games"
    assert report.setup_values == (
        ("house_rules", "rounding=each, merged_loan=keep", "rounding=total, merged_loan=keep"),
    )
    # Rules written out as the defaults are the same game as rules left out.
    explicit = log_text(SHARED, extra_header="house_rules: {rounding: each, merged_loan: keep}")
    assert _compare_texts(a, explicit).kind == "identical"
    first = log_text(SHARED, extra_header="first: bob")
    assert _compare_texts(a, first).setup_differences == (
        "first: a.yaml has alice; b.yaml has bob",
    )


def test_a_forged_copy_is_named(tmp_path: Path) -> None:
    a, b = _two_files(tmp_path)
    # In b.yaml someone rewrote the partner of the spot in move 3; every move still replays.
    assert SHARED[2] == ("carol", "spot 1 EUR to alice for 1 USD; resolve")
    text = b.read_text()
    forged = text.replace(
        "spot 1 EUR to alice for 1 USD; resolve", "spot 1 EUR to bob for 1 USD; resolve", 1
    )
    assert forged != text
    b.write_text(forged)
    assert gamelog.replay(gamelog.load(b)).problem is None
    report = _load_compare(a, b)
    assert report.kind == "fork" and report.common == 2
    assert report.b.digest_problem is not None and report.b.digest_problem.entry == 3
    assert report.a.digest_problem is None
    assert "b.yaml's recorded digests stop matching at move 3" in report.sentence


def test_sentence_is_escaped() -> None:
    a = gamelog.read_log(log_text(SHARED), "a\x1b[2J.yaml")
    b = gamelog.read_log(log_text(SHARED[:3]), "b.yaml")
    report = compare(a, b)
    assert "\x1b" not in report.sentence and "a\\x1b[2J.yaml" in report.sentence
    assert report.a.label == "a\\x1b[2J.yaml"
    assert report.a.filename == "a\x1b[2J.yaml"


def test_one_comparison_for_every_game() -> None:
    """``compare`` judges a World Exchangers pair as it judges For-Ex's (a ``ForkReport``),
    and ``plain_data`` words that report as ``diff`` shows it for such a game."""
    from pathlib import Path

    from msgspec.structs import replace

    from forexcli.record import gamelog
    from forexcli.record.forks import plain_data, relate

    path = Path(__file__).resolve().parents[2] / "examples" / "world-exchangers"
    full = gamelog.load(path / "three-players.yaml")
    cut = replace(full, filename="cut.yaml", entries=full.entries[:5])
    report = compare(cut, full)
    assert (report.kind, report.common, report.parted_at) == ("prefix", 5, 6)
    data = plain_data(report)
    assert data["kind"] == "ahead" and data["common"] == 5
    assert data["text"].startswith(f"{full.filename} goes on from cut.yaml: they agree on")
    assert relate(cut, full).data == data
    same = compare(full, full)
    assert same.identical and plain_data(same)["kind"] == "same"
