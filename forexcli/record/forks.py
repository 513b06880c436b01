"""Forks: two copies of one game that have parted (two players answered the same mail).

``compare(log_a, log_b)`` replays both logs and tells where they part and
which continuation is legal::

    a.yaml and b.yaml agree on moves 1 to 12 and part at move 13: a.yaml has
    bob: invest USD, b.yaml has carol: resolve. After move 12 carol was to play.
    Only b.yaml's continuation is legal: continue from b.yaml.

Entries are the same when the same player made the same decision (as the
engine reads it: spacing and number style do not matter).  Notes and digests
do not make a fork; differing notes in the shared moves are listed.  Two logs
whose set-up differs (the fields the game names, in its words: ``Game.setup_name``)
are different games, not a fork.

That report is for a game that says which header fields make its set-up
(``Game.setup_fields``). For any other game ``compare`` compares
the entries as the game's notation reads them and the headers but for their free
text, and ``plain_data`` words the same report (``relate`` picks the wording).
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from ..words import possessive, says
from .digests import check_digests
from .entry import Entry
from .gamelog import GameLog, Replay, replay
from .problems import LogError, Problem, command_path, moves_text
from .problems import printable as clean
from .schemaparts import GAME_ID_FIELD

OTHER_FIELDS = ("title", "site", "started", "finished", "contacts")
"""Header fields that describe the game (its free text and the players' contacts); a
difference is reported, not a fork, and for a game that does not compare set-ups not a
difference of game either."""

SEAT_FIELDS = ("engines", "offer")
"""Header fields that change during a game without changing which game it is (the engine
seats ``forex seat`` hands over, an engine's open offer): never its set-up."""

SIGNING_FIELDS = ("keys", "signatures")
"""The header's signing (the players' keys, how strict the table is): a difference is told
(whose key differs, which copy not to continue from), never a difference of game."""


class Side(Struct, frozen=True):
    """One of the two logs, seen from the fork.

    ``next_entry`` is its first entry after the shared moves (None when it
    has no more); ``answers`` is True when that entry is legal; ``legal`` is
    True when every entry of the log replays (``problem`` is the first that
    does not); ``digest_problem`` the first recorded digest that does not
    match.
    """

    filename: str
    common: int
    moves: int
    legal_moves: int
    next_entry: Entry | None
    legal: bool
    problem: Problem | None
    digest_problem: Problem | None
    replay: Replay | None
    signature_problem: Problem | None = None
    """In a signed game, the first signature problem of its legal moves (an edit told once,
    as ``validate`` tells it); None when every signature verifies or the game is unsigned."""
    signed: bool = False
    """True for a signed game (keys, signatures or ``signatures: required`` in its log)."""

    @property
    def answers(self) -> bool:
        """True when its first entry after the shared moves is legal."""
        return self.next_entry is not None and self.legal_moves > self.common

    @property
    def label(self) -> str:
        """The file name, escaped for a terminal."""
        return clean(self.filename)


class ForkReport(Struct, frozen=True):
    """How two logs of a game relate; ``kind`` is one of ``KINDS``.

    ``common`` is the number of leading entries they share (0 for different
    games), ``sentence`` says it all for a person (text escaped for a
    terminal with ``catchup.clean``).
    """

    kind: str
    common: int
    a: Side
    b: Side
    setup_differences: tuple[str, ...]
    header_differences: tuple[str, ...]
    note_differences: tuple[int, ...]
    to_decide: str | None
    sentence: str
    setup_values: tuple[tuple[str, str, str], ...] = ()
    """For different games: each differing set-up field, with its value in A and in B."""

    KINDS = ("identical", "prefix", "fork", "different_games")

    @property
    def same_game(self) -> bool:
        """False when the set-up differs."""
        return self.kind != "different_games"

    @property
    def identical(self) -> bool:
        """Both logs hold the same decisions."""
        return self.kind == "identical"

    @property
    def parted_at(self) -> int | None:
        """The first entry number where the logs differ (None when neither goes further)."""
        if self.kind in ("identical", "different_games"):
            return None
        return self.common + 1

    @property
    def continue_from(self) -> tuple[str, ...]:
        """The file(s) whose first move after the shared ones is legal (empty: neither).

        A file whose later moves are illegal still counts: see ``Side.legal``.
        """
        return tuple(s.filename for s in (self.a, self.b) if s.answers)


def _same_entry(x: Entry, y: Entry) -> bool:
    """The same decider and decisions (as the game reads the notation: its ``written`` when
    it keeps one)."""
    if x.key != y.key:
        return False
    if x.written is not None and y.written is not None:
        return bool(x.written == y.written)
    return bool(x.decisions == y.decisions)


def _setup(log: GameLog) -> dict[str, Any]:
    fields = log.game.setup_fields(log.header)
    assert fields is not None, "compared only for a game that compares set-ups"
    return fields


def setup_value(log: GameLog, name: str, value: Any) -> str:
    """One set-up field of ``log``'s game as a person reads it (``Game.setup_value``; the
    game id as it is written, ``none`` when the header has none)."""
    if name == GAME_ID_FIELD:
        return "none" if value is None else str(value)
    return log.game.setup_value(name, value)


def setup_name(log: GameLog, name: str) -> str:
    """One set-up field's name as a sentence says it (``Game.setup_name``; ``game id``)."""
    return "game id" if name == GAME_ID_FIELD else log.game.setup_name(name)


def _side(log: GameLog, common: int) -> Side:
    played: Replay | None = None
    try:
        played = replay(log)
        problem = played.problem
    except LogError as error:
        problem = error.problems[0]
    legal_moves = len(played.states) if played else 0
    digest_problem = check_digests(played) if played else None
    next_entry = log.entries[common] if len(log.entries) > common else None
    signed, signature_problem = _signatures(played)
    return Side(
        log.filename,
        common,
        len(log.entries),
        legal_moves,
        next_entry,
        problem is None,
        problem,
        digest_problem,
        played,
        signature_problem,
        signed,
    )


def _signatures(played: Replay | None) -> tuple[bool, Problem | None]:
    """Whether the replayed log is a signed game, and its first signature error (an edit
    told once, ``signing.one_edit``)."""
    from .signing import check_signatures, one_edit, signed_game

    if played is None or not signed_game(played.log):
        return False, None
    errors = one_edit(played, None, check_signatures(played))[0]
    return True, (errors[0] if errors else None)


def key_differences(log_a: GameLog, log_b: GameLog) -> tuple[str, ...]:
    """The players whose key differs between the two headers' ``keys:`` (compared as OpenSSH
    lines, however each is written), or is in one only."""
    from .keys import openssh_line

    def keys(log: GameLog) -> dict[str, Any]:
        given = log.header.get("keys")
        if not isinstance(given, dict):
            return {}
        return {
            name: (
                {**value, "key": openssh_line(value["key"])}
                if isinstance(value, dict) and isinstance(value.get("key"), str)
                else openssh_line(value)
                if isinstance(value, str)
                else value
            )
            for name, value in given.items()
        }

    keys_a, keys_b = keys(log_a), keys(log_b)
    return tuple(
        name for name in dict.fromkeys([*keys_a, *keys_b]) if keys_a.get(name) != keys_b.get(name)
    )


def compare(log_a: GameLog, log_b: GameLog) -> ForkReport:
    """Where two logs of one game part, and which continuation is legal.

    The set-up is the fields a game that compares set-ups names (``Game.setup_fields``, in
    its order: logs that differ in one are different games; logs set up alike whose game
    ids differ are different games too, told by their ids), else the whole header but
    what describes the game and its seats (``OTHER_FIELDS``, ``SEAT_FIELDS``); the
    ``sentence`` is worded for the first kind of game (``plain_data`` words the other).
    """
    if log_a.game.setup_fields(log_a.header) is None:
        differences = header_differences(log_a, log_b)
        plain = _plain_differences(log_a, log_b)
        return _compare_entries(log_a, log_b, plain, differences, sentence=False)
    setup_a, setup_b = _setup(log_a), _setup(log_b)
    fields = dict.fromkeys([*setup_a, *setup_b])
    differing = [name for name in fields if setup_a.get(name) != setup_b.get(name)]
    if not differing and log_a.header.get(GAME_ID_FIELD) != log_b.header.get(GAME_ID_FIELD):
        # set up alike, but each by its own forex new: the ids tell the games apart
        differing = [GAME_ID_FIELD]
        setup_a = {GAME_ID_FIELD: log_a.header.get(GAME_ID_FIELD)}
        setup_b = {GAME_ID_FIELD: log_b.header.get(GAME_ID_FIELD)}
    values = tuple(
        (
            name,
            setup_value(log_a, name, setup_a.get(name)),
            setup_value(log_a, name, setup_b.get(name)),
        )
        for name in differing
    )
    return _compare_entries(log_a, log_b, values, header_differences(log_a, log_b), sentence=True)


def header_differences(log_a: GameLog, log_b: GameLog) -> tuple[str, ...]:
    """The header fields that differ but do not make another game: those that describe it
    (``OTHER_FIELDS``), then ``keys`` (compared as OpenSSH lines) and ``signatures``."""
    header_a, header_b = log_a.header, log_b.header
    found = tuple(name for name in OTHER_FIELDS if header_a.get(name) != header_b.get(name))
    found += tuple(
        name for name in _committed(log_a, log_b) if header_a.get(name) != header_b.get(name)
    )
    if key_differences(log_a, log_b):
        found += ("keys",)
    if header_a.get("signatures") != header_b.get("signatures"):
        found += ("signatures",)
    return found


def _committed(log_a: GameLog, log_b: GameLog) -> tuple[str, ...]:
    """The header fields either copy's header commits to (``Game.committed_fields``): one
    copy may hold one the other lacks (revealed since) and be the same game."""
    fields = [*log_a.game.committed_fields(log_a.header)]
    fields += log_b.game.committed_fields(log_b.header)
    return tuple(dict.fromkeys(fields))


def _plain_differences(log_a: GameLog, log_b: GameLog) -> tuple[tuple[str, str, str], ...]:
    """Each header field but the free text that differs, with its values in A and B (the
    game id only when nothing else differs, as ``compare`` tells it)."""
    setup_a, setup_b = _plain_setup(log_a), _plain_setup(log_b)
    committed = _committed(log_a, log_b)
    differing = sorted(
        k
        for k in {*setup_a, *setup_b}
        if setup_a.get(k) != setup_b.get(k)
        and (k not in committed or (k in setup_a and k in setup_b))
    )
    if differing != [GAME_ID_FIELD]:
        differing = [name for name in differing if name != GAME_ID_FIELD]
    return tuple((name, str(setup_a.get(name)), str(setup_b.get(name))) for name in differing)


def _compare_entries(
    log_a: GameLog,
    log_b: GameLog,
    setup_values: tuple[tuple[str, str, str], ...],
    header_differences: tuple[str, ...],
    *,
    sentence: bool,
) -> ForkReport:
    """The report of two logs whose set-ups differ in ``setup_values`` (different games),
    else where their entries part; ``sentence`` words it as ``_with_sentence`` does."""
    if setup_values:
        a, b = _side(log_a, 0), _side(log_b, 0)
        names = [name for name, _, _ in setup_values]
        return ForkReport(
            "different_games",
            0,
            a,
            b,
            tuple(
                f"{name}: {log_a.filename} has {value_a}; {log_b.filename} has {value_b}"
                for name, value_a, value_b in setup_values
            ),
            header_differences,
            (),
            None,
            clean(
                f"{log_a.filename} and {log_b.filename} are different games, not a fork:"
                f" their set-up differs in {_and([setup_name(log_a, n) for n in names])}."
            ),
            setup_values,
        )
    common = 0
    for x, y in zip(log_a.entries, log_b.entries, strict=False):
        if not _same_entry(x, y):
            break
        common += 1
    a, b = _side(log_a, common), _side(log_b, common)
    notes = tuple(
        x.number
        for x, y in zip(log_a.entries[:common], log_b.entries[:common], strict=True)
        if x.note != y.note
    )
    if a.moves == b.moves == common:
        kind = "identical"
    elif common in (a.moves, b.moves):
        kind = "prefix"
    else:
        kind = "fork"
    to_decide = None
    shared_ok = a.replay is not None and a.legal_moves >= common
    if shared_ok and a.replay is not None:
        to_decide = a.replay.log.game.pending_text(a.replay.state_after(common))
    report = ForkReport(kind, common, a, b, (), header_differences, notes, to_decide, "")
    return _with_sentence(report) if sentence else report


def _entry_text(entry: Entry) -> str:
    return f"{entry.player}: {entry.text}"


def _continuation(side: Side) -> str:
    """``legal`` or why not, for the part of ``side`` after the shared moves."""
    if side.legal:
        return "legal"
    assert side.problem is not None
    if side.answers:
        return f"legal up to move {side.legal_moves}, then illegal: {side.problem.message}"
    return f"illegal: {side.problem.message}"


def _undo(side: Side) -> str:
    """``` (undo its moves from 12 on)``` when the side's tail is illegal."""
    if side.legal:
        return ""
    return f" (undo its moves from {side.legal_moves + 1} on)"


def _with_sentence(report: ForkReport) -> ForkReport:
    a, b, common = report.a, report.b, report.common
    parts: list[str] = []
    shared_problem = None
    if a.problem is not None and (a.problem.entry or 0) <= common:
        shared_problem = a.problem
    if report.kind == "identical":
        parts.append(f"{a.filename} and {b.filename} hold the same {_count(common)}.")
        if shared_problem is None and report.to_decide is not None:
            parts.append(f"Next: {report.to_decide}.")
    elif report.kind == "prefix":
        longer, shorter = (a, b) if a.moves > b.moves else (b, a)
        held = (
            f"none of the moves of {longer.filename}"
            if not common
            else f"the first move of {longer.filename}"
            if common == 1
            else f"the first {_count(common)} of {longer.filename}"
        )
        parts.append(
            f"{shorter.filename} holds {held}; {longer.filename} goes on with"
            f" {moves_text(common + 1, longer.moves)}."
        )
        if shared_problem is None:
            keys = key_differences(a.replay.log, b.replay.log) if a.replay and b.replay else ()
            if longer.legal and longer.signature_problem is not None:
                parts.append(
                    f"Their moves do not conflict, but {possessive(longer.filename)} signatures"
                    " do not verify: do not continue from it."
                )
            elif longer.legal and keys:
                parts.append(f"Their moves do not conflict, but {_confirm(longer.filename, keys)}")
            elif longer.legal:
                parts.append(f"They do not conflict: continue from {longer.filename}.")
            else:
                good = longer if longer.answers else shorter
                parts.append(
                    f"{longer.filename}'s continuation is {_continuation(longer)}; continue"
                    f" from {good.filename}{_undo(good)}."
                )
    else:
        assert a.next_entry is not None and b.next_entry is not None
        agree = f"agree on {moves_text(1, common)} and part" if common else "part from the start,"
        parts.append(
            f"{a.filename} and {b.filename} {agree} at move {common + 1}: {a.filename} has"
            f" {_entry_text(a.next_entry)}, {b.filename} has {_entry_text(b.next_entry)}."
        )
        if shared_problem is None:
            if report.to_decide is not None:
                after = f"After move {common}" if common else "At the start"
                parts.append(f"{after}: {report.to_decide}.")
            if a.answers and b.answers:
                parts.append(
                    f"Both continuations are legal at move {common + 1}: the players must agree"
                    " which one stands."
                )
                parts.extend(
                    f"{side.filename}'s continuation is {_continuation(side)}."
                    for side in (a, b)
                    if not side.legal
                )
            elif a.answers or b.answers:
                good, bad = (a, b) if a.answers else (b, a)
                parts.append(
                    f"Only {good.filename}'s continuation is legal ({bad.filename}'s is"
                    f" {_continuation(bad)}): continue from {good.filename}{_undo(good)}."
                )
            else:
                parts.append(
                    f"Neither continuation is legal ({a.filename}'s is"
                    f" {_continuation(a)}; {b.filename}'s is"
                    f" {_continuation(b)})."
                )
    if shared_problem is not None:
        parts.append(f"The shared moves already break the rules: {shared_problem.message}.")
    for side in (a, b):
        if side.digest_problem is not None:
            parts.append(
                f"{side.filename}'s recorded digests stop matching at move"
                f" {side.digest_problem.entry}: it was edited after it was played."
            )
    for side in (a, b):
        if side.signature_problem is not None:
            parts.append(f"In {side.filename}: {side.signature_problem.message}.")
    if report.note_differences:
        numbers = ", ".join(str(n) for n in report.note_differences)
        plural = "s" if len(report.note_differences) > 1 else ""
        parts.append(f"Their notes differ at move{plural} {numbers}.")
    others = [name for name in report.header_differences if name != "keys"]
    if others:
        parts.append(f"Their headers differ in {', '.join(others)}.")
    if "keys" in report.header_differences and a.replay is not None and b.replay is not None:
        parts.append(_keys_told(key_differences(a.replay.log, b.replay.log)))
    return ForkReport(
        report.kind,
        common,
        a,
        b,
        report.setup_differences,
        report.header_differences,
        report.note_differences,
        report.to_decide,
        clean(" ".join(parts)),
    )


def _confirm(filename: str, keys: tuple[str, ...]) -> str:
    """``their keys differ: do not continue from FILE before bob confirms which key is
    theirs.``"""
    confirm = says(keys[0], "confirms") if len(keys) == 1 else f"{_and(list(keys))} confirm"
    return (
        f"their keys differ: do not continue from {filename} before {confirm} which key is theirs."
    )


def _keys_told(keys: tuple[str, ...]) -> str:
    """What a difference of the players' keys ``keys`` (by name) may mean."""
    names = list(keys)
    one = len(names) == 1
    whose = f"{possessive(names[0])} name" if one else "their names"
    return (
        f"The copies give {_and(names)} {'a different key' if one else 'different keys'}:"
        f" whoever wrote one of them may be signing in {whose}."
    )


def branch_story(log: GameLog, common: int, whose: str) -> str:
    """What ``log`` holds after the ``common`` moves it shares with another copy, and who
    built on it: ``bob.eml's copy goes on with alice's move 7 (invest EUR), and bob has
    already played on it (move 8)``; ``whose`` names the copy."""
    rest = log.entries[common:]
    if not rest:
        return f"{whose} stops at move {common}"
    first = rest[0]
    text = f"{whose} goes on with {possessive(first.player)} move {first.number} ({first.text})"
    built: dict[str, list[int]] = {}
    for entry in rest[1:]:
        built.setdefault(entry.player, []).append(entry.number)
    if not built:
        return text
    if len(built) == 1:
        ((player, numbers),) = built.items()
        return f"{text}, and {says(player, 'has')} already played on it ({_numbers(numbers)})"
    players = _and([f"{player} ({_numbers(numbers)})" for player, numbers in built.items()])
    return f"{text}, and {players} have already played on it"


def settle_hints(own_path: str, other: str, common: int) -> tuple[str, ...]:
    """The commands that settle a fork between the reader's copy ``own_path`` and the copy
    in ``other`` (a mail or a log; ``MAIL`` when it came on standard input) that part
    after move ``common``: keep yours and send it again, or take theirs."""
    own, theirs = command_path(own_path), command_path(other)
    return (
        f"to keep your copy: mail it to everyone again (forex message {own} --eml"
        " resend.eml) and let the others take it; they settle their copies with these hints",
        f"to take the mail's copy: forex undo {own} --to {common} --settle {theirs}, then"
        f" forex read {theirs} --into {own}",
        f"to compare the copies first: forex diff {own} {theirs}",
    )


def _numbers(numbers: list[int]) -> str:
    """``move 8``, ``moves 8 and 10``."""
    words = [str(n) for n in numbers]
    return f"move {words[0]}" if len(words) == 1 else f"moves {_and(words)}"


def _and(words: list[str]) -> str:
    """``players``, ``players and first``, ``players, first and removed``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _count(moves: int) -> str:
    return f"{moves} move{'s' if moves != 1 else ''}"


# --------------------------------------------------------------------------- any game


class Relation(Struct, frozen=True):
    """How two logs relate, for any game: ``kind`` in ``ForkReport``'s words (``identical``,
    ``prefix``, ``fork``, ``different_games``), the shared moves, a sentence (escaped for a
    terminal); ``report`` is the ``ForkReport`` of a game that compares set-ups
    (``Game.setup_fields``), else
    None and ``data`` is ``plain_data``'s."""

    kind: str
    common: int
    sentence: str
    report: ForkReport | None = None
    data: dict[str, Any] | None = None

    @property
    def same_game(self) -> bool:
        """False when the logs are of different games, or their set-ups differ."""
        return self.kind != "different_games"

    @property
    def identical(self) -> bool:
        """Both logs hold the same decisions."""
        return self.kind == "identical"


PLAIN_KINDS = {"same": "identical", "ahead": "prefix"}
"""``plain_data``'s kinds in ``ForkReport``'s words (the others are alike)."""


def relate(log_a: GameLog, log_b: GameLog) -> Relation:
    """``compare`` for two logs of one game (worded by ``plain_data`` for a game that does
    not compare set-ups, ``Game.setup_fields``), and ``different_games`` for logs of two games."""
    if log_a.game is not log_b.game:
        text = (
            f"{log_a.filename} is a {log_a.game.title} log and {log_b.filename} a"
            f" {log_b.game.title} log: different games, not a fork."
        )
        apart: dict[str, Any] = {"kind": "different_games", "common": 0, "text": text}
        return Relation("different_games", 0, clean(text), data=apart)
    if log_a.game.setup_fields(log_a.header) is not None:
        report = compare(log_a, log_b)
        return Relation(report.kind, report.common, report.sentence, report=report)
    data = plain_data(compare(log_a, log_b))
    kind = PLAIN_KINDS.get(data["kind"], data["kind"])
    return Relation(kind, data["common"], clean(data["text"]), data=data)


def _plain_setup(record: GameLog) -> dict[str, Any]:
    left_out = OTHER_FIELDS + SEAT_FIELDS + SIGNING_FIELDS
    return {k: v for k, v in record.header.items() if k not in left_out}


def _header_name(name: str) -> str:
    """A header field's name as ``plain_data``'s sentence says it (``id``: ``game id``)."""
    return "game id" if name == GAME_ID_FIELD else name


def plain_data(report: ForkReport) -> dict[str, Any]:
    """``compare``'s report of two logs of a game that does not compare set-ups, as
    JSON-ready data: ``kind`` is ``same``, ``ahead``, ``fork`` or ``different_games``
    (their headers differ in more than the free text); ``text`` says it in a sentence or
    two."""
    names = (report.a.filename, report.b.filename)
    if report.kind == "different_games":
        differing = [name for name, _, _ in report.setup_values]
        return {
            "kind": "different_games",
            "common": 0,
            "differing": differing,
            "text": f"{names[0]} and {names[1]} are different games, not a fork: their"
            f" headers differ in {', '.join(_header_name(name) for name in differing)}.",
        }
    common = report.common
    sides: list[dict[str, Any]] = [
        {
            "file": side.filename,
            "moves": side.moves,
            "legal": side.replay is not None and side.replay.problem is None,
            "next": None
            if side.next_entry is None
            else f"{side.next_entry.key}: {side.next_entry.text}",
        }
        for side in (report.a, report.b)
    ]
    agreed = moves_text(1, common) if common else "no move"
    if report.kind == "identical":
        same = f"{common} move{'' if common == 1 else 's'}"
        kind, text = "same", f"{names[0]} and {names[1]} hold the same {same}."
    elif report.kind == "prefix":
        longer, shorter = (1, 0) if sides[0]["moves"] == common else (0, 1)
        kind = "ahead"
        text = (
            f"{names[longer]} goes on from {names[shorter]}: they agree on {agreed}, and"
            f" {names[longer]} has {sides[longer]['moves'] - common} more."
        )
    else:
        kind = "fork"
        text = (
            f"{names[0]} and {names[1]} agree on {agreed} and part at move {common + 1}:"
            f" {names[0]} has {sides[0]['next']}, {names[1]} has {sides[1]['next']}."
        )
    legal = [side["file"] for side in sides if side["legal"]]
    text += "".join(" " + said for said in _plain_advice(report, kind, legal))
    return {
        "kind": kind,
        "common": common,
        "sides": sides,
        "header_differences": list(report.header_differences),
        "text": text,
    }


def _plain_advice(report: ForkReport, kind: str, legal: list[str]) -> list[str]:
    """``plain_data``'s sentences after the first: which copy to continue from (none whose
    signatures fail, nor before a player whose key differs confirms it), the signature
    problems, and the header fields that differ (whose key)."""
    said = []
    a, b = report.a, report.b
    keys = key_differences(a.replay.log, b.replay.log) if a.replay and b.replay else ()
    failing = {side.filename for side in (a, b) if side.signature_problem is not None}
    if kind == "ahead" and len(legal) == 2:
        longer = a.filename if a.moves > b.moves else b.filename
        if longer in failing:
            said.append(
                f"Their moves do not conflict, but {possessive(longer)} signatures do not"
                " verify: do not continue from it."
            )
        elif keys:
            said.append(f"Their moves do not conflict, but {_confirm(longer, keys)}")
    elif kind != "same" and len(legal) == 1:
        (only,) = legal
        if only in failing:
            said.append(f"Only {only}'s moves are all legal, but its signatures do not verify.")
        elif keys:
            said.append(f"Only {only}'s moves are all legal, but {_confirm(only, keys)}")
        else:
            said.append(f"Only {only}'s moves are all legal: continue from {only}.")
    said.extend(
        f"In {side.filename}: {side.signature_problem.message}."
        for side in (a, b)
        if side.signature_problem is not None
    )
    others = [name for name in report.header_differences if name != "keys"]
    if others:
        said.append(f"Their headers differ in {', '.join(others)}.")
    if keys:
        said.append(_keys_told(keys))
    return said
