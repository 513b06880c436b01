"""Text surgery of a log: YAML scalars quoted and folded, and entries, notes, keys and
signatures inserted or removed as text, so that every byte outside the edit stays as it
was (comments, blank lines, quoting, key order).

``record.edit`` (appending, notes, undo) and ``record.signedtext`` (keys and signatures) both
change a log through these functions; neither checks here: the caller reads the new text
back and replays it before it is written.
"""

from __future__ import annotations

import re
from typing import Any

from ..words import moves_held
from . import gamelog, yamlread
from .problems import LogError, Problem, check_move_number

# --------------------------------------------------------------------------- text


_PLAIN = re.compile(r"[A-Za-z0-9_(][A-Za-z0-9_ .,;()/+'=?!-]*\Z")
_YAML11 = re.compile(
    r"(?i:y|n|yes|no|on|off|true|false|null)\Z"
    r"|[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?)\Z"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
)
"""What YAML 1.1 readers (PyYAML's default) would read as a boolean, null, number or date."""


def quote(text: str, *, flow: bool = False) -> str:
    """``text`` as a YAML scalar: plain when every YAML reader reads it back the same.

    Text is left plain only if YAML 1.2 reads it as that text and YAML 1.1
    readers would not see a boolean, null, number or date in it; everything
    else is double-quoted with escapes for every character that is not
    printable.  With ``flow`` the scalar is to go inside ``{...}`` or
    ``[...]``, where a comma ends it, and so does a ``?`` for YAML 1.1 readers.
    """
    if (
        _PLAIN.match(text)
        and not text.endswith(" ")
        and " #" not in text
        and not (flow and ("," in text or "?" in text))
        and not _YAML11.match(text)
        and yamlread.plain_value(text) == text
    ):
        return text
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch.isprintable():
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    out.append('"')
    return "".join(out)


def _newline(text: str) -> str:
    """The file's line break: that of its first line (``\\n`` if it has none)."""
    end = text.find("\n")
    return "\r\n" if end > 0 and text[end - 1] == "\r" else "\n"


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _after_content(text: str, offset: int) -> int:
    """Start of the line after content ending at ``offset`` (a block scalar ends with its break)."""
    if offset > 0 and text[offset - 1] == "\n":
        return offset
    return _line_end(text, offset)


def _line_end(text: str, offset: int) -> int:
    """Offset just after the line break of the line holding ``offset``."""
    end = text.find("\n", offset)
    return len(text) if end < 0 else end + 1


def _content_end(doc: yamlread.Document, path: tuple[Any, ...]) -> int:
    """Offset of the end of the last value inside the value at ``path``.

    A block collection's own span ends where the next token starts (the next entry's
    dash, the next key), so only scalars and flow collections count.
    """
    size = len(path)
    inside = [p for p in doc.spans if p[:size] == path and len(p) > size]
    parents = {p[:-1] for p in inside}
    return max(doc.spans[p][1] for p in inside if p in doc.flow or p not in parents)


def content_end(doc: yamlread.Document, path: tuple[Any, ...]) -> int:
    """``_content_end`` for the other record modules."""
    return _content_end(doc, path)


def _after_comments(text: str, offset: int, indent: int) -> int:
    """Move past full-line comments (indented at least ``indent``) and blank lines among them."""
    best = offset
    position = offset
    while position < len(text):
        end = _line_end(text, position)
        line = text[position:end]
        stripped = line.strip()
        if stripped.startswith("#") and len(line) - len(line.lstrip(" ")) >= indent:
            best = end
        elif stripped:
            break
        position = end
    return best


def _ending_line(text: str, offset: int, nl: str) -> tuple[str, int]:
    """``text`` ending with a line break if ``offset`` is its end (and the offset to use):
    ``yamlread.with_final_break``, which keeps a block scalar ending the text as it reads."""
    if offset == len(text) and text and not text.endswith("\n"):
        text = yamlread.with_final_break(text, nl)
        return text, len(text)
    return text, offset


LINE_WIDTH = 68
"""The width new text is folded to: with a quote marker or five (``> > > > > ``) a line
still fits the 78 columns of a mail line (RFC 5322), and quoted twice (``>> ``) the 72 that
mail programs and forums wrap at, so that they leave it alone."""

