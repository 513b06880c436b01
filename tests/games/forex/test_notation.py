"""The decision notation: parse and write agree, and the schema's patterns mirror the parser."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.games.forex import notation
from forexcli.games.forex.notation import (
    KINDS,
    SCHEMA_PATTERNS,
    NotationError,
    Written,
    parse,
    write_entry,
)
from forexcli.games.forex.rules import (
    ChooseStrengthen,
    Divest,
    DivestResponse,
    GameState,
    Invest,
    MakeContract,
    Resolve,
    Spot,
    apply,
    legal_decisions,
    new_game,
)
from tests import bga
from tests.conftest import examples

TURN_ACTIONS = (MakeContract, Invest, Divest, Resolve)
SCHEMA_RES = {kind: re.compile(pattern) for kind, pattern in SCHEMA_PATTERNS.items()}


def schema_accepts(text: str) -> bool:
    """What the published schema says of a decision (the kind chosen by its first word)."""
    kind = text.split(" ", 1)[0]
    regex = SCHEMA_RES.get(kind)
    return regex is not None and regex.match(text) is not None


def states() -> Iterator[GameState]:
    """Every state of a few conformance games."""
    for path in bga.all_games()[:6]:
        game = bga.load(path)
        state = new_game(game.players, game.removed, game.first_player)
        yield state
        for _, decision in game.steps():
            if decision is not None:
                state = apply(state, decision)
                yield state


@pytest.mark.slow
def test_every_legal_decision_round_trips() -> None:
    seen: set[type] = set()
    count = 0
    for state in states():
        decisions = legal_decisions(state)
        actions = [d for d in decisions if not isinstance(d, Spot)]
        spots = [d for d in decisions if isinstance(d, Spot)][:3]
        written = [Written(None, d) for d in actions]
        turn_actions = [
            d for d in actions if isinstance(d, (MakeContract, Invest, Divest, Resolve))
        ]
        written += [Written(s, a) for s in spots for a in turn_actions[:2]]
        for entry in written:
            text = write_entry(entry)
            player = entry.decision.player
            assert parse(player, text) == entry, text
            assert schema_accepts(text), text
            seen.add(type(entry.decision))
            count += 1
    assert count > 10_000
    # No conformance game ends in a tie for the strongest currency: see test_parse_and_write
    # (tests/test_every_game.py).
    assert seen == {MakeContract, Invest, Divest, Resolve, DivestResponse, ChooseStrengthen}


def test_spot_with_an_action() -> None:
    written = parse("a", "spot 1.5 USD to Anna Lee for 2 JPY; invest EUR")
    assert written.spot == Spot("a", "Anna Lee", "USD", 3, "JPY", 4)
    assert written.decision == Invest("a", ("EUR",))
    assert written.decisions() == (written.spot, written.decision)
    assert write_entry(written) == "spot 1.5 USD to Anna Lee for 2 JPY; invest EUR"
    # A partner's name may hold " for ".
    assert parse("a", "spot 1 USD to x for y for 2 JPY; resolve").spot == Spot(
        "a", "x for y", "USD", 2, "JPY", 4
    )
    # Spaces around the semicolon are forgiven when typed; the log gets the written form.
    loose = parse("a", "spot 1 USD to bob for 2 JPY;resolve")
    assert write_entry(loose) == "spot 1 USD to bob for 2 JPY; resolve"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a decision starts with one of"),
        ("Resolve", "a decision starts with one of"),
        ("buy USD", "a decision starts with one of"),
        ("invest XYZ", "'XYZ' is not a currency (GBP, EUR, USD, CHF, JPY, CAD, CNY)"),
        ("invest usd", "currencies are written in capitals: USD, not 'usd'"),
        ("invest USD JPY CHF", "write it as `invest CUR [CUR]`"),
        ("contract 2.7 EUR for 2 CHF", "'2.7' is not an amount"),
        ("contract -1 EUR for 2 CHF", "'-1' is not an amount"),
        ("contract 10000 EUR for 2 CHF", "'10000' is not an amount"),
        ("contract 01 EUR for 2 CHF", "'01' is not an amount"),
        ("contract NaN EUR for 2 CHF", "'NaN' is not an amount"),
        ("contract inf EUR for 2 CHF", "'inf' is not an amount"),
        ("contract 1 EUR to 2 CHF", "(pay the first, receive the second)"),
        ("divest 10 USD", "'10' is not a count of certificates (0 to 9)"),
        ("sell one USD", "write it as `sell COUNT CUR` (0 declines)"),
        ("resolve now", "write it as `resolve`"),
        ("spot 1 USD to bob for 2 JPY", "a spot transaction goes with the turn's action"),
        ("spot 1 USD to bob for 2 JPY; ", "a spot transaction goes with the turn's action"),
        ("spot 1 USD to bob for 2 JPY; sell 1 USD", "goes with a turn action, not `sell`"),
        ("spot 1 USD to bob for 2 JPY; spot 1 USD to bob for 2 JPY; resolve", "only one spot"),
        ("spot 1 USD to b\x1bob for 2 JPY; resolve", "write it as `spot AMOUNT CUR to PLAYER"),
        ("spot 1 USD to a,b for 2 JPY; resolve", "write it as `spot AMOUNT CUR to PLAYER"),
        ("invest " + "X" * 10_000, "cannot read 'invest XXXX"),
    ],
)
def test_errors_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as error:
        parse("a", text)
    assert reason in error.value.reason
    assert error.value.code == "bad_notation"
    assert len(error.value.reason) < 300
    assert not schema_accepts(text)


def test_kinds_and_patterns() -> None:
    assert set(SCHEMA_PATTERNS) == set(KINDS)
    for kind, pattern in SCHEMA_PATTERNS.items():
        assert pattern.startswith(f"^{kind}"), kind
        assert "?P<" not in pattern


_WORDS = st.sampled_from(
    [
        *KINDS,
        "USD",
        "JPY",
        "usd",
        "XYZ",
        "for",
        "to",
        "bob",
        "0",
        "1",
        "1.5",
        "9999",
        "10000",
        "0.5",
        "-1",
        ";",
        "; ",
        "resolve;",
        "\x1b",
        ":",
        ",",
        "",
    ]
)


@pytest.mark.slow
@settings(max_examples=examples(2000), deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=12).map(" ".join))
def test_schema_and_parser_agree(text: str) -> None:
    """Whatever the schema accepts, the parser reads; what the parser reads, it writes validly."""
    try:
        written = parse("a", text)
    except NotationError:
        assert not schema_accepts(text), text
        return
    assert schema_accepts(write_entry(written)), text
    if schema_accepts(text):
        assert write_entry(written) == text


@settings(max_examples=examples(500), deadline=None)
@given(st.text(max_size=60))
def test_parse_fails_only_with_notation_errors(text: str) -> None:
    """Any text is parsed or refused with a ``NotationError`` that gives a reason, never another
    exception."""
    try:
        parse("a", text)
    except NotationError as error:
        assert error.reason


def _mutations(text: str) -> st.SearchStrategy[str]:
    """``text`` with a piece cut out, doubled, or a character put in or replaced."""
    odd = st.sampled_from([" ", "  ", ";", "; ", "\t", "\n", "\xa0", "0", "5", ".5", "x", "É"])
    at = st.integers(0, len(text))
    return st.one_of(
        st.tuples(at, at).map(lambda ab: text[: min(ab)] + text[max(ab) :]),
        st.tuples(at, at).map(lambda ab: text[: max(ab)] + text[min(ab) :]),
        st.tuples(at, odd).map(lambda ai: text[: ai[0]] + ai[1] + text[ai[0] :]),
        st.tuples(at, odd).map(lambda ai: text[: ai[0]] + ai[1] + text[ai[0] + 1 :]),
    )


_WRITTEN = st.one_of(
    st.lists(_WORDS, min_size=1, max_size=12).map(" ".join),
    st.sampled_from(
        [
            "spot 1 USD to bob for 2 JPY; contract 4 EUR for 6.5 GBP",
            "spot 9999.5 CNY to  b ob  for 0 CAD; invest USD JPY",
            "spot 1 USD to bob for 2 JPY for 3 EUR; divest 2 CHF",
            "spot 1 USD to bob; for 2 JPY; resolve",
            "invest GBP EUR",
            "sell 0 USD",
            "strengthen EUR",
            "strongest GBP",
            "divest 9 CAD",
            "contract 06 USD for 10000 JPY",
            "contract 1.50 USD for 0.5 JPY",
            "spot 1 USD to a to b for 2 JPY; resolve",
            "spot 1 USD to a for  for 2 JPY; divest 1 USD",
            "spot 1 USD to b:o#b, for 2 JPY; resolve",
            "spot 1 USD to \x85bob\u2028 for 2 JPY; resolve",
            "spot 1 USD to bob for 2 JPY; sell 1 USD",
            "spot 1 USD to bob for 2 JPY; invest EUR; resolve",
            "sell 10 USD",
            "invest USD USD",
            "strongest USD JPY",
            "resolve resolve",
        ]
    ).flatmap(lambda text: st.one_of(st.just(text), _mutations(text))),
)


def _outcome(read: object, player: str, text: str) -> object:
    try:
        return read(player, text)  # type: ignore[operator]
    except NotationError as error:
        return ("error", error.reason, error.hints)


@pytest.mark.slow
@settings(max_examples=examples(3000), deadline=None)
@given(_WRITTEN, st.sampled_from(["a", "bob", "Zoë"]))
def test_the_exact_forms_are_read_as_the_full_parser_reads_them(text: str, player: str) -> None:
    """``parse`` takes the common forms by a shortcut; it gives what the full parser gives
    (the same decision, or the same error), for written and mutated texts alike."""
    exact = notation._written_exactly(player, text)
    full = _outcome(notation._parse_fully, player, text)
    assert _outcome(parse, player, text) == full, text
    if exact is not None:
        assert exact == full, text


def test_the_exact_forms_take_the_shortcut() -> None:
    assert notation._written_exactly("a", "spot 1 USD to bob for 2 JPY; invest EUR") == parse(
        "a", "spot 1 USD to bob for 2 JPY; invest EUR"
    )
    assert notation._written_exactly("a", "sell 0 USD") == Written(
        None, DivestResponse("a", "USD", 0)
    )
    assert notation._written_exactly("a", "spot 1 USD to bob for 2 JPY ; invest EUR") is None
    for text in [
        "resolve",
        "invest GBP",
        "invest GBP EUR",
        "sell 0 USD",
        "divest 9 CAD",
        "contract 9999.5 USD for 0 JPY",
        "strengthen EUR",
        "strongest GBP",
        "spot 0.5 USD to Zoë van Dam for 2 JPY; contract 4 EUR for 6.5 GBP",
    ]:
        assert notation._written_exactly("a", text) == notation._parse_fully("a", text), text
