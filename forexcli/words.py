"""Sentences about a player that read right for any name, ``you`` included.

Reports, messages and the rules' events say what a player does in the third
person (``ann plays first``, ``ben holds 2 GBP``).  A player may be named
``you`` (the README's own games are between ``you`` and ``computer``): then
the verb takes the second person (``you play first``, ``you hold 2 GBP``) and
the possessive is ``your``.  Pure: no I/O, importable by the rules cores.
"""

from __future__ import annotations

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_SIBILANT = ("sses", "shes", "ches", "xes", "zes")


def is_you(name: str) -> bool:
    """Whether ``name`` is the second person (``you``, ``You``, any case)."""
    return name.strip().lower() == "you"


def verb_for(name: str, verb: str) -> str:
    """``verb``, written in the third person singular (``plays``, ``has``, ``passes``), as
    ``name`` takes it: itself, or for ``you`` the plain form (``play``, ``have``, ``pass``)."""
    if not is_you(name):
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(_SIBILANT):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def says(name: str, rest: str) -> str:
    """``name`` and ``rest``, whose first word is a verb in the third person singular,
    conjugated for ``name``: ``says("ann", "plays first")`` is ``ann plays first``,
    ``says("you", "plays first")`` is ``you play first``."""
    verb, space, tail = rest.partition(" ")
    return f"{name} {verb_for(name, verb)}{space}{tail}"


def possessive(name: str, alone: bool = False) -> str:
    """``ann's``, or ``your`` for ``you`` (``Your`` for ``You``); ``alone`` (no noun after
    it): ``yours``."""
    if is_you(name):
        word = "Your" if name.strip()[:1] == "Y" else "your"
        return word + "s" if alone else word
    return f"{name}'s"