_CONTINUES = re.compile(r"[A-Za-z0-9(+/=_.]")
"""What a plain scalar's continuation line may start with: no YAML indicator, no comment."""


def _cuttable(scalar: str, at: int, plain: bool) -> bool:
    """True when the single space at ``at`` may become a line break that YAML folds back."""
    before, after = scalar[at - 1], scalar[at + 1]
    if before in " \\" or after == " ":
        return False
    return not plain or (before != ":" and bool(_CONTINUES.match(after)))


def folded(scalar: str, column: int, indent: str, nl: str, width: int = LINE_WIDTH) -> str:
    """``scalar`` (plain or double-quoted, as ``quote`` writes it), starting at ``column``,
    broken at single spaces onto lines that start with ``indent`` so that none goes past
    ``width`` where a space allows it: YAML folds each break back into that one space, so
    the value read is the same."""
    if column + len(scalar) <= width:
        return scalar
    plain = not scalar.startswith('"')
    cuts = [
        i for i in range(1, len(scalar) - 1) if scalar[i] == " " and _cuttable(scalar, i, plain)
    ]
    lines: list[str] = []
    start, used = 0, column
    for index, cut in enumerate(cuts):
        following = cuts[index + 1] if index + 1 < len(cuts) else len(scalar)
        if used + (following - start) > width and cut > start:
            lines.append(scalar[start:cut])
            start, used = cut + 1, len(indent)
    lines.append(scalar[start:])
    return (nl + indent).join(lines)


def sig_lines(sig: dict[str, str], indent: str, nl: str) -> str:
    """``sig:`` as a block mapping at ``indent``, each signature folded under its signer."""
    out = [f"{indent}sig:"]
    for signer, value in sig.items():
        out.append(signer_line(signer, value, indent + "  ", nl))
    return nl.join(out) + nl


def signer_line(signer: str, value: str, indent: str, nl: str) -> str:
    """``alice: PIECE`` and the signature's other pieces below it (without a final break); a
    long name puts the whole signature on the lines below."""
    key = f"{indent}{quote(signer)}:"
    scalar = quote(value)
    below = indent + "  "
    if len(key) + 1 + scalar.find(" ") > LINE_WIDTH and " " in scalar:
        return key + nl + below + folded(scalar, len(below), below, nl, 0)
    return f"{key} " + folded(scalar, len(key) + 1, below, nl)


def _sig_flow(sig: dict[str, str]) -> str:
    """``{alice: BASE64}``: an entry's signatures as one flow mapping."""
    pairs = (f"{quote(k, flow=True)}: {quote(v, flow=True)}" for k, v in sig.items())
    return "{" + ", ".join(pairs) + "}"


def entry_lines(
    player: str,
    decision: str,
    note: str | None,
    digest: str | None,
    indent: str,
    nl: str,
    sig: dict[str, str] | None = None,
) -> str:
    """One entry's YAML lines (decision, note, digest, signatures), indented by ``indent``,
    each ending in ``nl``."""
    head = f"{indent}- {quote(player)}: "
    deeper = indent + "    "
    lines = [head + folded(quote(decision), len(head), deeper, nl)]
    if note is not None:
        lines.append(f"{indent}  note: " + folded(quote(note), len(indent) + 8, deeper, nl))
    if digest is not None:
        lines.append(f"{indent}  digest: {quote(digest)}")
    text = nl.join(lines) + nl
    if sig:
        text += sig_lines(sig, indent + "  ", nl)
    return text


def _flow_entry(
    player: str,
    decision: str,
    note: str | None,
    digest: str | None,
    sig: dict[str, str] | None = None,
) -> str:
    parts = [f"{quote(player, flow=True)}: {quote(decision, flow=True)}"]
    if note is not None:
        parts.append(f"note: {quote(note, flow=True)}")
    if digest is not None:
        parts.append(f"digest: {quote(digest, flow=True)}")
    if sig:
        parts.append(f"sig: {_sig_flow(sig)}")
    return "{" + ", ".join(parts) + "}"


def cannot_edit(
    log: gamelog.GameLog, message: str, place: tuple[int, int] | None = None
) -> LogError:
    line, column = place if place else (None, None)
    return LogError([Problem("cannot_edit", message, "edit", log.filename, line, column)])


