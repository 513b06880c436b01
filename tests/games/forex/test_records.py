"""The records are ``msgspec.Struct`` classes with the semantics the dataclasses had.

Equality only between records of the same class, hashing of the frozen ones, the
dataclass-style ``repr`` (error messages and reports may print one), pickling (the
``-j`` pool sends reports between processes), ``match`` patterns, default factories
that give each record its own list, and ``replace`` that runs ``__post_init__`` again.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle
import pkgutil

import msgspec
import pytest
from msgspec.structs import replace

import forexcli
from forexcli.games.forex.rules import (
    Divest,
    DivestResponse,
    GameState,
    Resolve,
    apply,
    apply_with_events,
    new_game,
)
from forexcli.games.forex.rules.board import Board, make_board
from forexcli.games.forex.rules.state import build_pending, build_state
from forexcli.record.problems import FileReport, Problem
from forexcli.reporters import PLAIN, Style


def _classes() -> set[type]:
    found: set[type] = set()
    for info in pkgutil.walk_packages(forexcli.__path__, "forexcli."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__.startswith("forexcli."):
                found.add(value)
    return found


def test_no_dataclass_is_left_in_the_package() -> None:
    classes = _classes()
    assert [c.__qualname__ for c in classes if dataclasses.is_dataclass(c)] == []
    structs = {c for c in classes if issubclass(c, msgspec.Struct)}
    assert len(structs) >= 80  # every record of the package


def _game() -> GameState:
    return new_game(["alice", "bob", "carol"], [1, 1, 1, 1, 1, 1, 0])


def test_equality_and_hash_only_within_one_class() -> None:
    divest, response = Divest("alice", "USD", 1), DivestResponse("alice", "USD", 1)
    assert divest == Divest("alice", "USD", 1) and hash(divest) == hash(Divest("alice", "USD", 1))
    others: list[object] = [response, ("alice", "USD", 1)]  # the same fields, another class
    assert all(divest != other for other in others)
    assert len({divest, response, Divest("alice", "USD", 1)}) == 2
    assert _game() == _game() and hash(_game()) == hash(_game())


def test_frozen_records_refuse_assignment() -> None:
    state = _game()
    with pytest.raises(AttributeError):
        state.turn_number = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        PLAIN.colour = True


def test_repr_is_the_dataclass_style() -> None:
    assert repr(Divest("alice", "USD", 2)) == "Divest(player='alice', currency='USD', count=2)"
    assert repr(Style(True)) == "Style(colour=True)"
    problem = Problem("bad", "m", "rules", line=3, hints=("h",))
    assert repr(problem) == (
        "Problem(code='bad', message='m', layer='rules', file='<log>', line=3, column=None,"
        " entry=None, hints=('h',), details=())"
    )


def test_records_survive_pickling() -> None:
    state, events = apply_with_events(_game(), Resolve("alice"))
    report = FileReport("a.yaml", [Problem("bad", "m", "rules", hints=("h",))], moves=2)
    for value in (state, events, report, Style(True), PLAIN):
        assert pickle.loads(pickle.dumps(value)) == value


def test_match_patterns_take_the_fields_in_order() -> None:
    match Divest("bob", "EUR", 3):
        case Divest(player, currency, count):
            assert (player, currency, count) == ("bob", "EUR", 3)
        case _:
            pytest.fail("no match")
    match Style(True):
        case Style(colour):
            assert colour is True


def test_default_factories_give_each_record_its_own_list() -> None:
    first, second = FileReport("a"), FileReport("b")
    first.problems.append(Problem("bad", "m", "rules"))
    assert second.problems == [] and FileReport("a").problems == []


def test_problem_text_is_escaped_when_made_and_when_replaced() -> None:
    problem = Problem("bad", "line\nbreak \x1b[31m", "rules", hints=["a\tb"])  # type: ignore[arg-type]
    assert problem.message == "line\\nbreak \\x1b[31m" and problem.hints == ("a\\tb",)
    changed = replace(problem, hints=(*problem.hints, "\u202eevil"))
    assert changed.hints == ("a\\tb", "\\u202eevil") and changed.message == problem.message


def test_fast_builders_equal_the_ordinary_constructors() -> None:
    state = apply(_game(), Resolve("alice"))
    values = [getattr(state, name) for name in GameState.__struct_fields__]
    assert build_state(*values) == state
    pending = state.pending
    assert build_pending(*(getattr(pending, f) for f in type(pending).__struct_fields__)) == pending
    assert make_board(state.board.pairs) == Board(state.board.pairs) == state.board
