"""Signatures and keys written into a log's text: a key added to the header's ``keys:``, a
signature to an entry's ``sig:``, each keeping the layout around it.

The entry text surgery (quoting, folding, where a value ends) is ``entrytext``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .entrytext import content_end, folded, quote, sig_lines, signer_line
from .keys import key_in_pieces
from .problems import LogError, Problem
from .signing import KEYS_FIELD, SIG_FIELD
from .yamlread import with_final_break

if TYPE_CHECKING:
    from .gamelog import GameLog


def keyed_text(log: GameLog, player: str, value: str | dict[str, Any]) -> str:
    """The log's text with ``player``'s key added to ``keys:`` (made before ``moves:``)."""
    text = log.text
    doc = log.document
    nl = "\r\n" if "\r\n" in text else "\n"
    if isinstance(value, dict):
        flow = "{key: " + quote(value["key"], flow=True) + f", since: {value['since']}" + "}"
    else:
        flow = quote(value, flow=True)
    keys = doc.data.get(KEYS_FIELD)
    if not keys:
        if ("moves",) in doc.key_spans and () not in doc.flow:
            start = doc.key_spans[("moves",)][0]
            line_start = text.rfind("\n", 0, start) + 1
            if text[line_start:start].strip():
                raise _cannot_edit(log)
            if KEYS_FIELD in doc.data:  # `keys: {}` or `keys:` with nothing
                raise _cannot_edit(log)
            block = f"keys:{nl}{key_lines(player, value, '  ', nl)}"
            return text[:line_start] + block + text[line_start:]
        raise _cannot_edit(log)
    if (KEYS_FIELD,) in doc.flow:
        end = doc.spans[(KEYS_FIELD,)][1]
        close = text.rindex("}", 0, end)
        return text[:close].rstrip() + f", {quote(player, flow=True)}: {flow}" + text[close:]
    last = list(keys)[-1]
    key_start = doc.key_spans[(KEYS_FIELD, last)][0]
    column = key_start - (text.rfind("\n", 0, key_start) + 1)
    value_end = content_end(doc, (KEYS_FIELD,))
    at = value_end if text[value_end - 1 : value_end] == "\n" else text.find("\n", value_end) + 1
    if at <= 0:
        raise _cannot_edit(log)
    return text[:at] + key_lines(player, value, " " * column, nl) + text[at:]


def keys_since(header: Any, keep: int) -> tuple[str, ...]:
    """The players whose key in ``header``'s ``keys:`` was added on first use by a move after
    move ``keep`` (its ``since:``): a cut to move ``keep`` takes them out with that move."""
    keys = header.get(KEYS_FIELD)
    if not isinstance(keys, dict):
        return ()
    return tuple(
        str(player)
        for player, value in keys.items()
        if isinstance(value, dict) and isinstance(value.get("since"), int) and value["since"] > keep
    )


def unkeyed_text(log: GameLog, players: tuple[str, ...]) -> str:
    """The log's text without the keys of ``players`` in ``keys:`` (the whole ``keys:`` when
    none is left); a block mapping loses their lines, a flow one is written again."""
    from .seats import with_header_key

    keys = log.document.data.get(KEYS_FIELD)
    if not players or not isinstance(keys, dict):
        return log.text
    left = {name: value for name, value in keys.items() if name not in players}
    if not left:
        return with_header_key(log.text, KEYS_FIELD, None)
    doc = log.document
    text = log.text
    if (KEYS_FIELD,) in doc.flow:
        plain = {
            str(name): dict(value) if isinstance(value, dict) else str(value)
            for name, value in left.items()
        }
        return with_header_key(text, KEYS_FIELD, plain)
    spans = sorted(
        (doc.key_spans[(KEYS_FIELD, name)][0], content_end(doc, (KEYS_FIELD, name)))
        for name in players
        if name in keys
    )
    for start, end in reversed(spans):
        line_start = text.rfind("\n", 0, start) + 1
        if text[line_start:start].strip():
            raise _cannot_edit(log, "take the key added on first use out of")
        text = text[:line_start] + text[_line_after(text, end) :]
    return text


def key_lines(player: str, value: str | dict[str, Any], indent: str, nl: str) -> str:
    """``player``'s key in a block ``keys:`` at ``indent``, its base64 in pieces
    (``keys.key_in_pieces``) and folded at its spaces to fit a mail line; a key added on first
    use as a block mapping of ``key:`` and ``since:``."""
    deeper = indent + "  "
    if isinstance(value, dict):
        head = f"{deeper}key: "
        line = folded(quote(key_in_pieces(value["key"])), len(head), deeper + "  ", nl)
        return f"{indent}{quote(player)}:{nl}{head}{line}{nl}{deeper}since: {value['since']}{nl}"
    head = f"{indent}{quote(player)}: "
    return head + folded(quote(key_in_pieces(value)), len(head), deeper, nl) + nl


def _cannot_edit(log: GameLog, what: str = "add the key to") -> LogError:
    by_hand = "add it by hand under keys:" if what.startswith("add") else "edit keys: by hand"
    return LogError(
        [
            Problem(
                "cannot_edit",
                f"cannot {what} this log's header (its layout is one this tool cannot"
                f" edit safely); {by_hand}",
                "edit",
                log.filename,
            )
        ]
    )


def entry_signed_text(log: GameLog, number: int, signer: str, signature: str) -> str:
    """The log's text with ``signer``'s signature added to the ``sig:`` of entry ``number``
    (a block ``sig:`` gets a line of its own, folded; a flow one keeps its layout)."""
    text = log.text
    doc = log.document
    nl = "\r\n" if "\r\n" in text else "\n"
    path: tuple[Any, ...] = ("moves", number - 1)
    entry = doc.data["moves"][number - 1]
    pair = f"{quote(signer, flow=True)}: {quote(signature, flow=True)}"
    if SIG_FIELD in entry:
        sig_path = (*path, SIG_FIELD)
        signed = entry[SIG_FIELD]
        if sig_path in doc.flow:
            end = doc.spans[sig_path][1]
            close = text.rindex("}", 0, end)
            return text[:close].rstrip() + f", {pair}" + text[close:]
        if not isinstance(signed, dict) or not signed:
            raise _cannot_edit_entry(log, number)
        last = list(signed)[-1]
        key_start = doc.key_spans[(*sig_path, last)][0]
        column = key_start - (text.rfind("\n", 0, key_start) + 1)
        at = _line_after(text, doc.spans[(*sig_path, last)][1])
        if at == len(text):
            text = with_final_break(text, nl)
            at = len(text)
        line = signer_line(signer, signature, " " * column, nl)
        return text[:at] + line + nl + text[at:]
    if path in doc.flow:
        end = doc.spans[path][1]
        close = text.rindex("}", 0, end)
        return text[:close] + f", sig: {{{pair}}}" + text[close:]
    keys = [p[-1] for p in doc.key_spans if len(p) == 3 and p[:2] == path]
    first = min(keys, key=lambda k: doc.key_spans[(*path, k)][0])
    key_start = doc.key_spans[(*path, first)][0]
    column = key_start - (text.rfind("\n", 0, key_start) + 1)
    at = _line_after(text, content_end(doc, path))
    if at == len(text):
        text = with_final_break(text, nl)
        at = len(text)
    return text[:at] + sig_lines({signer: signature}, " " * column, nl) + text[at:]


def _line_after(text: str, value_end: int) -> int:
    """The start of the line after a value that ends at ``value_end`` (the end of the text
    when it ends there)."""
    if text[value_end - 1 : value_end] == "\n":
        return value_end
    found = text.find("\n", value_end)
    return len(text) if found < 0 else found + 1


def _cannot_edit_entry(log: GameLog, number: int) -> LogError:
    return LogError(
        [
            Problem(
                "cannot_edit",
                f"move {number}: its sig: is not written as {{name: signature}}; add the"
                " signature by hand",
                "edit",
                log.filename,
                entry=number,
            )
        ]
    )
