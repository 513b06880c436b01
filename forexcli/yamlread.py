"""Read a YAML log into plain data with the place of every value.

A fast, safe reader built on libyaml's event stream (PyYAML's C parser when
present).  It refuses what a game log never needs and what hostile files use:
tags, anchors and aliases, more than one document, complex keys, duplicate
keys, nesting deeper than ``MAX_DEPTH``.  Plain scalars are typed by the YAML
1.2 core schema (so ``no`` and ``2026-11-30`` stay strings, as in ruamel).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from .problems import LogError, Problem

MAX_DEPTH = 64

Path = tuple[Any, ...]
Place = tuple[int, int]
"""(line, column), both 1-based."""


@dataclass
class Document:
    """Plain data read from YAML, with places for values, keys and collection ends."""

    data: Any
    text: str
    values: dict[Path, Place] = field(default_factory=dict)
    keys: dict[Path, Place] = field(default_factory=dict)
    spans: dict[Path, tuple[int, int]] = field(default_factory=dict)
    """Character offsets (start, end) of every value."""
    flow: set[Path] = field(default_factory=set)
    """Paths of collections written in flow style (``[...]``, ``{...}``)."""

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


_INT = re.compile(r"[-+]?[0-9]+\Z")
_INT_OCT = re.compile(r"0o[0-7]+\Z")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(?:inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)\Z")
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
        if _INT.match(text):
            return int(text) if len(text) < 40 else float("inf")
        if _INT_OCT.match(text):
            return int(text[2:], 8)
        if _INT_HEX.match(text):
            return int(text[2:], 16)
        if _FLOAT.match(text):
            return float(text)
        if _INF.match(text):
            return -math.inf if text[0] == "-" else math.inf
        if _NAN.match(text):
            return math.nan
    return text


def _loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def decode(data: bytes, filename: str) -> str:
    """UTF-8 bytes as text (a leading byte-order mark is dropped); refuses bad UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise LogError(
            [
                Problem(
                    "invalid_utf8",
                    f"the file is not UTF-8 text: byte 0x{data[error.start]:02x} at offset"
                    f" {error.start} cannot be decoded",
                    "yaml",
                    filename,
                    line,
                    column,
                )
            ]
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


class _Frame:
    __slots__ = ("container", "is_map", "key", "key_place", "path", "start")

    def __init__(self, container: Any, path: Path, start: int) -> None:
        self.container = container
        self.is_map = isinstance(container, dict)
        self.path = path
        self.key: Any = None
        self.key_place: Place | None = None
        self.start = start


def read(text: str, filename: str = "<log>") -> Document:
    """Parse ``text``; raises ``LogError`` with every YAML problem found."""
    import yaml

    events_module = yaml.events
    doc = Document(None, text)
    problems: list[Problem] = []

    def problem(code: str, message: str, mark: Any) -> None:
        problems.append(Problem(code, message, "yaml", filename, mark.line + 1, mark.column + 1))

    stack: list[_Frame] = []
    documents = 0
    values = doc.values
    keys = doc.keys
    scalar_event = events_module.ScalarEvent
    mapping_start = events_module.MappingStartEvent
    sequence_start = events_module.SequenceStartEvent
    sequence_end = events_module.SequenceEndEvent
    mapping_end = events_module.MappingEndEvent
    alias_event = events_module.AliasEvent
    document_start = events_module.DocumentStartEvent

    def place_value(value: Any, mark: Any, node_start: int) -> Path | None:
        """Attach ``value`` to the open collection; return its path (None if dropped)."""
        place = (mark.line + 1, mark.column + 1)
        if not stack:
            doc.data = value
            values[()] = place
            return ()
        top = stack[-1]
        if top.is_map:
            if top.key_place is None:
                # This value is a key.
                if isinstance(value, (dict, list)):
                    problem("complex_key", "a key must be a plain word, not a collection", mark)
                    top.key = object()
                else:
                    top.key = value if isinstance(value, str) else str(value)
                top.key_place = place
                return None
            key = top.key
            key_place = top.key_place
            top.key_place = None
            path = (*top.path, key)
            if isinstance(key, str):
                if key in top.container:
                    first = keys[path]
                    problems.append(
                        Problem(
                            "duplicate_key",
                            f"duplicate key {key!r}: first at line {first[0]} column {first[1]}",
                            "yaml",
                            filename,
                            key_place[0],
                            key_place[1],
                        )
                    )
                    return None
                top.container[key] = value
                keys[path] = key_place
                values[path] = place
                return path
            return None
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
                        "tag", f"tags ({event.tag}) are not allowed in a game log", event.start_mark
                    )
                style = event.style
                top_frame = stack[-1] if stack else None
                if style or (top_frame and top_frame.is_map and top_frame.key_place is None):
                    value = event.value  # quoted scalars and keys stay text
                else:
                    value = plain_value(event.value)
                path = place_value(value, event.start_mark, event.start_mark.index)
                if path is not None:
                    doc.spans[path] = (event.start_mark.index, event.end_mark.index)
            elif kind is mapping_start or kind is sequence_start:
                if event.anchor is not None:
                    problem(
                        "anchor", "anchors (&name) are not allowed in a game log", event.start_mark
                    )
                if event.tag is not None:
                    problem(
                        "tag", f"tags ({event.tag}) are not allowed in a game log", event.start_mark
                    )
                if len(stack) >= MAX_DEPTH:
                    problem("too_deep", f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
                    raise LogError(problems)
                container: Any = {} if kind is mapping_start else []
                path = place_value(container, event.start_mark, event.start_mark.index)
                frame_path = path if path is not None else ("\0dropped",)
                if event.flow_style:
                    doc.flow.add(frame_path)
                stack.append(_Frame(container, frame_path, event.start_mark.index))
            elif kind is sequence_end or kind is mapping_end:
                frame = stack.pop()
                doc.spans[frame.path] = (frame.start, event.end_mark.index)
            elif kind is alias_event:
                problem("alias", "aliases (*name) are not allowed in a game log", event.start_mark)
                place_value(None, event.start_mark, event.start_mark.index)
            elif kind is document_start:
                documents += 1
                if documents > 1:
                    problem(
                        "multiple_documents", "a game log is one YAML document", event.start_mark
                    )
                    break
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        reason = error.problem or "not valid YAML"
        if error.context:
            reason = f"{error.context}: {reason}"
        problems.append(
            Problem(
                "yaml_syntax",
                f"YAML syntax error: {reason}",
                "yaml",
                filename,
                mark.line + 1 if mark else None,
                mark.column + 1 if mark else None,
            )
        )
    except yaml.YAMLError as error:
        problems.append(Problem("yaml_syntax", f"YAML error: {error}", "yaml", filename))
    if problems:
        raise LogError(problems)
    return doc
