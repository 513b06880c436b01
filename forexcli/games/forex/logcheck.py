"""For-Ex's log checks in its own words: the schema's problems, the header's and the entries'.

The frame's reader (``record.gamelog``) reads the YAML; For-Ex words each schema
violation for a player (``schema_problems``: its names, version, removed certificates and
notation in its own words, the rest in the frame's, ``record.schemawords``), checks the
header's consistency (players, ``first``, ``contacts``, ``removed``) and reads every
entry's notation (``entries``), each problem placed at its line and column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from ...record import fastpath, schemawords, yamlread
from ...record.entry import Entry
from ...record.hints import confusable_pairs
from ...record.problems import LogError, Problem, printable, shown
from ...words import close_match, did_you_mean, possessive, quoted
from .notation import END, NotationError, Written, parse
from .rules import CURRENCIES, Decision, ForexError, Spot
from .schema_source import NAME_BAD_STARTS, NAME_RULE, PLAYER_NAME_PATTERN, RESERVED_ENTRY_KEYS

SCHEMA_FILE = Path(__file__).parent.parent.parent / "schemas" / "forex-log.schema.json"


@cache
def log_schema() -> dict[str, Any]:
    """The published log schema, as the tool uses it."""
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return loaded


FAST_VALIDATOR = fastpath.Validator(log_schema, END)
"""The published log schema as the fast path checks it (compiled when first used)."""


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(log_schema())


@cache
def _entry_validator() -> Any:
    """A validator of one entry of ``moves`` (its errors' paths start inside the entry)."""
    from jsonschema import Draft202012Validator

    schema = log_schema()
    return Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/entry"}
    )


MAX_SCHEMA_PROBLEMS = schemawords.MAX_SCHEMA_PROBLEMS
"""The schema check stops after this many problems (and says so, as the frame words it)."""


def schema_problems(doc: yamlread.Document, filename: str) -> list[Problem]:
    """Every schema violation, each at its own place (at most ``MAX_SCHEMA_PROBLEMS``).

    What the compiled validator (``FAST_VALIDATOR.surely_valid``) accepts is not
    given to jsonschema: the header is checked with the moves left out, then
    each entry the compiled validator doubts is checked on its own, so that
    one bad entry in a long log costs one entry's check.  The problems are
    the ones jsonschema finds in the whole document.
    """
    surely_valid = FAST_VALIDATOR.surely_valid
    data = doc.data
    if surely_valid(data):
        return []
    problems: list[Problem] = []
    moves = data.get("moves") if isinstance(data, dict) else None
    header = data
    if isinstance(moves, list):
        header = dict(data, moves=[])
    told: set[str] = set()  # (the bad names of `players:`, told there only)
    if not surely_valid(header):
        errors = list(_removed_errors(_validator().iter_errors(header)))
        told = schemawords.names_refused_at_players(errors)
        for error in errors:
            if schemawords.told_at_players(error, tuple(error.absolute_path), told):
                continue
            problems.extend(_schema_problem(error, doc, filename))
            if len(problems) > MAX_SCHEMA_PROBLEMS:
                break
    if isinstance(moves, list):
        validator = _entry_validator()
        for index, entry in enumerate(moves):
            if len(problems) > MAX_SCHEMA_PROBLEMS:
                break
            if surely_valid(entry, "entry"):
                continue
            for error in validator.iter_errors(entry):
                path = ("moves", index, *error.absolute_path)
                if not schemawords.told_at_players(error, path, told):
                    problems.extend(_schema_problem(error, doc, filename, ("moves", index)))
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return schemawords.capped(_rule_stated_once(problems))


def _removed_errors(errors: Iterable[Any]) -> Iterator[Any]:
    """The errors, with ``removed:`` (the counts, or ``unknown``) told as the counts' own
    errors when it is a mapping, as a wrong type when it is neither."""
    for error in errors:
        if error.validator != "anyOf" or tuple(error.absolute_path) != ("removed",):
            yield error
            continue
        if isinstance(error.instance, dict):
            yield from (e for e in error.context if e.relative_schema_path[0] == 0)
        else:
            import jsonschema

            yield jsonschema.ValidationError(
                "not the counts per currency, nor unknown",
                validator="type",
                validator_value=["object", "unknown"],
                instance=error.instance,
                path=error.path,
                schema_path=error.schema_path,
            )


