"""The text of a new World Exchangers log (``forex new --game world-exchangers``).

The header names the components file (relative to the log's folder) with its
SHA-256, and the deal: here always ``deal: seed`` with the seed written, so
that anyone replaying the log deals the same cards (a friendly game; for
players who do not trust each other see "Dealing" in docs/worldex-rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...words import says
from .schema_source import GAME_NAME


def new_log_text(
    players: Sequence[str],
    components: str,
    sha256: str,
    seed: str,
    *,
    first: str | None = None,
    title: str | None = None,
    site: str | None = None,
    started: str | None = None,
    roles_side: str | None = None,
    boards: Mapping[str, str] | None = None,
    house_rules: Mapping[str, str] | None = None,
) -> str:
    """A log with no moves, dealt from ``seed``; every value quoted as YAML needs (the
    players' keys and ``signatures:`` are the frame's to add: ``forex new --key-for``)."""
    from ...record.entrytext import quote

    lines = [f"game: {GAME_NAME}", "worldex: 1"]
    if title:
        lines.append(f"title: {quote(title)}")
    if site:
        lines.append(f"site: {quote(site)}")
    if started:
        lines.append(f"started: {quote(started)}")
    lines.append("players: [" + ", ".join(quote(name) for name in players) + "]")
    if first is not None:
        lines.append(f"first: {quote(first)}")
    lines += ["components:", f"  file: {quote(components)}", f"  sha256: {sha256}"]
    if roles_side is not None:
        lines.append(f"roles_side: {roles_side}")
    if boards:
        lines.append(
            "boards: {" + ", ".join(f"{quote(p, flow=True)}: {s}" for p, s in boards.items()) + "}"
        )
    lines += ["deal: seed", f"seed: {quote(seed)}"]
    if house_rules:
        lines.append("house_rules:")
        lines.extend(f"  {name}: {value}" for name, value in house_rules.items())
    lines.append("moves: []")
    return "\n".join(lines) + "\n"


def parse_house_rules(items: Sequence[str]) -> dict[str, str]:
    """``--house-rule NAME=VALUE`` items, checked against ``HouseRules.OPTIONS``.

    Raises ``ValueError`` with a readable reason (and a close name or value when one is meant).
    """
    from ...words import close_match
    from .rules import HouseRules

    options = HouseRules.OPTIONS
    listed = "; ".join(f"{n}={'|'.join(v)}" for n, v in options.items())
    rules: dict[str, str] = {}
    for item in items:
        name, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not name or not value:
            raise ValueError(f"{item!r}: write NAME=VALUE; the house rules are {listed}")
        if name not in options:
            meant = close_match(name, options)
            hint = f"did you mean {meant}? " if meant else ""
            raise ValueError(f"{name!r} is not a house rule; {hint}the house rules are {listed}")
        if value not in options[name]:
            meant = close_match(value, options[name])
            hint = f"; did you mean {meant}?" if meant else ""
            raise ValueError(
                f"{value!r} is not a value of the house rule {name}:"
                f" it is one of {', '.join(options[name])}{hint}"
            )
        if rules.get(name, value) != value:
            raise ValueError(f"{name} is given twice: {rules[name]} and {value}")
        rules[name] = value
    return rules


def red_marker_missing(components: Any, players: Sequence[str], seed: str) -> str | None:
    """The roles the seed deals (``ann Wigstan, bob Rue``) when none has the red marker."""
    from .rules import seeded_deal
    from .rules.rules import STARTING_COLOUR

    deal = seeded_deal(components, seed, len(players))
    if any(components.role(role).colour == STARTING_COLOUR for role in deal.roles):
        return None
    return ", ".join(f"{name} {role}" for name, role in zip(players, deal.roles, strict=True))


def red_marker_holder(components: Any, players: Sequence[str], seed: str) -> str | None:
    """The player the seed deals the red marker (who starts), or None when nobody holds it."""
    from .rules import seeded_deal
    from .rules.rules import STARTING_COLOUR

    deal = seeded_deal(components, seed, len(players))
    for name, role in zip(players, deal.roles, strict=True):
        if components.role(role).colour == STARTING_COLOUR:
            return name
    return None


def created_report(
    path: str, state: Any, seed: str, rules: Mapping[str, str], *, shipped: bool = False
) -> str:
    """What ``forex new`` says of a new World Exchangers log: who plays which role and
    board, who starts and why, the house rules, what is face up, and what to do next;
    ``shipped``: the components are forexcli's own, taken because none were named."""
    from ...record.problems import command_path, player_command
    from .rules import Phase

    players = state.players
    seats = ", ".join(f"{p.name} ({p.role}, board {p.board}, cash {p.start_cash})" for p in players)
    first = players[state.first]
    colour = state.components.role(first.role).colour
    why = "the red marker" if colour == "red" else "named by --first: nobody holds the red marker"
    lines = [
        f"created {path}: World Exchangers, role cards on side {state.role_side}; {seats}",
        f"{says(first.name, 'plays')} first ({why}); dealt from seed {seed!r}",
        f"sale area: {', '.join(state.area)}; trend cards: {state.mid_trend} (month 6),"
        f" {state.end_trend} (month 12)",
    ]
    if rules:
        lines.append("house rules: " + ", ".join(f"{n}={v}" for n, v in rules.items()))
    if shipped:
        lines.append(
            "note: the components are the invented ones forexcli ships (no --components"
            " FILE named yours: docs/worldex-rules.md tells how to write them); they are not"
            " the published cards or boards"
        )
    elif state.components.invented:
        lines.append(
            f"note: the components ({state.components.title or 'untitled'}) are invented:"
            " they are not the published cards or boards"
        )
    assert state.pending.phase is Phase.TURN
    shown = command_path(path)
    play = player_command("forex play", shown, first.name, "DECISION")
    lines.append(f"next: forex moves {shown}   (then: {play})")
    return "\n".join(lines)
