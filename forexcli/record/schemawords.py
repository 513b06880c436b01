"""How a log's problems are worded and placed, for every game.

``placed_problem`` puts a problem at the line and column of a place in the YAML;
``schema_problems`` words each break of a game's published log schema in the log's terms
(``moves[3].note``, an unknown key with "did you mean"), its code from ``RECODED_KEYWORDS``
or ``schema_KEYWORD``, in the words every game shares (``describe``, ``worded``,
``unknown_keys``, which a game that words its log itself adds its own to);
``error_hints`` gives a game error's hints and ``keys_text`` lists
the keys an entry may name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from .. import games
from ..words import did_you_mean, quoted
from .problems import Problem, command_path, shown
from .schemaparts import BUDGET_PATTERN, END, GAME_ID_PATTERN, KEY_LINE_PATTERN, SIGNATURE_PATTERN

if TYPE_CHECKING:
    from ..games.base import Game
    from . import yamlread

MAX_SCHEMA_PROBLEMS = 50
"""At most this many schema problems are listed for one file (``capped``), in every game."""


RECODED_KEYWORDS = {
    "additionalProperties": "schema_unknown_key",
    "anyOf": "bad_notation",
    "propertyNames": "bad_player_name",
    "not": "bad_player_name",
    "minProperties": "bad_entry",
    "maxProperties": "bad_entry",
}
"""Schema keywords whose errors get a code of their own (the others: ``schema_KEYWORD``).

In the games' log schemas ``anyOf`` lists the notation's patterns, ``propertyNames`` and
``not`` the player-name rule, ``minProperties``/``maxProperties`` an entry's one decider."""


def placed_problem(
    code: str,
    message: str,
    layer: str,
    doc: yamlread.Document,
    filename: str,
    path: tuple[Any, ...],
    *,
    key: bool = False,
    entry: int | None = None,
    hints: Sequence[str] = (),
) -> Problem:
    place = doc.place(path, key=key)
    line, column = place if place else (None, None)
    return Problem(code, message, layer, filename, line, column, entry, tuple(hints))


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(dict(games.get(name).schemas()["log"]))


def accepts(name: str, data: Any) -> bool:
    """Whether game ``name``'s published log schema accepts ``data``."""
    return bool(_validator(name).is_valid(data))


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def describe(path: tuple[Any, ...]) -> str:
    """Where in the log a schema problem is, as every game words it: ``moves[3].note``
    (list items counted from 1), ``players[2]``, ``contacts['odd key']``, ``the log``."""
    if not path:
        return "the log"
    parts = []
    for part in path:
        if isinstance(part, int):
            parts.append(f"[{part + 1}]")
        elif _PLAIN_KEY.match(str(part)):
            parts.append(f".{part}")
        else:
            parts.append(f"[{quoted(str(part), 30)}]")
    return "".join(parts).lstrip(".")


def cut(text: str, limit: int = 200) -> str:
    """``text``, cut to ``limit`` characters with ``...``."""
    return text if len(text) <= limit else text[:limit] + "..."


def type_words(expected: Any) -> str:
    """A JSON Schema ``type`` (or list of them) in a player's words."""
    words = {
        "string": "text",
        "integer": "a whole number",
        "object": "a mapping (key: value)",
        "array": "a list",
        "number": "a number",
        "boolean": "true or false",
    }
    if isinstance(expected, list):
        return " or ".join(words.get(str(e), str(e)) for e in expected)
    return words.get(expected, str(expected))


def chosen_branch(error: Any) -> Any:
    """The error to word for a ``oneOf`` ``error``: the error of the one branch whose type
    the value has (a mapping where ``keys:`` takes a key line or ``{key:, since:}``), so
    that a problem says what is wrong inside that branch; else ``error`` itself."""
    if error.validator != "oneOf" or not error.context:
        return error
    wrong_type = {
        e.relative_schema_path[0]
        for e in error.context
        if e.validator == "type" and not e.relative_path
    }
    kept = [e for e in error.context if e.relative_schema_path[0] not in wrong_type]
    if not kept or len({e.relative_schema_path[0] for e in kept}) != 1:
        return error
    return chosen_branch(min(kept, key=lambda e: (len(e.path), e.validator != "required")))


