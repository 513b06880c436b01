"""Read a YAML log into plain data with the place of every value.

A fast, safe reader built on libyaml's event stream (PyYAML's C parser when
present).  It refuses what a game log never needs and what hostile files use:
tags, anchors and aliases, more than one document, complex keys, duplicate
keys, nesting deeper than ``MAX_DEPTH``.  Plain scalars are typed by the YAML
1.2 core schema (so ``no`` and ``2026-11-30`` stay strings, as in ruamel).

Work is bounded whatever the input: reading stops after ``MAX_PROBLEMS``
problems or ``MAX_VALUES`` values, aliases are never expanded, and nothing
recurses, so an alias bomb, 10,000 levels of brackets or a million keys are
each answered at once with a short list of problems.
"""

from __future__ import annotations

import math
import re
from typing import Any

from msgspec import Struct, field

from ..words import quoted
from .problems import LogError, Problem

MAX_DEPTH = 64
"""Deepest nesting of collections; a log needs 3 (log, moves, entry) or 4 (house rules)."""

MAX_VALUES = 100_000
"""Most values (scalars and collections, keys included) read from one file.

A game has a few hundred entries of four values each; this bound keeps the
time and memory of a hostile file within a second and some tens of megabytes.
"""

MAX_INT_DIGITS = 1000
"""Longer integers are read as infinite (Python refuses to convert very long ones)."""

MAX_PROBLEMS = 50
"""Reading stops after this many problems (and says so)."""

Path = tuple[Any, ...]
Place = tuple[int, int]
"""(line, column), both 1-based."""


class Places(Struct):
    """Where everything of a document is written."""

    values: dict[Path, Place] = field(default_factory=dict)
    keys: dict[Path, Place] = field(default_factory=dict)
    spans: dict[Path, tuple[int, int]] = field(default_factory=dict)
    """Character offsets (start, end) of every value."""
    key_spans: dict[Path, tuple[int, int]] = field(default_factory=dict)
    """Character offsets (start, end) of every key, by the path of its value."""
    flow: set[Path] = field(default_factory=set)
    """Paths of collections written in flow style (``[...]``, ``{...}``)."""


class Document:
    """Plain data read from YAML, with places for values, keys and collection ends.

    ``read`` returns the data of an ordinary log without its places; they are
    worked out (by reading the text again, keeping them) the first time one
    is asked for, which only a problem or an edit does.
    """

    def __init__(
        self, data: Any, text: str, places: Places | None = None, filename: str = "<log>"
    ) -> None:
        self.data = data
        self.text = text
        self._places = places
        self._filename = filename

    @property
    def places(self) -> Places:
        """The places, worked out on first use."""
        if self._places is None:
            self._places = _read_full(self.text, self._filename).places
        return self._places

    @property
    def values(self) -> dict[Path, Place]:
        return self.places.values

    @property
    def keys(self) -> dict[Path, Place]:
        return self.places.keys

    @property
    def spans(self) -> dict[Path, tuple[int, int]]:
        """Character offsets (start, end) of every value."""
        return self.places.spans

    @property
    def key_spans(self) -> dict[Path, tuple[int, int]]:
        """Character offsets (start, end) of every key, by the path of its value."""
        return self.places.key_spans

    @property
    def flow(self) -> set[Path]:
        """Paths of collections written in flow style (``[...]``, ``{...}``)."""
        return self.places.flow

    def place(self, path: Path, *, key: bool = False) -> Place | None:
        """The place of the value (or key) at ``path``, or of its nearest parent."""
        table = self.keys if key else self.values
        probe = tuple(path)
        while True:
            if probe in table:
                return table[probe]
            if probe in self.values:
                return self.values[probe]
            if not probe:
                return None
            probe = probe[:-1]


# Patterns, not compiled ones: ``re`` compiles (and caches) each when first used, so that
# start-up does not pay for them (a log the fast path accepts never needs them).
_INT = r"[-+]?[0-9]+\Z"
_INT_OCT = r"0o[0-7]+\Z"
_INT_HEX = r"0x[0-9a-fA-F]+\Z"
_FLOAT = r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z"
_INF = r"[-+]?\.(?:inf|Inf|INF)\Z"
_NAN = r"\.(?:nan|NaN|NAN)\Z"
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_TRUES = frozenset({"true", "True", "TRUE"})
_FALSES = frozenset({"false", "False", "FALSE"})