def _rule_stated_once(problems: list[Problem]) -> list[Problem]:
    """The problems, with the whole player-name rule as a hint of the first bad name only."""
    stated = False
    kept = []
    for problem in problems:
        if NAME_RULE in problem.hints:
            if stated:
                problem = replace(problem, hints=tuple(h for h in problem.hints if h != NAME_RULE))
            stated = True
        kept.append(problem)
    return kept


_entry_number = schemawords.entry_number
_describe = schemawords.describe

_REQUIRED = {
    "forex": "the log has no `forex: 1` (the version of the log format)",
    "players": "the log has no `players:` (2 to 6 names in seat order)",
}


def name_problem(name: str) -> str:
    """Why ``name`` is not a valid player name (empty if it is one)."""
    if name in RESERVED_ENTRY_KEYS:
        return f"{name} is a key of an entry, not a player's name"
    if not name:
        return "a name has 1 to 32 characters, not none"
    if len(name) > 32:
        return f"a name has 1 to 32 characters, not {len(name)}"
    bad = sorted({ch for ch in name if ord(ch) < 0x20 or ord(ch) == 0x7F})
    if bad:
        return f"a name has no control characters ({printable(''.join(bad))})"
    bad = sorted({ch for ch in name if ch in ";:#,"})
    if bad:
        return f"a name has none of ; : # , (found {' '.join(bad)})"
    if name[0].isspace() or name[-1].isspace():
        return "a name does not start or end with a space"
    if name[0] in NAME_BAD_STARTS:
        return f"a name does not start with {name[0]} (it means something else in YAML)"
    return "" if re.match(PLAYER_NAME_PATTERN, name) else NAME_RULE


