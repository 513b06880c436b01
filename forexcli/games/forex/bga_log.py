"""``forex import``'s library: a Board Game Arena table log read, converted and written as a log.

``read_json`` reads the bytes of a table log (``.json`` or gzip-compressed), within limits,
as one placed problem when they are not JSON. ``import_table`` converts it
(``games.forex.bga_import``), checks the players' names against the log format, writes the
log's text and checks it as ``forex validate`` would: the written log must replay to
exactly the game whose every fact was checked. Problems are ``LogError`` (layer ``import``,
or ``io``); nothing here writes a file.
"""

from __future__ import annotations

import gzip
import io
import json
import textwrap
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from msgspec import Struct

from ...record.problems import LogError, Problem
from ...words import says, verb_for
from .bga_import import (
    SITE,
    UNKNOWN,
    Imported,
    TableLog,
    TableLogError,
    convert,
    read_table_log,
    renamed,
    review_url,
)
from .notation import write_entry
from .rules import CURRENCIES
from .schema_source import NAME_RULE

MAX_JSON_BYTES = 64 * 1024 * 1024
"""The most a table log may hold once decompressed (a long game's is well under 1 MiB)."""

USAGE_CODES = frozenset(
    {
        "removed_unknown",
        "removed_inconsistent",
        "bad_player_name",
        "confusable_names",
        "unknown_player",
    }
)
"""Problems an option fixes (``--removed``, ``--rename``): exit status 2, like a usage error."""


class ImportedLog(Struct):
    """A table log imported: the log's text and the game it holds."""

    text: str
    game: Imported
    title: str


def _problem(code: str, message: str, filename: str, hints: tuple[str, ...] = ()) -> LogError:
    return LogError([Problem(code, message, "import", filename, hints=hints)])


NOT_JSON_HINT = (
    "a table log is the JSON that Board Game Arena's game review page loads for a table"
    " (saved as .json or .json.gz)"
)


def read_json(data: bytes, filename: str) -> Any:
    """The JSON of a table log's bytes, gunzipped first if they are gzip's."""
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
                data = unpacked.read(MAX_JSON_BYTES + 1)
        except (OSError, EOFError, zlib.error) as error:
            raise _problem("bad_json", f"not a whole gzip file: {error}", filename) from None
        if len(data) > MAX_JSON_BYTES:
            raise _problem(
                "too_large",
                f"it unpacks to more than {MAX_JSON_BYTES:,} bytes; a table log is far smaller",
                filename,
            )
    try:
        return json.loads(data)
    except json.JSONDecodeError as error:
        cut = " (cut short?)" if error.pos >= len(error.doc.rstrip()) else ""
        problem = Problem(
            "bad_json",
            f"not JSON: {error.msg}{cut}",
            "import",
            filename,
            error.lineno,
            error.colno,
            hints=(NOT_JSON_HINT,),
        )
        raise LogError([problem]) from None
    except UnicodeDecodeError:
        raise _problem("bad_json", "not JSON: not UTF-8 text", filename, (NOT_JSON_HINT,)) from None
    except RecursionError:
        raise _problem("bad_json", "nested too deeply for a table log", filename) from None
    except ValueError as error:  # a number of more digits than Python reads
        raise _problem("bad_json", f"a value JSON readers refuse: {error}", filename) from None


def _names_checked(names: Mapping[str, str], filename: str) -> None:
    """The names the log would hold (``names``: each site's name to its name in the log, as
    ``--rename`` leaves it), refused with the ``--rename`` that fixes each problem."""
    from ...record.hints import confusable_pairs
    from .logcheck import name_problem

    for site, name in names.items():
        problem = name_problem(name)
        new = not problem and name.startswith("-")  # valid in a log, refused in a new one
        if new:
            problem = (
                "it starts with -, which every command printed for the player would read as"
                " an option"
            )
        if problem:
            whose = (
                f"the site's name {name!r}"
                if site == name
                else f"the name {name!r} (--rename {site}={name})"
            )
            raise _problem(
                "bad_player_name",
                f"{whose} cannot be a name in a {'new ' if new else ''}log: {problem}",
                filename,
                (f"give it another with --rename {_rename_word(site)} ({NAME_RULE})",),
            )

    def renamed_first(*sites: str) -> str:
        """The site's name to rename: one --rename renamed already, else the last."""
        return next((site for site in sites if names[site] != site), sites[-1])

    site_of: dict[str, str] = {}
    for site, name in names.items():
        if name in site_of:
            rename = renamed_first(site_of[name], site)
            raise _problem(
                "confusable_names",
                f"{site_of[name]!r} and {site!r} would both be {name!r} in the log",
                filename,
                (f"give one another name with --rename {_rename_word(rename)}",),
            )
        site_of[name] = site
    for a, b in confusable_pairs(list(names.values())):
        rename = renamed_first(site_of[a], site_of[b])
        raise _problem(
            "confusable_names",
            f"{a!r} and {b!r} would be taken for one player in a log",
            filename,
            (f"give one another name with --rename {_rename_word(rename)}",),
        )


def _renames_checked(table: TableLog, renames: Mapping[str, str], filename: str) -> None:
    """``unknown_player`` for a ``--rename OLD=NEW`` whose OLD does not play at the table,
    with a hint that names one who does, as ``--rename`` takes it."""
    names = list(table.names.values())
    for old in renames:
        if old not in names:
            raise _problem(
                "unknown_player",
                f"{old!r} does not play at this table ({', '.join(names)})",
                filename,
                (
                    "--rename takes a name as the table shows it, as in"
                    f" --rename {_rename_word(names[-1])}",
                ),
            )


