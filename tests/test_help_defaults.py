"""Help that is true: every default a command's help states is the one the code uses.

Three places state a default: click's ``[default: X]`` (``show_default``), the project's
bracket at the end of an option's help (``[1, when --simulations is not given]``, ``[the
last]``) or a phrase (``(default 3)``, ``3 by default``), and a command's ``By default``
sentence. For every option of every command:

- a default stated as a value (a number, a choice, ``-``) is click's default; when click's
  default is None the code supplies it at run time, and ``RUNTIME_DEFAULTS`` checks it there;
- an option states its default once (not both ``show_default`` and words of its own);
- a command's ``By default`` sentence is the bracketed default of one of its options, in the
  same words.

And the two findings of issue 41: ``message --since``'s default is what the next decider has
not seen (as ``--since-player`` of them gives), and ``hint``'s value is the advisor's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest

from forexcli.cli import forex
from tests.cli.test_commands import new_game, run

ROOT = Path(__file__).parent.parent


def _commands(
    command: click.Command, path: tuple[str, ...] = ()
) -> Iterator[tuple[str, click.Command]]:
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from _commands(sub, (*path, name))
    else:
        yield " ".join(path), command


COMMANDS = list(_commands(forex))
OPTIONS = [
    (name, option)
    for name, command in COMMANDS
    for option in command.params
    if isinstance(option, click.Option) and option.help
]


def _words(text: str) -> str:
    return " ".join(text.split())


def bracket_default(help_text: str) -> str | None:
    """The default an option's help states in a bracket at its end (or before ``; repeat``)."""
    found = re.search(r"\[([^\[\]]*)\](?:;[^\[\]]*)?\.?\s*$", help_text)
    if found is None or found.group(1).startswith("default: "):
        return None
    return _words(found.group(1))


PHRASES = (
    re.compile(r"\[default: ([^\]]+)\]"),
    re.compile(r"\(default:? ([^),;]+)"),
    re.compile(r"\bdefault is ([^\s,;.)]+)"),
    re.compile(r"(\S+) by default\b"),
)
"""Defaults stated in words within an option's help."""


def stated_defaults(help_text: str) -> list[str]:
    """Every default the help text states: phrases, then the closing bracket."""
    found = [m.group(1).strip() for phrase in PHRASES for m in phrase.finditer(help_text)]
    bracket = bracket_default(help_text)
    if bracket is not None:
        found.append(bracket)
    return found


def literal(option: click.Option, stated: str) -> object | None:
    """The value ``stated`` begins with, as the option's type reads it (None: words only)."""
    token = re.split(r"[,:;]| when | for | with ", stated, maxsplit=1)[0].strip()
    kind = option.type
    if isinstance(kind, click.Choice):
        return token if token in kind.choices else None
    if isinstance(kind, (click.types.IntParamType, click.IntRange)):
        return int(token) if re.fullmatch(r"-?\d+", token) else None
    if isinstance(kind, (click.types.FloatParamType, click.FloatRange)):
        return float(token) if re.fullmatch(r"-?\d+(\.\d+)?", token) else None
    if token == "-":
        return token
    return None


def _unset(value: object) -> bool:
    return value is None or type(value).__name__ == "Sentinel" or value == ()


def _seconds() -> object:
    from forexcli.cli.engine import search_budget

    return search_budget(None, None).seconds


def _first_analysed() -> object:
    from forexcli.cli.engine import _analyse_range

    return _analyse_range("g.yaml", 10, None, None)[0]


def _worldex_sides() -> object:
    from forexcli.games.worldex import setup_from_header

    setup, _rules = setup_from_header({"players": ["ada", "ben"]})
    assert setup.boards == (setup.role_side, setup.role_side)
    return setup.role_side


RUNTIME_DEFAULTS: dict[tuple[str, str], Callable[[], object]] = {
    ("hint", "--seconds"): _seconds,
    ("play", "--seconds"): _seconds,
    ("analyse", "--seconds-per-move"): _seconds,
    ("chart", "--seconds"): _seconds,
    ("html", "--seconds"): _seconds,
    ("analyse", "--from"): _first_analysed,
    ("new", "--roles-side"): _worldex_sides,
}
"""Defaults stated as a value that click does not hold (its default is None): where the
code supplies them."""