def _schema_problem(
    error: Any, doc: yamlread.Document, filename: str, prefix: tuple[Any, ...] = ()
) -> list[Problem]:
    """The problems one jsonschema error stands for (one per unknown key), placed."""
    error = schemawords.chosen_branch(error)
    path = (*prefix, *error.absolute_path)
    validator = error.validator
    instance = error.instance
    where = _describe(path)
    key_place = False
    code = f"schema_{validator}"
    message = f"{where}: {schemawords.cut(error.message)}"
    hints: tuple[str, ...] = ()
    if validator == "additionalProperties" and isinstance(instance, dict):

        def entry_key_hint(key: str) -> tuple[str, ...]:
            if path or key not in RESERVED_ENTRY_KEYS:
                return ()
            return (
                f"`{key}:` belongs to an entry of `moves`: indent it under that entry,"
                " level with the player's name",
            )

        # The header's optional `game:` (For-Ex by default) is left out of the keys listed,
        # so that a For-Ex log's problems read as they did before there were other games.
        found = schemawords.unknown_keys(
            error,
            doc,
            filename,
            path,
            unlisted=() if path else ("game",),
            key_hints=entry_key_hint,
        )
        if found:
            return found
    elif validator == "pattern" and len(path) == 4 and path[0] == "moves" and path[2] == "sig":
        message = (
            f"move {path[1] + 1}: {possessive(str(path[3]))} signature is not base64 (as `forex"
            f" play --sign`"
            " writes it)"
        )
        code = "bad_signature"
    elif validator == "pattern" and len(path) == 3 and path[0] == "moves":
        if path[2] == "digest":
            message = (
                f"move {path[1] + 1}: digest {quoted(instance)} is not a digest (16 hex digits"
                " 0-9 a-f, as `forex play` writes them)"
            )
            code = "schema_pattern"
        else:
            key = str(path[2])
            meant = close_match(key, RESERVED_ENTRY_KEYS)
            if meant is not None and key not in _player_names(doc.data):
                message = (
                    f"move {path[1] + 1}: {quoted(key)} is read as a player's name, so"
                    f" {quoted(instance)} is read as a decision"
                )
                hints = (f"did you mean {meant}?",)
            else:
                try:
                    parse(key, instance)
                    message = f"move {path[1] + 1}: {quoted(instance)} is not a decision"
                except NotationError as problem:
                    message = f"move {path[1] + 1}: {problem.reason}"
                    hints = problem.hints
            code = "bad_notation"
    elif (
        validator == "pattern"
        and path
        and path[0] == "moves"
        and "propertyNames" not in (error.schema_path)
    ):
        message = f"{where}: decisions start with spot, contract, invest, divest, resolve, sell,"
        message += " strengthen or strongest"
        code = "bad_notation"
    elif validator == "propertyNames" or (
        validator == "pattern" and "propertyNames" in error.schema_path
    ):
        name = instance if isinstance(instance, str) else str(instance)
        message = f"{where}: {quoted(name)} is not a valid player name: {name_problem(name)}"
        code = "bad_player_name"
        hints = (NAME_RULE,)
        path = (*path, name)
        key_place = True
    elif validator == "pattern" and (
        (len(path) == 2 and path[0] == "players") or path == ("first",)
    ):
        name = str(instance)
        message = f"{where}: {quoted(name)} is not a valid player name: {name_problem(name)}"
        code = "bad_player_name"
        hints = (NAME_RULE,)
    elif (
        validator == "not"
        and isinstance(instance, str)
        and path
        and path[0]
        in (
            "players",
            "first",
        )
    ):
        message = f"{where}: {quoted(instance)} cannot be a player's name: {name_problem(instance)}"
        code = "bad_player_name"
        hints = (NAME_RULE,)
    elif validator in ("maxProperties", "minProperties") and len(path) == 2 and _entry_number(path):
        players = [k for k in instance if k not in RESERVED_ENTRY_KEYS]
        if not players:
            message = f"move {path[1] + 1}: the entry names no player (write `NAME: DECISION`)"
            hints = (
                "a note or digest belongs to the entry it is about: write it without a dash,"
                " under that entry, level with the player's name",
            )
        else:
            names = ", ".join(quoted(p, 30) for p in players[:6])
            message = f"move {path[1] + 1}: one entry holds one player's decision; found {names}"
            seated = _player_names(doc.data)
            hints = tuple(
                f"{quoted(key)} is not a player{' of this game' if seated else ''}:"
                f" did you mean {match}?"
                for key in players
                if key not in seated
                and (match := close_match(str(key), [*RESERVED_ENTRY_KEYS, *seated])) is not None
            )
        code = "bad_entry"
    elif validator in ("minItems", "maxItems") and path == ("players",):
        message = f"players: For-Ex takes 2 to 6 players, not {len(instance)}"
    elif validator == "uniqueItems" and path == ("players",):
        twice = [p for i, p in enumerate(instance) if p in instance[:i]]
        message = f"players: {quoted(twice[0] if twice else instance)} is listed twice"
    elif validator == "required" and not path:
        name = schemawords.missing_key(error)
        message = _REQUIRED.get(name, f"the log has no `{name}:`")
    elif validator == "anyOf" and not path:
        message = "the log needs `removed:` (the 6 certificates removed at set-up) or `seed:`"
        code = "schema_required"
    elif validator == "not" and not path:
        message = "give either `removed:` or `seed:`, not both"
        code = "schema_removed_and_seed"
    elif validator == "const" and path == ("forex",):
        if instance == "1":
            message = "forex: the version is the number 1, not the text '1' (leave out the quotes)"
        else:
            message = f"forex: this tool reads format version 1, not {shown(instance)}"
        code = "unsupported_version"
    elif validator in (
        "enum",
        "type",
        "maxLength",
        "minLength",
        "minimum",
        "maximum",
        "required",
        "pattern",
        "oneOf",
    ):
        message, hints = schemawords.worded(error, where, doc.data)
    place = doc.place(path, key=key_place)
    line, column = place if place else (None, None)
    entry = _entry_number(path)
    if code == "bad_notation" and not hints:
        hints = (
            "write the decision as docs/format.md's Moves section shows (invest USD JPY,"
            " contract 6 USD for 12 JPY, resolve ...); forex play checks one as it adds it",
        )
    return [Problem(code, message, "schema", filename, line, column, entry, hints)]


def _player_names(data: Any) -> list[str]:
    """The names listed in ``players``, as far as they are names (for hints)."""
    players = data.get("players") if isinstance(data, dict) else None
    return [p for p in players if isinstance(p, str)] if isinstance(players, list) else []


def _parse(player: str, text: str) -> tuple[Written, tuple[Decision, ...]]:
    """``notation.parse`` and its decisions, remembered: games repeat ``resolve``, ``sell 0
    USD``, ``invest USD`` (a parsed decision is immutable, so one object can serve every
    entry that writes it)."""
    written = parse(player, text)
    return written, written.decisions()


