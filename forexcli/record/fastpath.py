"""The fast path of reading a log: compiled parser and validator that may only accept.

``accepted(text, validator)`` gives the data of a log that is surely valid YAML and
surely valid under the game's published schema (a ``Validator``, which the reader of
the log passes in), read exactly as the full reader (``yamlread``) reads it; it gives
``None`` whenever it is not sure, and the caller then reads the text the usual way,
which finds and places every problem.  Nothing here ever reports a problem.

Two compiled extensions do the work: ``yaml_rs`` (a YAML 1.2 parser written
in Rust) reads the text into Python objects, and ``jsonschema_rs`` checks them
against the schema (the log schema of the game the header names, its
``schemas/<game>-log.schema.json``).  Either one
may be missing (no wheel for the platform): the fast path then declines every
file, or only the schema check falls back to ``jsonschema``.

The two parsers do not agree on everything, so a text goes to ``yaml_rs`` only
when it holds none of what they read differently (found by the property tests
in ``tests/record/test_fast_read.py``, and refused here with room to spare):

- anchors, aliases, tags, directives, complex keys and block scalars
  (``&``, ``*``, ``!``, ``%``, ``?``, ``|``, ``>`` where a value may start);
  ``yaml_rs`` expands aliases and drops tags, the full reader refuses them;
- a document marker after the first line (more than one document), and flow collections
  (``[...]``, ``{...}``) not closed on the line that opens them;
- tabs, control characters, byte-order marks, U+0085, U+2028 and U+2029
  (libyaml counts the last three as line breaks, YAML 1.2 does not), and
  backslash escapes other than ``\\"`` and ``\\\\`` (so no escape can write them);
- numbers with ``_``, ``0b``, ``0X``, ``0O``, a sign before ``0x`` or ``0o``, and ``.inf``
  or ``.nan`` in any case (``yaml_rs`` reads ``1_000``, ``0b1``, ``0X1F``, ``+0x1`` and
  ``.iNf`` as numbers, YAML 1.2's core schema as text);
- integers beyond 64 bits in the header (``jsonschema_rs`` misjudges integers of
  thousands of digits; checked on the data);
- deep indentation or long chains of ``- - -`` (``yaml_rs`` recurses, and
  thousands of levels overflow its stack), and texts longer than
  ``MAX_CHARS`` (so the full reader's bound on values is never reached).

Keys: the full reader keeps every key as text; ``yaml_rs`` types them, and
``jsonschema_rs`` refuses a mapping with a key that is not text, so a key
such as ``1:`` or ``~:`` sends the file to the full reader.  Duplicate keys
make ``yaml_rs`` fail (``DuplicateKeyPolicy.Error``), which declines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

MAX_CHARS = 50_000
"""Longer texts are left to the full reader (a long game log is about 10,000 characters)."""

_ASCII_SUSPECTS = "\x00-\x09\x0b\x0c\x0e-\x1f!%&*>?@\\\\_`|\x7f"
"""The indicators (``!%&*>?@|`` and the backquote), ``_``, backslashes, and the ASCII
characters no log needs (tab, control characters, DEL), as the body of a class."""
_OTHER_SUSPECTS = "\x80-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff"
"""The other characters no log needs (C1 controls with NEL, U+2028/9, byte-order mark, lone
surrogates, non-characters), as the body of a class."""
_SUSPECT_IN_ASCII = re.compile(f"[{_ASCII_SUSPECTS}]")
"""Every character of an ASCII text that may not mean the same to both parsers.  An ASCII
class, which compiles in a fraction of a millisecond (start-up notices)."""
_INDICATORS = frozenset("&*!%?|>@`")
_NODE_STARTS = frozenset(" \n\r[]{},:?-")
"""Characters after which a node may start."""
_SEPARATORS = frozenset(" \n\r[]{},:")
_ODD_NUMBER = re.compile(
    "[-+]?(?:_|[0-9.][^_\\s\\[\\]{},:]*_|0[bB][01_]*(?![^\\s\\[\\]{},:#])|0[XO]|\\.(?i:inf|nan))"
    "|[-+]0[xo]"
)
"""The start of a plain scalar that yaml_rs may read as a number where YAML 1.2 reads text.