def first_signed_move(data: Any, player: str) -> int | None:
    """The number of the first entry of ``data``'s ``moves`` that ``player`` signed."""
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(moves, list):
        return None
    for number, entry in enumerate(moves, 1):
        sig = entry.get("sig") if isinstance(entry, dict) else None
        if isinstance(sig, dict) and player in sig:
            return number
    return None


def _key_since_hint(data: Any, path: tuple[Any, ...]) -> tuple[str, ...]:
    """What to write for a ``keys:`` entry that lost its ``since:``: the move that added
    the key, as far as the log tells it."""
    player = str(path[1])
    first = first_signed_move(data, player)
    if first is not None:
        return (
            f"write `since: {first}` under `key:`: move {first} is the first move"
            f" {player} signed, the one that added the key",
        )
    return (
        "write `since: N` under `key:`, N the move whose signature first used the key;"
        " or the key line alone (`NAME: ssh-ed25519 ...`) for a key given at set-up",
    )


def missing_key(error: Any) -> str:
    """The key a jsonschema ``required`` error finds missing: jsonschema gives one error per
    key missing, each naming its key in its message (the first missing, if none does)."""
    missing = [str(k) for k in error.validator_value if k not in error.instance]
    for key in missing:
        if error.message == f"{key!r} is a required property":
            return key
    return missing[0] if missing else ""


def _bare(pattern: str) -> str:
    """``pattern`` without the end of the text (``END``, or a bare ``$``)."""
    return pattern.removesuffix(END).removesuffix("$")


PATTERN_WORDS = {
    _bare("^[0-9a-f]{16}$"): "a digest (16 hex digits 0-9 a-f, as `forex play` writes them)",
    _bare("^[0-9a-f]{64}$"): "a SHA-256 (64 hex digits 0-9 a-f, as `sha256sum FILE` prints it)",
    _bare(SIGNATURE_PATTERN): "a signature: base64, as `forex play --sign` writes it",
    _bare(BUDGET_PATTERN): (
        "a budget: seconds such as `2s` or `0.5s`, or a whole number of simulations such as 500"
    ),
}
"""What the values of the patterns every game's log may use are, in a player's words (by
the pattern without its end)."""


