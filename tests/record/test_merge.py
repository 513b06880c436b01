"""Two copies of one game merged as text (``record.merge``): no note and no comment of either
copy is ever lost, and the moves, digests and signatures stay as they were."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from forexcli.record import gamelog, merge
from forexcli.record.entrytext import quote

MOVES = ("alice: invest USD", "bob: invest JPY", "carol: invest CAD", "alice: resolve")
HEADER = "forex: 1\ntitle: merge\nplayers: [alice, bob, carol]\nseed: s\n"

notes = st.one_of(st.none(), st.text(alphabet="ab #:'\"\n-é", min_size=1, max_size=20))
comment = st.text(alphabet="abc #:-é'", max_size=10).map(lambda t: "# " + t.strip())


@st.composite
def copies(draw: st.DrawFn, moves: int) -> str:
    """A log of the first ``moves`` moves, with notes and comments here and there."""
    lines = [f"{c}\n" for c in draw(st.lists(comment, max_size=2))]
    lines.append(HEADER)
    lines += [f"{c}\n" for c in draw(st.lists(comment, max_size=1))]
    lines.append("moves:\n")
    for text in MOVES[:moves]:
        for c in draw(st.lists(comment, max_size=2)):
            lines.append(f"  {c}\n")
        trailing = draw(st.one_of(st.none(), comment))
        lines.append(f"  - {text}" + (f"  {trailing}\n" if trailing else "\n"))
        note = draw(notes)
        if note is not None:
            lines.append(f"    note: {quote(note)}\n")
    lines += [f"{c}\n" for c in draw(st.lists(comment, max_size=2))]
    return "".join(lines)


def _parse(text: str) -> gamelog.GameLog:
    return gamelog.read_log(text, "g.yaml")


def _comments(log: gamelog.GameLog) -> Counter[str]:
    return Counter(c.text for c in merge.comments(log.text, log.document))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), own_moves=st.integers(1, 4), extra=st.integers(0, 2))
def test_no_note_or_comment_of_either_copy_is_lost(
    data: st.DataObject, own_moves: int, extra: int
) -> None:
    """Merging two copies of a game (one ahead or the same length) keeps the base's moves, and
    every note and comment of either copy, and says it changed only when the text changed."""
    theirs_moves = min(own_moves + extra, len(MOVES))
    own = _parse(data.draw(copies(own_moves)))
    theirs = _parse(data.draw(copies(theirs_moves)))
    own_is_base = data.draw(st.booleans()) if own_moves == theirs_moves else False
    base, other = (own, theirs) if own_is_base else (theirs, own)
    merged = merge.merge(
        base, other, own_moves, parse=_parse, base_is_own=own_is_base, filename="g"
    )
    result = _parse(merged.text)
    for index, entry in enumerate(result.entries):
        assert (entry.player, entry.text) == (base.entries[index].player, base.entries[index].text)
        for copy in (own, theirs):
            note = copy.entries[index].note if index < len(copy.entries) else None
            if note is not None:
                assert entry.note is not None and note.rstrip("\n") in entry.note
    assert len(result.entries) == len(base.entries)
    have = _comments(result)
    for copy in (own, theirs):
        assert not _comments(copy) - have
    assert merged.changed == (merged.text != base.text)
    # Merging again brings nothing more.
    again = merge.merge(
        result, other, own_moves, parse=_parse, base_is_own=own_is_base, filename="g"
    )
    assert again.text == merged.text and not again.changed


def test_merged_note_keeps_the_one_that_holds_the_other() -> None:
    assert merge.merged_note("good", "good move") == "good move"
    assert merge.merged_note("good move", "good") == "good move"
    assert merge.merged_note(None, "b") == "b" and merge.merged_note("a", None) == "a"
    assert merge.merged_note("a", "b") == "a\n\nb"
    assert merge.merged_note("b", "a\n\nb") == "a\n\nb"


def test_comments_inside_scalars_are_not_comments() -> None:
    log = _parse(
        HEADER + "moves:  # the moves\n"
        '  - alice: invest USD # one\n    note: "a # b"\n  - bob: invest JPY\n'
        "    note: |\n      # not a comment\n  # last\n"
    )
    found = merge.comments(log.text, log.document)
    assert [(c.text, c.anchor) for c in found] == [
        ("# the moves", ("moves",)),
        ("# one", ("moves", 0)),
        ("# last", None),
    ]
