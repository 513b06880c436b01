"""``forex new``: a new log, of For-Ex or of World Exchangers."""

from __future__ import annotations

import os
from collections.abc import Sequence

import click

from ..reporters import clean
from . import EPILOG, GAMES
from . import echo as _echo
from .common import FILE, ProblemExit, encoded_output, print_written


def _split_names(values: Sequence[str]) -> list[str]:
    names: list[str] = []
    for value in values:
        names.extend(part.strip() for part in value.split(","))
    return [n for n in names if n]


def _check_name(name: str, what: str) -> None:
    from ..games.forex.logcheck import name_problem
    from ..games.forex.schema_source import NAME_RULE

    problem = name_problem(name)
    if problem:
        raise click.BadParameter(
            f"{clean(name)!r} is not a valid player name: {problem} ({NAME_RULE})",
            param_hint=what,
        )


def _meant(name: str, names: Sequence[str]) -> str:
    """``; did you mean ann?`` when one of ``names`` is close to ``name``."""
    from ..record.hints import close_match

    match = close_match(name, names)
    return f"; did you mean {clean(match)}?" if match is not None else ""


def _check_confusable(names: Sequence[str]) -> None:
    from ..record.hints import confusable_pairs

    for a, b in confusable_pairs(names):
        raise click.BadParameter(
            f"{clean(a)!r} and {clean(b)!r} would be taken for one player: names must differ"
            " by more than letter case, spaces or Unicode forms",
            param_hint="'--players'",
        )