def worded(error: Any, where: str, data: Any = None) -> tuple[str, tuple[str, ...]]:
    """The message and hints of a jsonschema ``error`` at ``where`` (``describe``), in the
    words every game shares: a value of the wrong type, not one of a list, too long or
    short, a list with too many or too few items or one twice, too small or large, a
    mapping without a key it needs (or without the one of several keys it needs, or with
    more than one of them), a ``keys:`` entry that is no public key (``data``, the
    whole log, tells a lost ``since:``'s move); else jsonschema's own message after
    ``where``.  A game adds what is its own (its names, its version, its notation) before
    asking for these; a ``oneOf`` error is worded as ``chosen_branch``'s."""
    error = chosen_branch(error)
    validator = error.validator
    instance = error.instance
    path = tuple(error.absolute_path)
    if validator == "required" and isinstance(instance, dict):
        name = missing_key(error)
        about = str(error.schema.get("properties", {}).get(name, {}).get("description", ""))
        about = about.rstrip(".")
        message = f"{where}: `{name}:` is missing"
        if about:
            message += f" ({about[:1].lower()}{about[1:]})"
        lost_since = name == "since" and len(path) == 2 and path[0] == "keys"
        return message, _key_since_hint(data, path) if lost_since else ()
    if validator == "pattern" and error.validator_value == KEY_LINE_PATTERN:
        return (
            f"{where}: {shown(instance)} is not an Ed25519 public-key line"
            " (`ssh-ed25519 AAAA... comment`)",
            ("copy the line of the player's FILE.pub, as `forex key new FILE` writes it",),
        )
    if validator == "pattern" and error.validator_value == GAME_ID_PATTERN:
        return (
            f"{where}: {shown(instance)} is not a game id (32 hex digits 0-9 a-f, as"
            " `forex new` writes it)",
            (
                "put back the id forex new wrote (another player's copy of the log has it):"
                " every signature covers it",
            ),
        )
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = [str(k) for k in instance if k not in allowed]
        if extra:
            which = ", ".join(quoted(k) for k in extra)
            return (
                f"{where}: unknown key{'s' if len(extra) > 1 else ''} {which}; the keys are"
                f" {', '.join(sorted(allowed))}",
                did_you_mean(extra[0], allowed),
            )
    if validator == "pattern" and isinstance(instance, str):
        what = PATTERN_WORDS.get(_bare(str(error.validator_value)))
        if what is not None:
            return f"{where}: {shown(instance)} is not {what}", ()
    if validator == "oneOf" and isinstance(instance, dict) and _key_choices(error):
        return _one_key_of(error, where)
    if validator == "oneOf":
        kinds = []
        for branch in error.validator_value:
            kind = type_words(branch.get("type", "object"))
            if branch.get("required"):
                kind = "a mapping of " + " and ".join(f"`{k}:`" for k in branch["required"])
            elif branch.get("description"):
                about = str(branch["description"]).split(":")[0].rstrip(".")
                kind = about[:1].lower() + about[1:]
            if kind not in kinds:
                kinds.append(kind)
        return f"{where}: expected {' or '.join(kinds)}, found {shown(instance)}", ()
    if validator == "enum":
        choices = ", ".join(str(c) for c in error.validator_value)
        hints: tuple[str, ...] = ()
        if isinstance(instance, str):
            hints = did_you_mean(instance, [str(c) for c in error.validator_value])
        return f"{where}: expected one of {choices}, found {shown(instance)}", hints
    if validator == "type":
        expected = error.validator_value
        message = f"{where}: expected {type_words(expected)}, found {shown(instance)}"
        wants_text = expected == "string" or (isinstance(expected, list) and "string" in expected)
        if wants_text and isinstance(instance, (bool, int, float)):
            message += " (quote it to make it text)"
        return message, ()
    if validator in ("maxLength", "minLength") and isinstance(instance, str):
        bound = error.validator_value
        more = "at most" if validator == "maxLength" else "at least"
        return f"{where}: {len(instance):,} characters, {more} {bound:,} allowed", ()
    if validator in ("minItems", "maxItems") and isinstance(instance, list):
        more = "at least" if validator == "minItems" else "at most"
        return f"{where}: {len(instance)} listed, {more} {error.validator_value} allowed", ()
    if validator == "uniqueItems" and isinstance(instance, list):
        twice = next((v for n, v in enumerate(instance) if v in instance[:n]), instance)
        return f"{where}: {shown(twice)} is listed twice", ()
    if validator in ("minimum", "maximum"):
        more = "at least" if validator == "minimum" else "at most"
        return f"{where}: {shown(instance)}; it must be {more} {error.validator_value}", ()
    return f"{where}: {cut(error.message)}", ()


def _key_choices(error: Any) -> list[str]:
    """The keys of a ``oneOf`` whose every branch only requires one key (a mapping that
    gives exactly one of them), else an empty list."""
    branches = error.validator_value
    if not all(set(b) == {"required"} and len(b["required"]) == 1 for b in branches):
        return []
    return [str(b["required"][0]) for b in branches]