def _check_layout(log: gamelog.GameLog) -> None:
    """Refuse text whose line breaks the text edits cannot follow (a lone CR)."""
    text = log.text
    if re.search(r"\r(?!\n)", text):
        raise cannot_edit(
            log,
            "the file breaks lines with a lone carriage return (CR); save it with LF or CRLF"
            " line breaks first",
        )


def _block_indent(text: str, doc: yamlread.Document, path: tuple[Any, ...]) -> int:
    """The column (0-based) at which the block collection at ``path`` starts its lines."""
    start = doc.spans[path][0]
    return start - _line_start(text, start)


def _without_scalar(text: str, start: int, end: int) -> str:
    """``text`` with the scalar or ``[]`` at ``start:end`` and the spaces before it removed."""
    cut = start
    while cut > 0 and text[cut - 1] == " ":
        cut -= 1
    return text[:cut] + text[end:]


def appended_text(
    log: gamelog.GameLog,
    player: str,
    decision: str,
    note: str | None,
    digest: str | None = None,
    sig: dict[str, str] | None = None,
) -> str:
    """The log's text with one entry added after the last.

    Only new text is inserted, with one exception: an empty ``moves: []``
    (or ``moves: ~``) loses its ``[]`` (``~``) to become a block list.  A
    file without a final line break gets one before the new lines.
    """
    _check_layout(log)
    text = log.text
    doc = log.document
    data = doc.data
    nl = _newline(text)
    if "moves" not in data:
        if () in doc.flow:
            # `{forex: 1, ...}`: add `, moves: [...]` after the last value.
            at = _content_end(doc, ())
            entry = _flow_entry(player, decision, note, digest, sig)
            return text[:at] + f", moves: [{entry}]" + text[at:]
        at = _after_comments(text, _after_content(text, _content_end(doc, ())), 1)
        text, at = _ending_line(text, at, nl)
        lines = "moves:" + nl + entry_lines(player, decision, note, digest, "  ", nl, sig)
        return text[:at] + lines + text[at:]
    moves = data["moves"]
    key_start, key_end = doc.key_spans[("moves",)]
    key_column = key_start - _line_start(text, key_start)
    if not moves:
        # `moves:`, `moves: ~` or `moves: []`: a block list under the key.
        start, end = doc.spans.get(("moves",), (key_end, key_end))
        if ("moves",) in doc.flow or end > start:
            text = _without_scalar(text, start, end)
        at = _line_end(text, key_end)
        text, at = _ending_line(text, at, nl)
        indent = " " * (key_column + 2)
        return text[:at] + entry_lines(player, decision, note, digest, indent, nl, sig) + text[at:]
    last = len(moves) - 1
    if ("moves",) in doc.flow:
        entry = _flow_entry(player, decision, note, digest, sig)
        item_start, item_end = doc.spans[("moves", last)]
        seq_end = doc.spans[("moves",)][1]
        between = text[item_end : seq_end - 1]
        comma = between.find(",")
        if comma < 0 or "#" in between[:comma]:
            return text[:item_end] + ", " + entry + text[item_end:]
        # A trailing comma: the new item goes after it, on its own line if the last one is.
        after_comma = item_end + comma + 1
        if "\n" in text[after_comma : seq_end - 1]:
            at = _line_end(text, after_comma)
            indent = " " * (item_start - _line_start(text, item_start))
            return text[:at] + indent + entry + "," + nl + text[at:]
        return text[:after_comma] + " " + entry + "," + text[after_comma:]
    dash_column = _block_indent(text, doc, ("moves",))
    at = _after_content(text, _content_end(doc, ("moves", last)))
    top_keys = list(data)
    after_moves = top_keys[-1] == "moves"
    at = _after_comments(text, at, dash_column if after_moves else max(dash_column, 1))
    text, at = _ending_line(text, at, nl)
    indent = " " * dash_column
    return text[:at] + entry_lines(player, decision, note, digest, indent, nl, sig) + text[at:]


def _entry_keys(doc: yamlread.Document, path: tuple[Any, ...]) -> list[Any]:
    """The keys of the entry at ``path``, in the order written."""
    keys = [p[-1] for p in doc.key_spans if len(p) == len(path) + 1 and p[:-1] == path]
    return sorted(keys, key=lambda k: doc.key_spans[(*path, k)][0])