@click.command("new", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option(
    "--players",
    "players",
    multiple=True,
    metavar="NAMES",
    help="The players in seat order, comma-separated (alice,bob,carol).",
)
@click.option("--player", "player", multiple=True, metavar="NAME", help="One player; repeat it.")
@click.option(
    "--first",
    metavar="NAME",
    help="Who takes the first turn [the first seat]. World Exchangers: the red marker's holder"
    " starts; --first is needed (and only allowed) when the seed deals nobody the red marker.",
)
@click.option(
    "--removed",
    metavar="CUR=N,...",
    help="The 6 certificates removed at set-up: GBP=1,USD=2,CNY=3 (or GBP,USD,USD,CNY,CNY,CNY).",
)
@click.option(
    "--seed",
    metavar="TEXT",
    help="Draw the removed certificates from this seed. Without --removed or --seed a random"
    " seed is drawn and recorded.",
)
@click.option("--title", metavar="TEXT", help="A name for the game.")
@click.option("--site", metavar="TEXT", help="Where it is played: a club, a forum thread.")
@click.option(
    "--started",
    metavar="DATE",
    help="When it started [today, YYYY-MM-DD]; an empty value leaves it out.",
)
@click.option(
    "--contact",
    multiple=True,
    metavar="NAME=ADDRESS",
    help="How to reach a player (e-mail, forum handle); repeat it.",
)
@click.option(
    "--house-rule",
    "house_rule",
    multiple=True,
    metavar="NAME=VALUE",
    help="A house rule the table plays: rounding=each|total, merged_loan=keep|back"
    " [each, keep]; World Exchangers: trend_ties=all|none, media_floor=zero|none,"
    " pass_symbols=gain|none, mid_year_refill=refill|skip [the first of each]; repeat it.",
)
@click.option(
    "--schema-ref",
    metavar="URL|PATH",
    help="Write a first-line modeline naming this schema for editors (a path relative to the"
    " log, such as ../schemas/forex-log.schema.json, saved by forex schema > FILE; or a URL)"
    " [no modeline].",
)
@click.option(
    "--key-for",
    "key_for",
    multiple=True,
    metavar="NAME=PUBFILE",
    help="A player's Ed25519 public key (an OpenSSH .pub file) to check their signed moves;"
    " repeat it.",
)
@click.option(
    "--require-signatures",
    "require_signatures",
    is_flag=True,
    help="Write signatures: required: every move signed, and no move after a spot deal its"
    " partner has not countersigned (forex play and forex read refuse one).",
)
@click.option(
    "--game",
    type=click.Choice(list(GAMES)),
    default=GAMES[0],
    show_default=True,
    help="The game to record.",
)
@click.option(
    "--components",
    "components",
    metavar="FILE",
    type=FILE,
    help="World Exchangers: the components file (cards and boards) the log names, with its"
    " SHA-256.",
)
@click.option(
    "--board",
    "board",
    multiple=True,
    metavar="NAME=A|B",
    help="World Exchangers: the side of a player's board [A]; repeat it.",
)
@click.option(
    "--roles-side",
    type=click.Choice(["A", "B"]),
    help="World Exchangers: the side of the role cards [A].",
)
@click.option("--dry-run", is_flag=True, help="Print the new log instead of writing it.")
def new_command(
    file: str,
    players: tuple[str, ...],
    player: tuple[str, ...],
    first: str | None,
    removed: str | None,
    seed: str | None,
    title: str | None,
    site: str | None,
    started: str | None,
    contact: tuple[str, ...],
    house_rule: tuple[str, ...],
    schema_ref: str | None,
    key_for: tuple[str, ...],
    require_signatures: bool,
    game: str,
    components: str | None,
    board: tuple[str, ...],
    roles_side: str | None,
    dry_run: bool,
) -> None:
    """Start a game in a new log FILE (never overwrites a file).

    The log records the seat order, the first player and the 6 certificates
    removed at set-up (given, or drawn from a seed), the house rules if any,
    with no moves yet.

    With --game world-exchangers it names the components file (--components;
    forexcli ships invented ones, and says where when it is left out) and its
    SHA-256, and the tool deals from --seed (a random one if not given):

    \b
      forex new wx.yaml --game world-exchangers --players ben,ann \\
          --components forexcli/games/worldex/data/invented-components.json
      forex moves wx.yaml
      forex play wx.yaml ben buy Vienna
    """
    import datetime

    from ..games.forex.engine import CURRENCIES, HouseRules, SetupError, draw_removed, new_game
    from ..record.gamelog import parse_log
    from ..record.problems import LogError
    from ..reporters.newlog import (
        create_log,
        new_log_text,
        parse_house_rule,
        parse_removed,
        random_seed,
    )

    names = _split_names(players) + [p.strip() for p in player]
    if not names:
        raise click.UsageError("name the players: --players alice,bob,carol")
    if game != GAMES[0]:
        if (
            removed is not None
            or contact
            or key_for
            or require_signatures
            or schema_ref is not None
        ):
            raise click.UsageError(
                "--removed, --contact, --key-for, --require-signatures and --schema-ref are"
                " For-Ex's only for now"
            )
        _other_new(
            file,
            names,
            components,
            first,
            seed,
            title,
            site,
            started,
            house_rule,
            board,
            roles_side,
            dry_run,
        )
        return
    if components is not None or board or roles_side is not None:
        raise click.UsageError(
            "--components, --board and --roles-side are for --game world-exchangers"
        )
    for name in names:
        _check_name(name, "'--players'")
    _check_confusable(names)
    if first is not None:
        _check_name(first, "'--first'")
        if first not in names:
            raise click.BadParameter(
                f"{clean(first)!r} is not one of the players{_meant(first, names)}",
                param_hint="'--first'",
            )
    if removed is not None and seed is not None:
        raise click.UsageError("give --removed or --seed, not both")
    counts: tuple[int, ...] | None = None
    if removed is not None:
        try:
            counts = parse_removed(removed)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="'--removed'") from None
    elif seed is None:
        seed = random_seed()
    contacts: dict[str, str] = {}
    for item in contact:
        name, sep, address = item.partition("=")
        if not sep or not name.strip() or not address.strip():
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=ADDRESS", param_hint="'--contact'"
            )
        if name.strip() not in names:
            raise click.BadParameter(
                f"{clean(name.strip())!r} is not one of the players{_meant(name.strip(), names)}",
                param_hint="'--contact'",
            )
        contacts[name.strip()] = address.strip()
    rules: dict[str, str] = {}
    for item in house_rule:
        try:
            option, value = parse_house_rule(item)
        except ValueError as error:
            raise click.BadParameter(clean(str(error)), param_hint="'--house-rule'") from None
        if rules.get(option, value) != value:
            raise click.BadParameter(
                f"{option} is given twice: {rules[option]} and {value}",
                param_hint="'--house-rule'",
            )
        rules[option] = value
    keys = _keys_for(key_for, names)
    try:
        new_game(
            names,
            counts if counts is not None else draw_removed(seed or ""),
            first,
            HouseRules(**rules),
        )
    except SetupError as error:
        raise click.UsageError(clean(error.reason)) from None
    if started is None:
        started = datetime.date.today().isoformat()
    text = new_log_text(
        names,
        first=first,
        removed=counts,
        seed=seed,
        title=title or None,
        site=site or None,
        started=started or None,
        contacts=contacts,
        schema_ref=schema_ref or None,
        house_rules=rules,
        keys=keys,
        signatures_required=require_signatures,
    )
    try:
        log = parse_log(text, file)
    except LogError as error:  # a value the schema refuses (a title too long, ...)
        raise ProblemExit(error.problems, exit_code=2) from None
    if dry_run:
        _echo(text)
        return
    removed = log.new_game().removed
    gone = ", ".join(f"{n} {c}" for c, n in zip(CURRENCIES, removed, strict=True) if n)
    drawn = f" (drawn from seed {seed!r})" if seed is not None else ""
    house = "".join(f"; house rule {option}={value}" for option, value in rules.items())
    report = (
        f"created {clean(file)}: {', '.join(clean(n) for n in names)};"
        f" {clean(log.first)} plays first; removed {gone}{drawn}{house}\n"
        f"next: forex moves {clean(file)}"
    )
    out = encoded_output([(report, False)])
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, "the new log", file)