def _one_key_of(error: Any, where: str) -> tuple[str, tuple[str, ...]]:
    """A mapping that must give exactly one of ``_key_choices``: which are missing (with
    what each holds) or which are given together."""
    choices = _key_choices(error)
    keys = " or ".join(f"`{k}:`" for k in choices)
    given = [k for k in choices if k in error.instance]
    if given:
        both = " and ".join(f"`{k}:`" for k in given)
        every = "both" if len(given) == 2 else "all"
        return f"{where}: {both} are {every} given, only one may be", (f"keep one of {both}",)
    properties = error.schema.get("properties", {})
    about = []
    for key in choices:
        text = str(properties.get(key, {}).get("description", "")).rstrip(".")
        if text:
            about.append(f"`{key}:` ({text[:1].lower()}{text[1:]})")
    hints = (f"give one of them: {' or '.join(about)}",) if about else ()
    return f"{where}: {keys} is missing", hints


def unknown_keys(
    error: Any,
    doc: yamlread.Document,
    filename: str,
    path: tuple[Any, ...],
    *,
    unlisted: Collection[str] = (),
    key_hints: Callable[[str], tuple[str, ...]] = lambda key: (),
) -> list[Problem]:
    """One ``schema_unknown_key`` problem per key an ``additionalProperties`` error found at
    ``path``, placed at the key, with the keys allowed there (but ``unlisted``), "did you
    mean", and the game's own ``key_hints`` first."""
    allowed = set(error.schema.get("properties", {}))
    extra = [k for k in error.instance if k not in allowed]
    known = ", ".join(sorted(allowed - set(unlisted)))
    where = describe(path)
    found = []
    for key in extra[:MAX_SCHEMA_PROBLEMS]:
        hints = did_you_mean(str(key), allowed) + key_hints(str(key))
        if key == "<<":  # YAML 1.1's merge key, which a log's YAML does not read
            hints = (
                "`<<` (a merge key) is not read in a game log: write the keys it would bring"
                " here, each on its own line",
            )
        if not hints:
            hints = (f"remove {quoted(key)}, or keep it as a comment (# {key}: ...)",)
        found.append(
            placed_problem(
                "schema_unknown_key",
                f"{where}: unknown key {quoted(key)}; the keys are {known}",
                "schema",
                doc,
                filename,
                (*path, key),
                key=True,
                entry=entry_number(path),
                hints=hints,
            )
        )
    return found


def entry_number(path: tuple[Any, ...]) -> int | None:
    """The move number of a place under ``moves``, else None."""
    if len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int):
        return path[1] + 1
    return None


def schema_hints(game: Game[Any, Any]) -> tuple[str, ...]:
    """What a schema problem without a hint of its own says to do: for the default game the
    schema layer's hint (docs/format.md, ``forex schema``); for another, ``forex schema
    --game NAME``, since a bare ``forex schema`` prints the default game's."""
    if game.name == games.DEFAULT_GAME:
        return ()
    return (f"forex schema --game {game.name} prints the JSON Schema of a {game.title} log",)


def schema_problems(game: Game[Any, Any], doc: yamlread.Document, filename: str) -> list[Problem]:
    """Every place where the log breaks its game's published schema, in the order of their
    places in the file (the first ``MAX_SCHEMA_PROBLEMS`` of them)."""
    found: list[Problem] = []
    errors = sorted(
        _validator(game.name).iter_errors(doc.data),
        key=lambda e: doc.place(tuple(e.absolute_path)) or (0, 0),
    )
    told = names_refused_at_players(errors)
    errors = [e for e in errors if not told_at_players(e, tuple(e.absolute_path), told)]
    for error in errors[: MAX_SCHEMA_PROBLEMS + 1]:  # (one more: are there more?)
        error = chosen_branch(error)
        path = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            unknown = unknown_keys(error, doc, filename, path)
            if unknown:
                found.extend(unknown)
                continue
        named = _bad_name(error, doc, filename, path, schema_hints(game))
        if named is not None:
            found.append(named)
            continue
        code = RECODED_KEYWORDS.get(str(error.validator), f"schema_{error.validator}")
        if code == "bad_notation":
            read = _unreadable_entry(game, doc, filename, path)
            if read is not None:  # the notation's own reason, as a log past the schema gets it
                found.append(read)
                continue
        message, hints = worded(error, describe(path), doc.data)
        found.append(
            placed_problem(
                code,
                message,
                "schema",
                doc,
                filename,
                path,
                entry=entry_number(path),
                hints=hints or schema_hints(game),
            )
        )
    found.sort(key=lambda p: (p.line or 0, p.column or 0))
    return capped(_rule_stated_once(found))