def plain_value(text: str) -> Any:
    """Type a plain scalar by the YAML 1.2 core schema."""
    if text in _NULLS:
        return None
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    first = text[0]
    if first.isdigit() or first in "+-.":
        if re.match(_INT, text):
            if len(text) <= MAX_INT_DIGITS:
                return int(text)
            return -math.inf if text[0] == "-" else math.inf
        if re.match(_INT_OCT, text):
            return int(text[2:], 8)
        if re.match(_INT_HEX, text):
            return int(text[2:], 16)
        if re.match(_FLOAT, text):
            return float(text)
        if re.match(_INF, text):
            return -math.inf if text[0] == "-" else math.inf
        if re.match(_NAN, text):
            return math.nan
    return text


def _loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def empty_problem(filename: str) -> Problem:
    """The problem of a file that holds nothing (or only blanks and comments), at its start."""
    return Problem("empty", "the file is empty: no game log in it", "yaml", filename, 1, 1)


def _utf16_problem(filename: str) -> Problem:
    return Problem(
        "invalid_utf8",
        "the file is UTF-16 text (it starts with a UTF-16 byte-order mark), not UTF-8",
        "yaml",
        filename,
        1,
        1,
        hints=(
            "save the file as UTF-8 text (iconv -f UTF-16 -t UTF-8; in PowerShell,"
            " Out-File -Encoding utf8)",
        ),
    )


def unreadable(data: bytes, filename: str) -> Problem | None:
    """Why ``data`` holds no text that a log or a mail could be read from: it is blank
    (``empty``) or UTF-16 (``invalid_utf8``, as Windows tools often write); None otherwise.
    Every command that reads a log or a mail tells these two alike."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _utf16_problem(filename)
    if not data.removeprefix(b"\xef\xbb\xbf").strip(b" \t\r\n"):
        return empty_problem(filename)
    return None


def decode(data: bytes, filename: str) -> str:
    """UTF-8 bytes as text (a leading byte-order mark is dropped); refuses bad UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise LogError([_utf16_problem(filename)]) from None
        before = data[: error.start]
        line = before.count(b"\n") + 1
        # In characters, as every other problem's column (the bytes before are good UTF-8).
        line_start = before[before.rfind(b"\n") + 1 :].decode("utf-8")
        column = len(line_start.removeprefix("\ufeff")) + 1
        message = (
            f"the file is not UTF-8 text: byte 0x{data[error.start]:02x} at offset"
            f" {error.start} cannot be decoded"
        )
        raise LogError([Problem("invalid_utf8", message, "yaml", filename, line, column)]) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


class _Frame:
    __slots__ = ("container", "is_map", "key", "key_place", "key_span", "path", "start")

    def __init__(self, container: Any, path: Path, start: int) -> None:
        self.container = container
        self.is_map = isinstance(container, dict)
        self.path = path
        self.key: Any = None
        self.key_place: Place | None = None
        self.key_span: tuple[int, int] = (0, 0)
        self.start = start


_DROPPED = object()
"""The first part of the path of a value that is not kept (under a duplicate key)."""

_BREAKS = "\r\n|[\r\n\x85\u2028\u2029]"
"""Line breaks as libyaml counts them (a pattern, compiled when first used)."""


class _Stop(Exception):
    """Reading ends early (too many problems or values)."""


def _tag_text(tag: str) -> str:
    """A tag as it is written: ``!!python/object`` rather than ``tag:yaml.org,2002:...``."""
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag


def place_of_offset(text: str, offset: int) -> Place:
    """(line, column), 1-based, of character ``offset`` in ``text``, counting lines as YAML does."""
    line = 1
    line_start = 0
    for match in re.compile(_BREAKS).finditer(text, 0, offset):
        line += 1
        line_start = match.end()
    return line, offset - line_start + 1