def _rename_word(site: str) -> str:
    """``'noor=NEW'``: the ``--rename`` of the site's name ``site``, quoted for a shell
    (``command_word``) and in quotes even when it needs none, as a hint shows it."""
    from ...record.problems import command_word

    word = command_word(f"{site}=NEW")
    return word if word[:1] in ("'", '"') else f"'{word}'"


def import_table(
    data: Any,
    filename: str,
    *,
    removed: Sequence[int] | str | None = None,
    title: str | None = None,
    renames: Mapping[str, str] | None = None,
    schema_ref: str | None = None,
) -> ImportedLog:
    """A table log's parsed JSON as the text of a checked For-Ex log; problems as ``LogError``."""
    try:
        table = site = read_table_log(data)
        if renames:
            _renames_checked(site, renames, filename)
            table = renamed(table, renames)
        _names_checked({site.names[pid]: name for pid, name in table.names.items()}, filename)
        game = convert(table, removed=removed)
    except TableLogError as error:
        place = error.place()
        message = f"{place}: {error.reason}" if place else error.reason
        raise _problem(error.code, message, filename, error.hints) from None
    title = title if title is not None else f"{SITE} table {game.table}"
    text = log_text(game, title, schema_ref)
    _check_written(text, game, filename)
    return ImportedLog(text, game, title)


def import_log(
    read: Callable[[], bytes], filename: str, options: Mapping[str, Any]
) -> tuple[str, str]:
    """``Game.import_table``: the options checked (``--removed``: ``parse_removed``'s, or
    ``unknown``), then the table log ``read`` gives, as the text of a checked For-Ex log and a
    line saying what it holds; a problem an option fixes (``USAGE_CODES``) is a usage error."""
    from ...reporters import clean
    from .. import ViewRefused
    from .views.newlog import parse_removed

    removed = options.get("removed")
    counts: tuple[int, ...] | str | None = None
    if removed is not None and removed.strip().lower() == "unknown":
        counts = "unknown"
    elif removed is not None:
        try:
            counts = parse_removed(removed)
        except ValueError as error:
            raise ViewRefused(
                clean(str(error)),
                "--removed",
                hints=(
                    "write the 6 certificates removed at set-up as CUR=N (--removed"
                    " GBP=1,USD=2,CNY=3), or --removed unknown when the table log does not say",
                ),
            ) from None
    try:
        imported = import_table(
            read_json(read(), filename),
            filename,
            removed=counts,
            title=options.get("title"),
            renames=options.get("renames"),
            schema_ref=options.get("schema_ref"),
        )
    except LogError as error:
        if any(p.code in USAGE_CODES for p in error.problems):
            raise LogError(error.problems, usage=True) from None
        raise
    return imported.text, summary(imported.game)


def log_text(game: Imported, title: str, schema_ref: str | None = None) -> str:
    """The text of the log of an imported game."""
    from ...record.entrytext import quote
    from .views.newlog import new_log_text

    header = new_log_text(
        list(game.players),
        first=game.first,
        removed=UNKNOWN if game.removed is None else game.removed,
        title=title or None,
        site=f"{SITE}, table {game.table}",
        started=game.started,
        schema_ref=schema_ref or None,
    )
    lines = header.splitlines()
    at = 1 if lines[0].startswith("# yaml-language-server:") else 0
    lines.insert(at, f"# imported by forex import from {review_url(game.table)}")
    if game.removed_how != "given":
        at = next(i for i, line in enumerate(lines) if line.startswith("removed:"))
        said = (
            "deduced by forex import: the only 6 the table log allows"
            if game.removed_how == "deduced"
            else "not known: the table log does not say, and forex import was told so"
        )
        wrapped = textwrap.wrap(f"({game.removed_reason})", 88)
        lines[at:at] = [f"# removed: {said}", *(f"# {line}" for line in wrapped)]
    assert lines[-1] == "moves: []"
    if game.entries:
        lines[-1] = "moves:"
        lines.extend(f"  - {quote(who)}: {write_entry(written)}" for who, written in game.entries)
    lines.extend(f"# not in this log: {what}" for what in game.left_out)
    return "\n".join(lines) + "\n"


def _check_written(text: str, game: Imported, filename: str) -> None:
    """The written log must read back, replay legally, and reach the checked game's state."""
    from ...record.gamelog import read_log, replay

    try:
        played = replay(read_log(text, "the imported log"))
    except LogError as error:  # pragma: no cover - the importer's own fault
        raise _problem(
            "table_mismatch",
            f"the log written for {filename} does not read back: {error}",
            filename,
        ) from None
    if played.problem is not None:  # pragma: no cover - the importer's own fault
        raise _problem(
            "table_mismatch",
            f"the log written for {filename} does not replay: {played.problem.message}",
            filename,
        )
    if not game.left_out and played.final != game.final:  # pragma: no cover
        raise _problem(
            "table_mismatch", f"the log written for {filename} replays to another game", filename
        )


def summary(game: Imported) -> str:
    """One line on what was imported: the players, the set-up, how far the game went."""
    if game.removed is None:
        removed = "removed unknown"
    else:
        gone = ", ".join(f"{n} {c}" for c, n in zip(CURRENCIES, game.removed, strict=True) if n)
        how = "deduced from the table log" if game.removed_how == "deduced" else "as given"
        removed = f"removed {gone} ({how})"
    state = game.final
    if state.result is not None:
        winners = ", ".join(state.players[s] for s in state.result.winners())
        where = (
            f"the game is over: {winners} {'win' if ',' in winners else verb_for(winners, 'wins')}"
        )
    else:
        where = f"the game goes on: {says(f'{state.pending_player}', 'decides')} next"
    return (
        f"table {game.table}: {len(game.entries)} moves; {', '.join(game.players)};"
        f" {says(game.first, 'plays')} first; {removed}; {where}"
    )