``0b`` counts only before binary digits to the token's end (``0b101``, not a digest such
as ``0b7c4c85e8``, which both read as text)."""
_ODD_NUMBER_MARKS = ("0b", "0B", "0X", "0O", "+0x", "+0o", "-0x", "-0o", ".i", ".I", ".n", ".N")
_LOWER_MARKS = ("0b", "0x", "0o", ".i", ".n")
"""The marks in lower case: each finds a mark above (or more) in a lower-cased ASCII text, in
the same token (``+0x`` one place earlier, which ``_odd_number_at`` judges alike)."""
_CHAIN = re.compile(r"-[ ]+-[ ]+-[ ]+-")
"""Collections nested on one line (``- - - -``)."""
_DEEP_INDENT = "\n" + " " * 40
_LONG = 1 << 63


class Validator:
    """What the fast path checks a log's data against: a game's published log schema.

    ``schema`` gives the schema when the compiled validator is first needed (so making a
    ``Validator`` costs nothing); every ``pattern`` of it ends with ``end`` where it means
    the end of the text (``$`` not before a final line break), which is what ``$`` alone
    means to the compiled validator's engine, that has no lookaround.
    """

    __slots__ = ("end", "schema")

    def __init__(self, schema: Callable[[], dict[str, Any]], end: str) -> None:
        self.schema = schema
        self.end = end

    def surely_valid(self, data: Any, which: str = "log") -> bool:
        """True only if ``data`` surely conforms to the schema (of the log, or of one
        ``entry``).

        False when the compiled validator refuses it, cannot take it (a key that is
        not text, an integer too long for it) or is missing: jsonschema then judges.
        """
        compiled = _compiled(self, which)
        if compiled is None:
            return False
        try:
            return bool(compiled.is_valid(data))
        except (ValueError, TypeError, OverflowError, RecursionError):
            return False


def _in_comment(text: str, at: int) -> bool:
    """True if ``at`` surely lies in a comment (or in a quoted scalar): its line has no quotes
    and a ``#`` after a space or at the start comes before it."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    if "'" in line or '"' in line:
        return False
    hash_at = line.find("#", 0, at - start)
    while hash_at >= 0:
        if hash_at == 0 or line[hash_at - 1] == " ":
            return True
        hash_at = line.find("#", hash_at + 1, at - start)
    return False


def _odd_number_at(text: str, at: int) -> bool:
    """True if the plain token around ``at`` may be read as a number otherwise."""
    start = at
    while start > 0 and text[start - 1] not in _SEPARATORS:
        start -= 1
    return _ODD_NUMBER.match(text, start) is not None


def _odd_number_marked(text: str) -> bool:
    """True if a token with one of ``_ODD_NUMBER_MARKS`` may be read as a number otherwise."""
    # An ASCII text keeps its offsets in lower case, where five searches find every mark.
    marked, marks = (text.lower(), _LOWER_MARKS) if text.isascii() else (text, _ODD_NUMBER_MARKS)
    for mark in marks:
        at = marked.find(mark)
        while at >= 0:
            if _odd_number_at(text, at):
                return True
            at = marked.find(mark, at + 1)
    return False


def _brackets(text: str) -> list[int]:
    """The offsets of every ``[``, ``]``, ``{`` and ``}`` in ``text``, in order."""
    found = []
    for bracket in "[]{}":
        at = text.find(bracket)
        while at >= 0:
            found.append(at)
            at = text.find(bracket, at + 1)
    found.sort()
    return found


def _flow_across_lines(text: str) -> bool:
    """True unless every line closes the flow collections it opens, in order.

    ``yaml_rs`` is lenient with flow collections written over several lines
    (it takes lines the full reader refuses); a log writes ``[a, b]`` on one line.
    """
    depth = 0
    line_end = -1
    for at in _brackets(text):
        if at > line_end:
            if depth:
                return True
            line_end = text.find("\n", at)
            if line_end < 0:
                line_end = len(text)
        depth += 1 if text[at] in "[{" else -1
        if depth < 0:
            return True
    return depth != 0


def unsure(text: str) -> bool:
    """True if ``text`` holds anything the two parsers might read differently."""
    if len(text) > MAX_CHARS:
        return True
    if text.startswith(("---", "...")) or "\n---" in text or "\n..." in text:
        return True  # document markers (a first line of them too)
    if _DEEP_INDENT in text:
        return True
    suspects = _SUSPECT_IN_ASCII if text.isascii() else _suspect_in_any_text()
    for found in suspects.finditer(text):
        at = found.start()
        mark = text[at]
        if mark in _INDICATORS:
            if (at == 0 or text[at - 1] in _NODE_STARTS) and not _in_comment(text, at):
                return True
        elif mark == "_":
            if _odd_number_at(text, at):
                return True
        elif mark == "\\":
            if text[at + 1 : at + 2] not in ('"', "\\"):
                return True  # an escape that could write any character
        else:
            return True
    if _odd_number_marked(text):
        return True
    if "- -" in text and _CHAIN.search(text) is not None:
        return True
    return _flow_across_lines(text)


@cache
def _suspect_in_any_text() -> re.Pattern[str]:
    """Every character that may not mean the same to both parsers.  Compiled when a text
    that is not ASCII is first met: a class of such wide ranges costs more to compile than
    all the rest of the screen."""
    return re.compile(f"[{_ASCII_SUSPECTS}{_OTHER_SUSPECTS}]")


@cache
def _parser() -> Any:
    """``yaml_rs.loads`` set up as the fast path needs it, or None where it is missing."""
    try:
        import yaml_rs
    except ImportError:
        return None
    policy = yaml_rs.DuplicateKeyPolicy.Error

    def loads(text: str) -> Any:
        return yaml_rs.loads(text, parse_datetime=False, duplicate_key_policy=policy)

    return loads