def capped(problems: list[Problem]) -> list[Problem]:
    """The first ``MAX_SCHEMA_PROBLEMS`` of a log's schema ``problems`` (in file order) and,
    when there are more, ``too_many_problems`` at the last one listed: every game's words."""
    if len(problems) <= MAX_SCHEMA_PROBLEMS:
        return problems
    kept = problems[:MAX_SCHEMA_PROBLEMS]
    last = kept[-1]
    return [
        *kept,
        Problem(
            "too_many_problems",
            f"more than {MAX_SCHEMA_PROBLEMS} schema problems: only the first"
            f" {MAX_SCHEMA_PROBLEMS} are listed",
            "schema",
            last.file,
            last.line,
            last.column,
        ),
    ]


def refused_name(error: Any, path: tuple[Any, ...]) -> str | None:
    """The player's name a schema error (at ``path``) refuses: an item of ``players``,
    ``first``, or a key that names a player (an entry's decider, a ``contacts:`` name ...);
    None for any other error."""
    error = chosen_branch(error)
    name = error.instance
    if not isinstance(name, str) or error.validator not in ("pattern", "anyOf", "not"):
        return None
    named = path == ("first",) or (len(path) == 2 and path[0] == "players")
    return name if named or "propertyNames" in error.schema_path else None


def names_refused_at_players(errors: Iterable[Any], prefix: tuple[Any, ...] = ()) -> set[str]:
    """The names of ``players:`` that ``errors`` (their paths under ``prefix``) refuse."""
    refused = set()
    for error in errors:
        path = (*prefix, *error.absolute_path)
        if len(path) == 2 and path[0] == "players":
            name = refused_name(error, path)
            if name is not None:
                refused.add(name)
    return refused


def told_at_players(error: Any, path: tuple[Any, ...], told: Collection[str]) -> bool:
    """Whether ``error`` (at ``path``) refuses a name ``told`` already at ``players:``, at
    another place (as ``first``, a move's decider ...): a bad name is told once, where the
    players are named, not again at every move of that player."""
    if len(path) == 2 and path[0] == "players":
        return False
    return refused_name(error, path) in told


def name_rule(pattern: str) -> str:
    """The rule of ``pattern`` (a game's player names) in words, as far as it refuses
    control characters, printable characters, and a space at either end."""
    compiled = re.compile(pattern)
    refused = [chr(c) for c in range(0x21, 0x7F) if not compiled.search(f"a{chr(c)}a")]
    parts: list[str] = []
    if not compiled.search("a\x01a"):
        parts.append("no control characters")
    if refused:
        parts.append(f"none of {' '.join(refused)}")
    if compiled.search("a a") and not compiled.search(" a") and not compiled.search("a "):
        parts.append("does not start or end with a space")
    return f"a player's name has {' and '.join(parts) or 'any characters'}"


def _rule_stated_once(problems: list[Problem]) -> list[Problem]:
    """The problems, with the player-name rule (``name_rule``) as a hint of the first bad
    name only."""
    kept, stated = [], False
    for problem in problems:
        rule = [h for h in problem.hints if h.startswith("a player's name has ")]
        if rule and stated:
            problem = replace(problem, hints=tuple(h for h in problem.hints if h not in rule))
        stated = stated or bool(rule)
        kept.append(problem)
    return kept


