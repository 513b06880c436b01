"""A fast, conservative pre-check of a log against the published schema.

``fast_valid`` answers True only for data the schema surely accepts; on any
doubt it answers False, and the caller runs the real JSON Schema validator,
which then finds and places every violation.  Running jsonschema over every
entry of every file is about 50 times slower than this check, and almost
every log checked in CI is valid.  A property test keeps the two in step:
whatever this accepts, jsonschema accepts.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from .engine import HouseRules
from .notation import KINDS, SCHEMA_PATTERNS
from .schema_source import KEY_LINE_PATTERN, PLAYER_NAME_PATTERN, RESERVED_ENTRY_KEYS, log_schema

_NAME = re.compile(PLAYER_NAME_PATTERN)
_DIGEST = re.compile(r"[0-9a-f]{16}")
_SIGNATURE = re.compile(r"[A-Za-z0-9+/=]{1,200}")
_KEY_LINE = re.compile(KEY_LINE_PATTERN)


def _key_line(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 500 and _KEY_LINE.match(value) is not None


def _keys_ok(keys: Any) -> bool:
    """``keys:``: a player's name to a key line, or to ``{key: LINE, since: N}``."""
    if not isinstance(keys, dict):
        return False
    for name, value in keys.items():
        if not isinstance(name, str) or not _name_ok(name):
            return False
        if isinstance(value, dict):
            since = value.get("since")
            if set(value) != {"key", "since"} or not _key_line(value["key"]):
                return False
            if not isinstance(since, int) or isinstance(since, bool) or since < 1:
                return False
        elif not _key_line(value):
            return False
    return True


_KIND_RES = {kind: re.compile(SCHEMA_PATTERNS[kind]) for kind in KINDS}
_CURRENCIES = frozenset(log_schema()["properties"]["removed"]["properties"])
_TEXT_LIMITS = {"title": 200, "site": 500, "started": 100, "finished": 100}
_TOP_KEYS = frozenset(log_schema()["properties"])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(value: Any) -> bool:
    return isinstance(value, str) and value not in RESERVED_ENTRY_KEYS and _name_ok(value)


@cache
def _name_ok(value: str) -> bool:
    return _NAME.match(value) is not None


@cache
def _decision_ok(text: str) -> bool:
    kind = text.split(" ", 1)[0]
    regex = _KIND_RES.get(kind)
    return regex is not None and regex.match(text) is not None


def entry_valid(entry: Any) -> bool:
    """True only if ``entry`` surely conforms to the schema of one entry of ``moves``."""
    if not isinstance(entry, dict):
        return False
    players = 0
    for key, value in entry.items():
        if key == "note":
            if not isinstance(value, str) or len(value) > 20000:
                return False
        elif key == "digest":
            if not isinstance(value, str) or not _DIGEST.fullmatch(value):
                return False
        elif key == "sig":
            if not isinstance(value, dict) or not 1 <= len(value) <= 2:
                return False
            for signer, signature in value.items():
                if not isinstance(signer, str) or not _name_ok(signer):
                    return False
                if not isinstance(signature, str) or not _SIGNATURE.fullmatch(signature):
                    return False
        else:
            players += 1
            if not _name_ok(key) or not isinstance(value, str) or not _decision_ok(value):
                return False
    return players == 1


def fast_valid(data: Any) -> bool:
    """True only if ``data`` surely conforms to the log schema."""
    if not isinstance(data, dict) or not _TOP_KEYS.issuperset(data):
        return False
    if data.get("forex") != 1 or not _is_int(data.get("forex")):
        return False
    if ("removed" in data) == ("seed" in data):
        return False
    for key, limit in _TEXT_LIMITS.items():
        if key in data and (not isinstance(data[key], str) or len(data[key]) > limit):
            return False
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        return False
    if not all(_name(p) for p in players) or len(set(players)) != len(players):
        return False
    if "first" in data and not _name(data["first"]):
        return False
    if "removed" in data:
        removed = data["removed"]
        if not isinstance(removed, dict) or not _CURRENCIES.issuperset(removed):
            return False
        if not all(_is_int(v) and 0 <= v <= 6 for v in removed.values()):
            return False
    if "seed" in data:
        seed = data["seed"]
        if not (isinstance(seed, str) and len(seed) <= 200) and not _is_int(seed):
            return False
    contacts = data.get("contacts", {})
    if not isinstance(contacts, dict):
        return False
    for key, value in contacts.items():
        if not _name_ok(key) or not isinstance(value, str) or len(value) > 200:
            return False
    if "house_rules" in data:
        house = data["house_rules"]
        if not isinstance(house, dict):
            return False
        for key, value in house.items():
            choices = HouseRules.OPTIONS.get(key)
            if choices is None or not isinstance(value, str) or value not in choices:
                return False
    if "keys" in data and not _keys_ok(data["keys"]):
        return False
    moves = data.get("moves")
    if moves is None:
        return True
    if not isinstance(moves, list):
        return False
    return all(entry_valid(entry) for entry in moves)