def _reader_problem(error: Any, text: str, filename: str) -> Problem:
    """A character YAML refuses (a raw control character), placed in the text."""
    code = error.character
    # libyaml gives the offset in the UTF-8 bytes it was handed.
    offset = len(text.encode("utf-8", "surrogatepass")[: error.position].decode("utf-8", "replace"))
    line, column = place_of_offset(text, offset)
    if isinstance(code, int):
        if code == 0:
            what = "a NUL byte (U+0000): is this a binary file?"
        else:
            what = (
                f"the control character U+{code:04X}, which YAML does not allow in a file"
                " (write it as an escape such as \\u001b inside double quotes)"
            )
    else:
        what = "a character YAML does not allow"
    return Problem(
        "yaml_syntax", f"YAML error: the text holds {what}", "yaml", filename, line, column
    )


_CLOSERS = {"while parsing a flow sequence": "]", "while parsing a flow mapping": "}"}


def _unclosed(text: str, context: str | None, start: Any, mark: Any) -> tuple[int, int, str] | None:
    """Where the mistake is when a ``[``, ``{`` or quote is never closed and YAML notices only
    on a later line: (line, column, hint), 1-based; None for any other error."""
    if start is None or mark is None or start.line >= mark.line or context is None:
        return None
    opened = f"line {start.line + 1} column {start.column + 1}"
    closer = _CLOSERS.get(context)
    if closer is not None:
        lines = text.splitlines()
        for index in range(min(mark.line, len(lines)) - 1, start.line - 1, -1):
            content = re.sub(r"(^|\s)#.*$", "", lines[index]).rstrip()
            if content:
                bracket = "[" if closer == "]" else "{"
                return (
                    index + 1,
                    len(content) + 1,
                    f"the `{bracket}` at {opened} is never closed: end it with `{closer}`"
                    f" (here, at the end of line {index + 1})",
                )
        return None
    if context == "while scanning a quoted scalar":
        return (
            start.line + 1,
            start.column + 1,
            "the quote that starts this text is never closed: end the text with the same"
            " quote on this line",
        )
    return None


_LOOKS_LIKE_YAML = re.compile(r"[ \t]*(?:- |[^\s:#'\"]+:(?:[ \t]|$))")
"""A line that starts as a line of a log does (an entry, a key), not as the words of a note."""


def _run_on_quote(text: str, mark: Any) -> tuple[int, int, str] | None:
    """Where the mistake is when a quote left open on its line ran on to the next quote in
    the text, lines later, swallowing lines of the log, and YAML noticed only after that one:
    (line, column, hint) of the quote left open, 1-based; None for any other error."""
    import yaml

    last = None
    try:
        for token in yaml.scan(text, Loader=_loader()):
            if token.start_mark.index >= mark.index:
                break
            last = token
    except yaml.YAMLError:
        pass
    if not isinstance(last, yaml.ScalarToken) or last.style not in ("'", '"'):
        return None
    start, end = last.start_mark, last.end_mark
    if not start.line < end.line == mark.line:
        return None
    swallowed = text[start.index : end.index].splitlines()[1:]
    if not any(_LOOKS_LIKE_YAML.match(line) for line in swallowed):
        return None
    return (
        start.line + 1,
        start.column + 1,
        f"the quote that starts this text is never closed on its line: it runs on to the quote"
        f" at line {end.line + 1} column {end.column}; end the text with the same quote on"
        f" line {start.line + 1}",
    )


def read(text: str, filename: str = "<log>") -> Document:
    """Parse ``text``; raises ``LogError`` with every YAML problem found.

    An ordinary log is read by ``_read_data`` alone, which keeps no places and
    gives up at anything unusual; then (and for the places, when first asked
    for) the full reader below does the work and finds every problem.
    """
    try:
        data = _read_data(text)
    except _Unusual:
        return _read_full(text, filename)
    return Document(data, text, None, filename)


_CHOMPING = frozenset("+-0123456789")
"""The characters of a block scalar's header after its ``|`` or ``>``: indentation and
chomping indicators."""


