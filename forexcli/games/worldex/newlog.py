"""The text of a new World Exchangers log (``forex new --game world-exchangers``).

The header names the components file (relative to the log's folder) with its
SHA-256, and the deal: here always ``deal: seed`` with the seed written, so
that anyone replaying the log deals the same cards (a friendly game; for
players who do not trust each other see "Dealing" in docs/worldex-rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
    """A log with no moves, dealt from ``seed``; every value quoted as YAML needs."""
    from ...record.edit import quote

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