def noted_text(log: gamelog.GameLog, number: int, note: str | None) -> str:
    """The log's text with the note of entry ``number`` set (or removed when None).

    Only the note changes: its value is replaced, or its key and value are
    removed, or a ``note:`` is added after the entry's last value.
    """
    _check_layout(log)
    text = log.text
    doc = log.document
    nl = _newline(text)
    entries = doc.data.get("moves") or []
    check_move_number(number, len(entries), log.filename)
    index = number - 1
    entry = entries[index]
    path = ("moves", index)
    flow = path in doc.flow
    keys = _entry_keys(doc, path)
    if "note" in entry:
        n_start, n_end = doc.spans[(*path, "note")]
        if note is not None:
            keep_break = text[n_start:n_end].endswith("\n") and not flow
            value = quote(note, flow=flow)
            if not flow:
                key_column = doc.key_spans[(*path, "note")][0] - _line_start(text, n_start)
                column = n_start - _line_start(text, n_start)
                value = folded(value, column, " " * (key_column + 2), nl)
            return text[:n_start] + value + (nl if keep_break else "") + text[n_end:]
        position = keys.index("note")
        key_start = doc.key_spans[(*path, "note")][0]
        if flow:
            if position > 0:
                previous_end = doc.spans[(*path, keys[position - 1])][1]
                return text[:previous_end] + text[n_end:]
            next_start = doc.key_spans[(*path, keys[1])][0]
            return text[:key_start] + text[next_start:]
        if position == 0:
            # `- note: ...` opens the entry: the next key takes its place after the dash.
            next_start = doc.key_spans[(*path, keys[1])][0]
            return text[:key_start] + text[next_start:]
        line_start = _line_start(text, key_start)
        if text[line_start:key_start].strip(" "):
            raise cannot_edit(
                log,
                f"move {number}: the note does not start a line of its own; edit it by hand",
                doc.keys[(*path, "note")],
            )
        return text[:line_start] + text[_after_content(text, n_end) :]
    if note is None:
        return text
    last_end = _content_end(doc, path)
    if flow:
        return text[:last_end] + f", note: {quote(note, flow=True)}" + text[last_end:]
    column = doc.key_spans[(*path, keys[0])][0] - _line_start(
        text, doc.key_spans[(*path, keys[0])][0]
    )
    at = _after_content(text, last_end)
    text, at = _ending_line(text, at, nl)
    value = folded(quote(note), column + 6, " " * (column + 2), nl)
    return text[:at] + f"{' ' * column}note: {value}{nl}" + text[at:]


def without_last_text(log: gamelog.GameLog) -> str:
    """The log's text with its last entry removed (an emptied list becomes ``moves: []``)."""
    entries = log.document.data.get("moves") or []
    return without_moves_after_text(log, len(entries) - 1)


def without_moves_after_text(log: gamelog.GameLog, keep: int) -> str:
    """The log's text with every entry after the first ``keep`` removed (an emptied list
    becomes ``moves: []``); comments among the removed entries go with them."""
    _check_layout(log)
    text = log.text
    doc = log.document
    entries = doc.data.get("moves") or []
    if not entries:
        raise LogError(
            [Problem("no_moves", "the log has no moves to remove", "edit", log.filename)]
        )
    if not 0 <= keep < len(entries):
        raise LogError(
            [
                Problem(
                    "no_such_entry",
                    f"there is nothing after move {keep} to remove: the log has"
                    f" {moves_held(len(entries))}",
                    "edit",
                    log.filename,
                )
            ],
            usage=True,
        )
    last = len(entries) - 1
    path = ("moves", last)
    if ("moves",) in doc.flow:
        seq_start, seq_end = doc.spans[("moves",)]
        end = doc.spans[path][1]
        if keep == 0:
            return text[:seq_start] + "[]" + text[seq_end:]
        previous_end = doc.spans[("moves", keep - 1)][1]
        return text[:previous_end] + text[end:]
    item_start = doc.spans[("moves", keep)][0]
    dash = text.rindex("-", 0, item_start)
    line_start = _line_start(text, dash)
    stop = _after_content(text, _content_end(doc, path))
    new_text = text[:line_start] + text[stop:]
    if keep == 0:
        key_end = doc.key_spans[("moves",)][1]
        colon = new_text.index(":", key_end)
        new_text = new_text[: colon + 1] + " []" + new_text[colon + 1 :]
    return new_text


# --------------------------------------------------------------------------- checks