def _problem_at(
    doc: yamlread.Document,
    filename: str,
    code: str,
    message: str,
    path: tuple[Any, ...],
    *,
    key: bool = False,
    hints: tuple[str, ...] = (),
) -> Problem:
    place = doc.place(path, key=key)
    line, column = place if place else (None, None)
    return Problem(code, message, "header", filename, line, column, _entry_number(path), hints)


def _unknown_player(
    doc: yamlread.Document,
    filename: str,
    what: str,
    name: str,
    players: tuple[str, ...],
    path: tuple[Any, ...],
    *,
    key: bool = False,
) -> Problem:
    return _problem_at(
        doc,
        filename,
        "unknown_player",
        f"{what}: {quoted(name)} is not a player of this game ({', '.join(players)})",
        path,
        key=key,
        hints=did_you_mean(name, players)
        or (f"name one of the players, or add {quoted(name)} to `players:` at set-up",),
    )


def _confusable(doc: yamlread.Document, filename: str, players: Sequence[str]) -> list[Problem]:
    return [
        _problem_at(
            doc,
            filename,
            "confusable_names",
            f"players: {quoted(a)} and {quoted(b)} would be taken for one player: names must"
            " differ by more than letter case, spaces or Unicode forms",
            ("players", doc.data["players"].index(b)),
            hints=(f"rename one of them, e.g. {quoted(b + '2')}",),
        )
        for a, b in confusable_pairs(players)
    ]


def _removed_problem(doc: yamlread.Document, filename: str, total: int) -> Problem:
    return _problem_at(
        doc,
        filename,
        "bad_removed",
        f"removed: exactly 6 certificates are removed at set-up; these add up to {total}",
        ("removed",),
        hints=(
            "give a count per currency that adds up to 6, such as {GBP: 1, USD: 2, CNY: 3},"
            " or `seed:` instead to draw them",
        ),
    )


def _header_problems(
    doc: yamlread.Document, filename: str, refused_entries: set[int]
) -> list[Problem]:
    """The header checks of a log that the schema refuses, as far as its data allows.

    Only values of the right type are judged; the entries in ``refused_entries`` (move
    numbers) get only their player checked, since the schema has refused their notation.
    """
    data = doc.data
    problems: list[Problem] = []
    players = tuple(_player_names(data))
    names_ok = [p for p in players if not name_problem(p)]
    problems.extend(_confusable(doc, filename, names_ok))
    first = data.get("first")
    if players and isinstance(first, str) and first not in players and not name_problem(first):
        problems.append(_unknown_player(doc, filename, "first", first, players, ("first",)))
    contacts = data.get("contacts")
    if players and isinstance(contacts, dict):
        for name in contacts:
            if name not in players and not name_problem(name):
                problems.append(
                    _unknown_player(
                        doc, filename, "contacts", name, players, ("contacts", name), key=True
                    )
                )
    removed = data.get("removed")
    if isinstance(removed, dict) and "seed" not in data:
        counts = list(removed.values())
        if all(type(n) is int and 0 <= n <= 6 for n in counts) and sum(counts) != 6:
            problems.append(_removed_problem(doc, filename, sum(counts)))
    moves = data.get("moves")
    for index, raw in enumerate(moves if isinstance(moves, list) else []):
        if not isinstance(raw, dict):
            continue
        keys = [k for k in raw if k not in RESERVED_ENTRY_KEYS]
        if len(keys) != 1:
            continue
        (player,) = keys
        if players and player not in players and not name_problem(player):
            problems.append(_unknown_mover(doc, filename, index, player, players))
        value = raw[player]
        if index + 1 not in refused_entries and isinstance(value, str):
            try:
                written, _ = _parse(player, value)
            except NotationError as error:
                problems.append(_bad_notation(doc, filename, index, player, error))
                continue
            if players:
                problems.extend(_unknown_partner(doc, filename, index, written, players))
    return problems


def _unknown_mover(
    doc: yamlread.Document, filename: str, index: int, player: str, players: tuple[str, ...]
) -> Problem:
    """The problem of entry ``index`` (0-based) whose key names someone who does not play."""
    return _unknown_player(
        doc, filename, f"move {index + 1}", player, players, ("moves", index, player), key=True
    )