def _keys_for(items: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """``--key-for NAME=PUBFILE`` as the players' public-key lines (checked)."""
    from ..record.keys import parse_public

    keys: dict[str, str] = {}
    for item in items:
        name, sep, path = item.partition("=")
        name, path = name.strip(), path.strip()
        if not sep or not name or not path:
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=PUBFILE", param_hint="'--key-for'"
            )
        if name not in names:
            raise click.BadParameter(
                f"{clean(name)!r} is not one of the players", param_hint="'--key-for'"
            )
        try:
            with open(os.path.expanduser(path), encoding="utf-8") as handle:
                line = " ".join(handle.read(8192).split())
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "not text"
            raise click.BadParameter(
                f"cannot read {clean(path)}: {reason}", param_hint="'--key-for'"
            ) from None
        try:
            parse_public(line)
        except ValueError as error:
            raise click.BadParameter(
                f"{clean(path)} is not an Ed25519 public key: {error}", param_hint="'--key-for'"
            ) from None
        keys[name] = line
    return keys


def _other_new(
    file: str,
    names: list[str],
    components: str | None,
    first: str | None,
    seed: str | None,
    title: str | None,
    site: str | None,
    started: str | None,
    house_rule: tuple[str, ...],
    board: tuple[str, ...],
    roles_side: str | None,
    dry_run: bool,
) -> None:
    """``new --game world-exchangers``: a log dealt from a seed, checked before it is written."""
    import datetime

    from ..games.worldex.load import ComponentsFileError, read_components
    from ..games.worldex.newlog import (
        created_report,
        new_log_text,
        parse_house_rules,
        red_marker_missing,
    )
    from ..record import gamelog
    from ..record.problems import LogError
    from ..reporters.newlog import create_log, random_seed

    if components is None:
        from ..games.worldex.load import EXAMPLE_COMPONENTS

        raise click.UsageError(
            "name the components file (the cards and boards): --components FILE. forexcli"
            f" ships invented ones for trying the game: --components {EXAMPLE_COMPONENTS}"
            " (not the published cards; docs/worldex-rules.md tells how to write yours)"
        )
    if first is not None and first not in names:
        raise click.BadParameter(
            f"{clean(first)!r} is not one of the players{_meant(first, names)}",
            param_hint="'--first'",
        )
    try:
        loaded = read_components(components)
    except ComponentsFileError as error:
        raise click.BadParameter(clean(error.reason), param_hint="'--components'") from None
    try:
        rules = parse_house_rules(house_rule)
    except ValueError as error:
        raise click.BadParameter(clean(str(error)), param_hint="'--house-rule'") from None
    seed = seed or random_seed()
    if first is None and len(names) >= 2:
        dealt = red_marker_missing(loaded.components, names, seed)
        if dealt is not None:
            raise click.UsageError(
                f"the seed deals no red marker ({clean(dealt)}): the rulebook's starting"
                " player is the one who spent the most money today, which the log cannot"
                f" know; name them with --first (one of {', '.join(clean(n) for n in names)})"
            )
    boards = {}
    for item in board:
        name, sep, side = item.partition("=")
        if not sep or name.strip() not in names or side.strip() not in ("A", "B"):
            raise click.BadParameter(
                f"{clean(item)!r}: write NAME=A or NAME=B for a player", param_hint="'--board'"
            )
        boards[name.strip()] = side.strip()
    folder = os.path.dirname(os.path.abspath(file))
    relative = os.path.relpath(os.path.abspath(components), folder).replace(os.sep, "/")
    if started is None:
        started = datetime.date.today().isoformat()
    text = new_log_text(
        names,
        relative,
        loaded.sha256,
        seed,
        first=first,
        title=title or None,
        site=site or None,
        started=started or None,
        roles_side=roles_side,
        boards=boards,
        house_rules=rules,
    )
    try:
        record = gamelog.read_log(text, os.path.join(folder, os.path.basename(file)))
        state = gamelog.replay(record).final
    except LogError as error:
        raise click.UsageError("; ".join(clean(p.message) for p in error.problems)) from None
    if dry_run:
        _echo(text.rstrip("\n"))
        return
    try:
        create_log(file, text)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    report = created_report(file, state, seed, rules)
    out = encoded_output([(clean(report, newlines=True), False)])
    print_written(out, f"the new log {clean(file)}", file)
