"""``command_word``: a word of a command a message prints, as a POSIX shell reads it back.

Whatever the text (a path with spaces and accents, a player named ``O'Brien``, a name with a
control character), ``shlex.split`` of the printed word gives the text as the terminal shows
it (``printable``); and so it does after an ASCII, latin-1 or cp437 stream has written its
plain fallbacks (a right single quotation mark becomes an apostrophe there).
"""

from __future__ import annotations

import shlex

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from forexcli import streams
from forexcli.record.problems import command_path, command_word, command_words, printable
from forexcli.reporters.tables import fitted_commands

TRICKY = "'\"$`\\!;&|<>()*?[]{}~#= \t\n\x1b\u00e9\u2019\u2018\u201c\u201d\u00ab\u00bb\u2192\u674e-"
"""Characters a shell reads as more than themselves, and some with a fallback that is one."""

texts = st.text(alphabet=st.sampled_from(TRICKY) | st.characters(), max_size=30)


def written(text: str, encoding: str) -> str:
    """``text`` as a stream of ``encoding`` writes it (its plain fallbacks, ``streams``)."""
    return text.encode(encoding, errors=streams.ERRORS).decode(encoding)


@given(texts)
@example("my g'ames/wx \u00e9.yaml")
@example("O'Brien")
@example("O\u2019Brien")
@example("it's $5")
@example("")
def test_the_shell_reads_the_word_as_printed(text: str) -> None:
    assert shlex.split(command_word(text)) == [printable(text)]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp437"])
@given(text=texts)
@example(text="O\u2019Brien")
@example(text="it\u2019s $5 \u201cquoted\u201d")
@example(text="\u674e\u96f7")
def test_the_shell_reads_the_word_as_a_narrow_terminal_shows_it(encoding: str, text: str) -> None:
    shown = written(command_word(text), encoding)
    assert shlex.split(shown) == [written(printable(text), encoding)]


@pytest.mark.parametrize(
    "plain",
    ["game.yaml", "games/two-players.yaml", "/tmp/x_1.yml", "ann", "computer", "FILE", "a=b"],
)
def test_a_plain_word_is_printed_as_it_is(plain: str) -> None:
    assert command_word(plain) == plain


def test_quotes_read_as_a_person_writes_them() -> None:
    assert command_word("O'Brien") == '"O\'Brien"'
    assert command_word("my g'ames/wx \u00e9.yaml") == '"my g\'ames/wx \u00e9.yaml"'
    assert command_word("wx \u00e9.yaml") == "'wx \u00e9.yaml'"
    assert command_word("$HOME's") == "'$HOME'\"'\"'s'"  # no expansion in double quotes


def test_a_path_that_starts_with_a_dash_reads_as_a_path() -> None:
    """A path such as ``-x.yaml`` printed as it is reads as an option: it gets ``./``;
    ``-`` (standard input) and other paths are as ``command_word`` writes them."""
    assert command_path("-x.yaml") == "./-x.yaml"
    assert shlex.split(command_path("-my game.yaml")) == ["./-my game.yaml"]
    assert command_path("-") == "-"
    assert command_path("games/-x.yaml") == "games/-x.yaml"
    assert command_path("/tmp/-x.yaml") == "/tmp/-x.yaml"
    assert command_path("wx \u00e9.yaml") == command_word("wx \u00e9.yaml")
    assert command_word("-bob") == "-bob"  # a name is no path: command_word leaves it


def test_the_words_of_a_decision_stay_words() -> None:
    assert command_words("buy Vienna") == "buy Vienna"
    assert shlex.split(command_words("sell O'Hare +box")) == ["sell", "O'Hare", "+box"]


def test_a_quoted_word_is_never_broken_across_lines() -> None:
    """``fitted_commands`` keeps a command whole up to a comma, semicolon or bracket: those
    inside a quoted word do not end it."""
    command = f"forex show {command_word('old; games (2).yaml')} --at 3"
    said = fitted_commands(f"hint: the game before it, {command}, and more words after", 20)
    assert any(line.strip() == command + "," for line in said.split("\n")), said