@cache
def _compiled(validator: Validator, which: str) -> Any:
    """The compiled check of ``validator``'s schema of the log (``log``) or of one entry
    (``entry``), or None."""
    try:
        import jsonschema_rs
    except ImportError:
        return None
    schema = _in_python_dialect(validator.schema(), validator.end)
    if schema is None:
        return None
    if which == "entry":
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/entry"}
    try:
        # The linear-time engine: it compiles the schema's patterns several times faster.
        options = jsonschema_rs.RegexOptions()
        return jsonschema_rs.Draft202012Validator(schema, pattern_options=options)
    except Exception:  # a pattern it cannot compile, say: jsonschema judges alone
        return None


_PYTHON_SPACE = (
    "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a"
    "\\u2028\\u2029\\u202f\\u205f\\u3000"
)
"""The characters of Python's ``\\s`` (``str.isspace``), as a class body."""
_UNSURE_ESCAPES = frozenset("SdDwWbB")
"""Escapes whose meaning differs between Python and ECMA-262 that are not translated."""
_ESCAPES_TO_READ = tuple("\\" + letter for letter in "s" + "".join(sorted(_UNSURE_ESCAPES)))
"""``\\s`` and the unsure escapes: a pattern that holds none of them is the same in both."""


def _pattern_in_python_dialect(pattern: str, end: str) -> str | None:
    """``pattern`` with ``\\s`` spelt out as Python reads it, so that an ECMA-262 engine
    reads it the same way; None if it holds an escape that is read otherwise still.

    The schema ends its patterns with ``end`` (``$`` not before a final line break), which
    is what ``$`` alone means to the compiled validator's engine, that has no lookaround.
    """
    pattern = pattern.replace(end, "$")
    if not any(escape in pattern for escape in _ESCAPES_TO_READ):
        return pattern  # every pattern of the published schema: no need of the slow reading
    return _escapes_in_python_dialect(pattern)


def _escapes_in_python_dialect(pattern: str) -> str | None:
    """``pattern`` with ``\\s`` spelt out as Python reads it; None if it holds an escape that
    is read otherwise still (one character at a time, so that ``\\\\s`` stays as it is)."""
    out = []
    in_class = False
    at = 0
    while at < len(pattern):
        char = pattern[at]
        if char == "\\" and at + 1 < len(pattern):
            escaped = pattern[at + 1]
            if escaped in _UNSURE_ESCAPES:
                return None
            if escaped == "s":
                out.append(_PYTHON_SPACE if in_class else f"[{_PYTHON_SPACE}]")
            else:
                out.append(pattern[at : at + 2])
            at += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        out.append(char)
        at += 1
    return "".join(out)


def _in_python_dialect(node: Any, end: str) -> Any:
    """A copy of a schema with every ``pattern`` in Python's dialect; None if one cannot be."""
    if isinstance(node, list):
        items = [_in_python_dialect(item, end) for item in node]
        return None if any(item is None for item in items) else items
    if not isinstance(node, dict):
        return node
    copied = {}
    for key, value in node.items():
        if key == "pattern" and isinstance(value, str):
            value = _pattern_in_python_dialect(value, end)
        else:
            value = _in_python_dialect(value, end)
        if value is None and node[key] is not None:
            return None
        copied[key] = value
    return copied


END = "$(?!\\n)"
"""How the games' published schemas end a pattern that means the end of the text."""


def accepted(text: str, validator: Validator) -> Any:
    """The data of ``text`` if it is surely a log valid under ``validator``'s schema, read as
    the full reader reads it.

    None whenever that is not sure.
    """
    data = parsed(text)
    if data is None or not validator.surely_valid(data):
        return None
    return data


def parsed(text: str) -> dict[str, Any] | None:
    """The data of ``text`` if it is surely read as the full reader reads it, and is a
    mapping without integers beyond 64 bits (not yet checked against any schema).

    None whenever that is not sure.
    """
    loads = _parser()
    if loads is None or unsure(text):
        return None
    try:
        data = loads(text)
    except Exception:  # any refusal of the parser: the full reader judges
        return None
    if type(data) is not dict or not _small_numbers(data):
        return None
    return data


def _small_numbers(data: dict[str, Any]) -> bool:
    """False if the header holds an integer beyond 64 bits, at any depth (the moves hold
    only text).

    ``jsonschema_rs`` misjudges integers of thousands of digits, and the full
    reader reads those of more than ``yamlread.MAX_INT_DIGITS`` as infinite.
    """
    pending: list[Any] = [value for key, value in data.items() if key != "moves"]
    while pending:
        item = pending.pop()
        kind = type(item)
        if kind is int:
            if not -_LONG <= item < _LONG:
                return False
        elif kind is dict:
            pending.extend(item.values())
        elif kind is list:
            pending.extend(item)
    return True