@pytest.mark.parametrize(
    ("command", "option"), OPTIONS, ids=[f"{c} {o.opts[0]}" for c, o in OPTIONS]
)
def test_a_stated_default_is_the_one_the_code_uses(command: str, option: click.Option) -> None:
    assert option.help is not None
    for stated in stated_defaults(option.help):
        value = literal(option, stated)
        if value is None:
            continue
        if _unset(option.default):
            check = RUNTIME_DEFAULTS.get((command, option.opts[0]))
            assert check is not None, (
                f"forex {command} {option.opts[0]} states the default {stated!r}, which click"
                " does not hold: add where the code supplies it to RUNTIME_DEFAULTS"
            )
            assert check() == value, f"forex {command} {option.opts[0]}: [{stated}]"
        else:
            assert option.default == value, f"forex {command} {option.opts[0]}: [{stated}]"


@pytest.mark.parametrize(
    ("command", "option"), OPTIONS, ids=[f"{c} {o.opts[0]}" for c, o in OPTIONS]
)
def test_an_option_states_its_default_once(command: str, option: click.Option) -> None:
    assert option.help is not None
    stated = stated_defaults(option.help)
    if option.show_default:
        assert not stated, f"forex {command} {option.opts[0]}: [default: ...] and {stated}"
    else:
        assert len(stated) <= 1, f"forex {command} {option.opts[0]}: {stated}"


def test_the_runtime_defaults_are_all_stated() -> None:
    """Each entry of RUNTIME_DEFAULTS is an option whose help states a value (none stale)."""
    by_name = {(c, o.opts[0]): o for c, o in OPTIONS}
    for key in RUNTIME_DEFAULTS:
        option = by_name[key]
        assert option.help is not None
        assert any(literal(option, s) is not None for s in stated_defaults(option.help)), key


@pytest.mark.parametrize(("command", "node"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_a_commands_by_default_sentence_is_an_options_default(
    command: str, node: click.Command
) -> None:
    doc = _words(node.help or "")
    brackets = [
        bracket_default(o.help).split(":")[0]  # type: ignore[union-attr]
        for o in node.params
        if isinstance(o, click.Option) and o.help and bracket_default(o.help)
    ]
    for sentence in re.findall(r"[Bb]y default,? ([^.]*)\.", doc):
        assert any(b and b in sentence for b in brackets), (
            f"forex {command}: 'By default {sentence}' is the stated default of none of its"
            f" options ({brackets})"
        )


def test_the_checks_find_what_they_look_for() -> None:
    """The parsers read the forms the help texts use (so the tests above are not vacuous)."""
    assert bracket_default("Search for S seconds [1, when --simulations is not given].") == (
        "1, when --simulations is not given"
    )
    assert bracket_default("The side of a player's board [A]; repeat it.") == "A"
    assert stated_defaults("How many (default 3).") == ["3"]
    assert stated_defaults("Colour by default.") == ["Colour"]
    assert sum(1 for _c, o in OPTIONS if o.help and bracket_default(o.help)) >= 20
    assert len(RUNTIME_DEFAULTS) == 7


# --------------------------------------------------------------------------- issue 41


def test_message_since_default_is_what_the_next_decider_has_not_seen(tmp_path: Path) -> None:
    help_text = _words(run(["message", "--help"]).stdout)
    since = help_text.split("--since N", 1)[1].split("--since-player", 1)[0]
    assert "[everything the next decider has not seen" in since
    log = new_game(tmp_path / "g.yaml")
    for player, decision in (
        ("alice", "invest USD"),
        ("bob", "contract 2 GBP for 3 EUR"),
        ("carol", "invest GBP"),
        ("alice", "invest JPY"),
    ):
        assert run(["play", str(log), player, decision]).exit_code == 0
    decider = "bob"
    plain = run(["message", str(log)])
    assert plain.exit_code == 0, plain.output
    assert run(["message", str(log), "--since-player", decider]).stdout == plain.stdout
    assert run(["message", str(log), "--since", "-1"]).stdout != plain.stdout


def test_hint_help_defines_the_value_as_its_output_does() -> None:
    from forexcli.games.forex.advisor import ForexAdvisor

    help_text = _words(run(["hint", "--help"]).stdout)
    meaning = ForexAdvisor.value_note.removeprefix("value = ").removesuffix(", in percent")
    assert meaning in help_text
    assert "half the player's expected share of the final scores" in help_text


@pytest.mark.parametrize("name", ["", *(name for name, _ in COMMANDS)])
def test_help_holds_no_control_character(name: str) -> None:
    """click's ``\\b`` (keep this paragraph's lines) works only at the start of a paragraph:
    the epilog's second one, not after a blank line, was printed as it is, a backspace in
    every command's --help (``^H`` in a pager, a file, docs/cli.md)."""
    result = run([*name.split(), "--help"], COLUMNS="80")
    assert result.exit_code == 0, result.output
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", result.stdout), result.stdout