def _unknown_partner(
    doc: yamlread.Document,
    filename: str,
    index: int,
    written: Written,
    players: tuple[str, ...],
) -> list[Problem]:
    """``unknown_player`` for entry ``index`` (0-based) whose spot names a partner who does not
    play (as a move's key that names one is), with the players and what to write instead."""
    spot = written.spot
    if spot is None or spot.partner in players:
        return []
    name = spot.partner
    return [
        _problem_at(
            doc,
            filename,
            "unknown_player",
            f"move {index + 1}: the spot's partner {quoted(name)} is not a player of this game"
            f" ({', '.join(players)})",
            ("moves", index, spot.player),
            hints=did_you_mean(name, players)
            or (
                f"make the spot with one of the players, or add {quoted(name)} to `players:`"
                " at set-up",
            ),
        )
    ]


def _bad_notation(
    doc: yamlread.Document, filename: str, index: int, player: str, error: NotationError
) -> Problem:
    """The problem of entry ``index`` (0-based) whose move the notation cannot read."""
    return _problem_at(
        doc,
        filename,
        "bad_notation",
        f"move {index + 1}: {error.reason}",
        ("moves", index, player),
        hints=error.hints,
    )


def entries(doc: yamlread.Document, filename: str) -> tuple[Entry, ...]:
    """The entries of a log whose data the schema accepts; raises ``LogError`` with every
    problem of its header and entries."""
    data = doc.data
    players = tuple(data["players"])
    problems: list[Problem] = _confusable(doc, filename, players)
    first = data.get("first", players[0])
    if first not in players:
        problems.append(_unknown_player(doc, filename, "first", first, players, ("first",)))
    for name in data.get("contacts", {}):
        if name not in players:
            problems.append(
                _unknown_player(
                    doc, filename, "contacts", name, players, ("contacts", name), key=True
                )
            )
    if "seed" not in data and data["removed"] != "unknown":
        counts = data["removed"]
        total = sum(int(counts.get(code, 0)) for code in CURRENCIES)
        if total != 6:
            problems.append(_removed_problem(doc, filename, total))
    found: list[Entry] = []
    known = frozenset(players)
    for index, raw in enumerate(data.get("moves") or []):
        if len(raw) == 1:  # the schema allows only the player's key alone
            ((player, text_of_move),) = raw.items()
            note = digest = sig = None
        else:
            player = next(key for key in raw if key not in RESERVED_ENTRY_KEYS)
            text_of_move, note, digest = raw[player], raw.get("note"), raw.get("digest")
            sig = raw.get("sig")
        if player not in known:
            problems.append(_unknown_mover(doc, filename, index, player, players))
            continue
        try:
            written, decisions = _parse(player, text_of_move)
        except NotationError as error:
            problems.append(_bad_notation(doc, filename, index, player, error))
            continue
        unknown = _unknown_partner(doc, filename, index, written, players)
        if unknown:
            problems.extend(unknown)
            continue
        found.append(Entry(index + 1, player, text_of_move, decisions, note, digest, sig, written))
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise LogError(problems)
    return tuple(found)


def check(doc: yamlread.Document, filename: str) -> tuple[Entry, ...]:
    """The entries of a log read as YAML, after its schema and header checks; raises
    ``LogError`` with every problem.

    Schema and header problems are independent layers and are reported together; so are
    the notation and player of every entry that the schema does not already refuse.
    """
    problems = schema_problems(doc, filename)
    if problems:
        found = _header_problems(doc, filename, {p.entry for p in problems if p.entry})
        taken = {(p.line, p.column) for p in problems}
        cut = problems[-1] if problems[-1].code == "too_many_problems" else None
        if cut is not None:  # (none past the last listed: the check stopped there)
            place = (cut.line or 0, cut.column or 0)
            found = [p for p in found if (p.line or 0, p.column or 0) < place]
        problems.extend(p for p in found if (p.line, p.column) not in taken)
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise LogError(problems)
    return entries(doc, filename)


def unknown_name_hints(
    error: ForexError, decisions: Sequence[Decision], players: Sequence[str]
) -> tuple[str, ...]:
    """``did you mean ann?`` for an entry's decisions (a spot and an action, or one
    decision) that name someone who does not play."""
    if error.code != "unknown_name":
        return ()
    first = decisions[0]
    named = [first.player]
    if len(decisions) == 2 and isinstance(first, Spot):
        named = [first.player, first.partner]
    for name in named:
        if name not in players:
            return did_you_mean(name, players)
    return ()