def with_final_break(text: str, nl: str = "\n") -> str:
    """``text`` ending with a line break (``nl``), read as the same data as before.

    A block scalar (``note: |``) whose last line of content ends the text without a line
    break would gain that break in its value; its header gets the strip indicator (``|-``,
    ``>-``, a keep indicator ``+`` giving way to it), which reads the same value with the
    break as without it.  A text this reader refuses just gets the break.
    """
    if not text or text.endswith("\n"):
        return text
    if text[text.rfind("\n") + 1 :].strip(" \t\r"):
        try:
            spans = list(read(text).spans.values())
        except LogError:
            spans = []
        starts = [s for s, e in spans if e == len(text) > s and text[s] in "|>"]
        if starts:
            start = max(starts)
            end = start + 1
            while end < len(text) and text[end] in _CHOMPING:
                end += 1
            indicators = text[start + 1 : end]
            if "-" not in indicators:
                text = text[: start + 1] + "-" + indicators.replace("+", "") + text[end:]
    return text + nl


class _Unusual(Exception):
    """``_read_data`` met something that only the full reader may judge."""


_NO_KEY = object()

_WORD_STARTS = frozenset("abcdeghijklmopqrsuvwxyzABCDEGHIJKLMOPQRSUVWXYZ")
"""First letters of plain scalars that are surely text (not null, true, false or a number)."""


def _read_data(text: str) -> Any:
    """The data of a log with nothing unusual in it, fast: no places are kept.

    Anything the full reader would refuse or report (tags, anchors, aliases,
    complex or duplicate keys, more than one document, too deep or too many
    values, a syntax error) raises ``_Unusual`` instead.  Values are typed as
    the full reader types them.
    """
    import yaml

    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _Unusual from None
    events = yaml.events
    scalar_event, alias_event = events.ScalarEvent, events.AliasEvent
    mapping_start, sequence_start = events.MappingStartEvent, events.SequenceStartEvent
    mapping_end, sequence_end = events.MappingEndEvent, events.SequenceEndEvent
    document_start, stream_end = events.DocumentStartEvent, events.StreamEndEvent
    plain = plain_value
    loader = _loader()(text)
    next_event = loader.get_event
    stack: list[Any] = []  # the open collections
    keys: list[Any] = []  # for each, the key read and awaiting its value (maps)
    data: Any = None
    documents = count = 0
    try:
        while True:
            event: Any = next_event()
            kind = type(event)
            if kind is scalar_event:
                count += 1
                if event.anchor is not None or event.tag is not None or count > MAX_VALUES:
                    raise _Unusual
                if not stack:
                    data = event.value if event.style else plain(event.value)
                    continue
                top = stack[-1]
                if type(top) is dict:
                    key = keys[-1]
                    if key is _NO_KEY:
                        keys[-1] = event.value  # keys stay text
                        continue
                    if key in top:
                        raise _Unusual  # a duplicate key
                    keys[-1] = _NO_KEY
                    value = event.value
                    if not event.style and value[:1] not in _WORD_STARTS:
                        value = plain(value)
                    top[key] = value
                else:
                    value = event.value
                    if not event.style and value[:1] not in _WORD_STARTS:
                        value = plain(value)
                    top.append(value)
            elif kind is mapping_start or kind is sequence_start:
                count += 1
                if (
                    event.anchor is not None
                    or event.tag is not None
                    or len(stack) >= MAX_DEPTH
                    or count > MAX_VALUES
                ):
                    raise _Unusual
                container: Any = {} if kind is mapping_start else []
                if stack:
                    top = stack[-1]
                    if type(top) is dict:
                        key = keys[-1]
                        if key is _NO_KEY or key in top:
                            raise _Unusual  # a collection as a key, or a duplicate key
                        keys[-1] = _NO_KEY
                        top[key] = container
                    else:
                        top.append(container)
                else:
                    data = container
                stack.append(container)
                keys.append(_NO_KEY)
            elif kind is mapping_end or kind is sequence_end:
                stack.pop()
                keys.pop()
            elif kind is stream_end:
                break
            elif kind is document_start:
                documents += 1
                if documents > 1:
                    raise _Unusual
            elif kind is alias_event:
                raise _Unusual
    except yaml.YAMLError:
        raise _Unusual from None
    finally:
        loader.dispose()
    return data