def _bad_name(
    error: Any,
    doc: yamlread.Document,
    filename: str,
    path: tuple[Any, ...],
    hints: tuple[str, ...],
) -> Problem | None:
    """``bad_player_name`` for a name the game's name pattern refuses (in ``players``, as
    ``first``, or as a key: an entry's decider, a ``contacts:`` name ...), saying what in it
    a name may not hold; None for any other error."""
    name = error.instance
    as_key = "propertyNames" in error.schema_path
    if not isinstance(name, str) or error.validator not in ("pattern", "anyOf"):
        return None
    if not as_key and not (path == ("first",) or (len(path) == 2 and path[0] == "players")):
        return None
    branches = [error.validator_value] if error.validator == "pattern" else []
    if error.validator == "anyOf":
        branches = [b["pattern"] for b in error.validator_value if "pattern" in b]
    if len(branches) != 1:
        return None
    pattern = re.compile(str(branches[0]))
    hints = (name_rule(str(branches[0])), *hints)
    held = sorted({ch for ch in name if not pattern.search(f"a{ch}a")})
    if held:
        why = f"a name may not hold {', '.join(shown(ch) for ch in held)}"
    elif name[:1].isspace() or name[-1:].isspace():
        why = "a name does not start or end with a space"
    else:
        why = "a name has 1 character or more, of those a name may hold"
    return placed_problem(
        "bad_player_name",
        f"{describe(path)}: {shown(name)} is not a valid player name: {why}",
        "schema",
        doc,
        filename,
        (*path, name) if as_key else path,
        key=as_key,
        entry=entry_number(path),
        hints=hints,
    )


def file_argument(filename: str) -> str:
    """``filename`` as the argument of a command a hint prints, as given (not only its last
    part: the command runs where this one did); ``FILE`` for a log that is no file of that
    name (standard input, a log in a mail)."""
    import os

    if not os.path.isfile(filename):
        return "FILE"
    return command_path(filename)


def notation_problem(
    error: Exception, doc: yamlread.Document, filename: str, index: int, key: str, text: str
) -> Problem:
    """The problem of entry ``index`` (``KEY: TEXT``) whose text the game's notation cannot
    read (``error``, its ``notation_error``): its reason, and where to see what is legal."""
    number = index + 1
    return placed_problem(
        getattr(error, "code", "bad_notation"),
        f"move {number}: {key}: {text}: {getattr(error, 'reason', error)}",
        "schema",
        doc,
        filename,
        ("moves", index, key),
        entry=number,
        hints=(
            f"forex moves {file_argument(filename)} --at {number - 1} lists the decisions legal"
            " there, as a log writes them",
        ),
    )


def _unreadable_entry(
    game: Game[Any, Any], doc: yamlread.Document, filename: str, path: tuple[Any, ...]
) -> Problem | None:
    """``notation_problem`` of the entry text at ``path`` that the schema's patterns refuse,
    if the notation refuses it too (None: not an entry's text, or one the notation reads)."""
    if len(path) != 3 or path[0] != "moves" or not isinstance(path[1], int):
        return None
    try:
        text = doc.data["moves"][path[1]][path[2]]
    except (KeyError, IndexError, TypeError):
        return None
    if not isinstance(text, str):
        return None
    try:
        game.parse(str(path[2]), text)
    except game.notation_error as error:
        return notation_problem(error, doc, filename, path[1], str(path[2]), text)
    return None


def keys_text(keys: Sequence[str], players: Sequence[str]) -> str:
    """``ben, ann; other entry keys: deck``: the players, then the keys that are not players."""
    others = [k for k in keys if k not in players]
    listed = ", ".join(str(p) for p in players)
    return listed + (f"; other entry keys: {', '.join(others)}" if others else "")


def error_hints(error: Exception) -> list[str]:
    """The hints a game's error carries, and "did you mean" for a name it does not know."""
    hints = [str(h) for h in getattr(error, "hints", ()) or ()]
    unknown = getattr(error, "unknown", None)
    if unknown is not None:
        word, choices = unknown
        hints[:0] = did_you_mean(str(word), [str(c) for c in choices])
    return hints