def _read_full(text: str, filename: str = "<log>") -> Document:
    """Parse ``text`` keeping every place; raises ``LogError`` with every YAML problem found."""
    import yaml

    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        line, column = place_of_offset(text, error.start)
        raise LogError(
            [
                Problem(
                    "invalid_utf8",
                    f"the text is not valid Unicode: character {error.start + 1} is a lone"
                    f" surrogate (U+{ord(text[error.start]):04X})",
                    "yaml",
                    filename,
                    line,
                    column,
                )
            ]
        ) from None

    events_module = yaml.events
    doc = Document(None, text, Places(), filename)
    problems: list[Problem] = []

    def add(found: Problem) -> None:
        problems.append(found)
        if len(problems) >= MAX_PROBLEMS:
            problems.append(
                Problem(
                    "too_many_problems",
                    f"stopped reading after {MAX_PROBLEMS} problems",
                    "yaml",
                    filename,
                    found.line,
                    found.column,
                )
            )
            raise _Stop

    def problem(code: str, message: str, mark: Any) -> None:
        add(Problem(code, message, "yaml", filename, mark.line + 1, mark.column + 1))

    stack: list[_Frame] = []
    documents = 0
    count = 0
    values = doc.values
    keys = doc.keys
    spans = doc.spans
    key_spans = doc.key_spans
    scalar_event = events_module.ScalarEvent
    mapping_start = events_module.MappingStartEvent
    sequence_start = events_module.SequenceStartEvent
    sequence_end = events_module.SequenceEndEvent
    mapping_end = events_module.MappingEndEvent
    alias_event = events_module.AliasEvent
    document_start = events_module.DocumentStartEvent

    def place_value(value: Any, start: Any, end: Any) -> Path | None:
        """Attach ``value`` to the open collection; return its path (None if not kept)."""
        nonlocal count
        count += 1
        if count > MAX_VALUES:
            add(
                Problem(
                    "too_large",
                    f"the file holds more than {MAX_VALUES:,} values; a game log has far fewer",
                    "yaml",
                    filename,
                    start.line + 1,
                    start.column + 1,
                )
            )
            raise _Stop
        place = (start.line + 1, start.column + 1)
        if not stack:
            doc.data = value
            values[()] = place
            return ()
        top = stack[-1]
        if top.is_map:
            if top.key_place is None:
                # This value is a key.
                if isinstance(value, (dict, list)):
                    problem("complex_key", "a key must be a plain word, not a collection", start)
                    top.key = _DROPPED
                else:
                    top.key = value if isinstance(value, str) else str(value)
                top.key_place = place
                top.key_span = (start.index, end.index)
                return None
            key = top.key
            key_place = top.key_place
            top.key_place = None
            path = (*top.path, key)
            if key is _DROPPED or top.path[:1] == (_DROPPED,):
                return (_DROPPED,)
            if key in top.container:
                first = keys[path]
                add(
                    Problem(
                        "duplicate_key",
                        f"duplicate key {quoted(key)}: first at line {first[0]} column {first[1]}",
                        "yaml",
                        filename,
                        key_place[0],
                        key_place[1],
                    )
                )
                return (_DROPPED,)
            top.container[key] = value
            keys[path] = key_place
            key_spans[path] = top.key_span
            values[path] = place
            return path
        if top.path[:1] == (_DROPPED,):
            return (_DROPPED,)
        path = (*top.path, len(top.container))
        top.container.append(value)
        values[path] = place
        return path

    try:
        for parsed in yaml.parse(text, Loader=_loader()):
            event: Any = parsed
            kind = type(event)
            if kind is scalar_event:
                if event.anchor is not None:
                    problem(
                        "anchor", "anchors (&name) are not allowed in a game log", event.start_mark
                    )
                if event.tag is not None and event.tag != "!":
                    problem(
                        "tag",
                        f"tags ({quoted(_tag_text(event.tag))}) are not allowed in a game log",
                        event.start_mark,
                    )
                style = event.style
                top_frame = stack[-1] if stack else None
                if (
                    style
                    or event.tag == "!"  # the non-specific tag: text, whatever it looks like
                    or (top_frame and top_frame.is_map and top_frame.key_place is None)
                ):
                    value = event.value  # quoted scalars and keys stay text
                else:
                    value = plain_value(event.value)
                path = place_value(value, event.start_mark, event.end_mark)
                if path is not None and path[:1] != (_DROPPED,):
                    spans[path] = (event.start_mark.index, event.end_mark.index)
            elif kind is mapping_start or kind is sequence_start:
                if event.anchor is not None:
                    problem(
                        "anchor", "anchors (&name) are not allowed in a game log", event.start_mark
                    )
                if event.tag is not None:
                    problem(
                        "tag",
                        f"tags ({quoted(_tag_text(event.tag))}) are not allowed in a game log",
                        event.start_mark,
                    )
                if len(stack) >= MAX_DEPTH:
                    problem("too_deep", f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
                    raise _Stop
                container: Any = {} if kind is mapping_start else []
                path = place_value(container, event.start_mark, event.end_mark)
                frame_path = path if path is not None else (_DROPPED,)
                if event.flow_style and frame_path[:1] != (_DROPPED,):
                    doc.flow.add(frame_path)
                stack.append(_Frame(container, frame_path, event.start_mark.index))
            elif kind is sequence_end or kind is mapping_end:
                frame = stack.pop()
                if frame.path[:1] != (_DROPPED,):
                    spans[frame.path] = (frame.start, event.end_mark.index)
            elif kind is alias_event:
                problem("alias", "aliases (*name) are not allowed in a game log", event.start_mark)
                place_value(None, event.start_mark, event.end_mark)
            elif kind is document_start:
                documents += 1
                if documents > 1:
                    problem(
                        "multiple_documents", "a game log is one YAML document", event.start_mark
                    )
                    break
    except _Stop:
        pass
    except yaml.reader.ReaderError as error:
        problems.append(_reader_problem(error, text, filename))
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        reason = error.problem or "not valid YAML"
        if reason == "exceeded maximum nesting depth":
            problems.append(
                Problem(
                    "too_deep",
                    f"nesting deeper than {MAX_DEPTH} levels",
                    "yaml",
                    filename,
                    mark.line + 1 if mark else None,
                    mark.column + 1 if mark else None,
                )
            )
        else:
            at = mark.index if mark else -1
            if 0 <= at < len(text) and text[at] == "\t":
                reason = "a tab cannot indent YAML or start a value; use spaces"
            elif error.context:
                context = error.context
                start = error.context_mark
                if start is not None and mark is not None and start.index != mark.index:
                    context += f" that starts at line {start.line + 1} column {start.column + 1}"
                reason = f"{reason} ({context})"
            from .hints import yaml_syntax_hints

            at_line = mark.line + 1 if mark else None
            at_column = mark.column + 1 if mark else None
            unclosed = _unclosed(text, error.context, error.context_mark, mark)
            if unclosed is None and mark is not None:
                unclosed = _run_on_quote(text, mark)
            if unclosed is not None:
                at_line, at_column, hint = unclosed
                hints: tuple[str, ...] = (hint,)
            else:
                hints = yaml_syntax_hints(text, at_line, at_column) or (
                    "check the brackets, quotes and indentation of this line and the one"
                    " above it (docs/format.md shows the layout of a log)",
                )
            problems.append(
                Problem(
                    "yaml_syntax",
                    f"YAML syntax error: {reason}",
                    "yaml",
                    filename,
                    at_line,
                    at_column,
                    hints=hints,
                )
            )
    except yaml.YAMLError as error:
        first_line = str(error).splitlines()[0] if str(error) else "not valid YAML"
        problems.append(Problem("yaml_syntax", f"YAML error: {first_line}", "yaml", filename))
    if problems:
        raise LogError(problems)
    return doc
