"""Sentences about a player that read right for any name, ``you`` included.

Reports, messages and the rules' events say what a player does in the third
person (``ann plays first``, ``ben holds 2 GBP``).  A player may be named
``you`` (the README's own games are between ``you`` and ``computer``): then
the verb takes the second person (``you play first``, ``you hold 2 GBP``) and
the possessive is ``your``.  And the words of a hint, for the frame and the games' notations
alike: user text quoted (``quoted``) and the word meant (``did_you_mean``: ``EUD`` -> EUR,
``anne`` -> ann, ``notes`` -> note, by the standard library's close-match search).  Pure: no
I/O, importable by the rules cores.
"""

from __future__ import annotations

from collections.abc import Iterable

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_SIBILANT = ("sses", "shes", "ches", "xes", "zes")


def moves_held(count: int) -> str:
    """The move numbers a log of ``count`` moves has, for a message that names one it lacks:
    ``moves 1 to 65``, ``move 1 only``, ``no moves yet``."""
    if count == 0:
        return "no moves yet"
    return "move 1 only" if count == 1 else f"moves 1 to {count}"


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


def possessive(name: str, alone: bool = False, *, title: bool = False) -> str:
    """``ann's``, or ``your`` for ``you`` (``Your`` for ``You``) and ``my`` for ``me``;
    ``alone`` (no noun after it): ``yours``, ``mine``.  A game's ``title`` (``Stacks``,
    ``World Exchangers``: a plural more often than not) takes the apostrophe alone after a
    final s: ``Stacks'``, ``Counting's``."""
    if title:
        return f"{name}'" if name.endswith("s") else f"{name}'s"
    if is_you(name):
        word = "Your" if name.strip()[:1] == "Y" else "your"
        return word + "s" if alone else word
    if name.strip().lower() == "me":
        word = "mine" if alone else "my"
        return word.capitalize() if name.strip()[:1] == "M" else word
    return f"{name}'s"


# --------------------------------------------------------------------------- hints

MAX_QUOTED = 60
"""Longest user text quoted whole in a message; longer text is cut with an ellipsis."""


def quoted(value: object, limit: int = MAX_QUOTED) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for quoting user text in a message."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value):,} characters)"
    shown = repr(value)
    if len(shown) > limit + 2:
        return shown[:limit] + "..."
    return shown


CUTOFF = 0.6
"""How alike (difflib's ratio, 0 to 1) a word and a choice must be to suggest the choice."""


def close_match(word: str, choices: Iterable[str]) -> str | None:
    """The choice most like ``word`` (letter case aside), or None when none is close."""
    options = [c for c in dict.fromkeys(choices) if c != word]
    if not word or not options:
        return None
    folded = {option.casefold(): option for option in reversed(options)}
    exact = folded.get(word.casefold())
    if exact is not None:
        return exact
    import difflib  # here: only a near miss needs it (start-up)

    wanted = word.casefold()
    scored = []
    for option in folded:
        ratio = difflib.SequenceMatcher(None, wanted, option).ratio()
        if ratio >= CUTOFF:
            # Equal ratios (EUD: EUR and USD) go to the one alike letter for letter.
            in_place = sum(a == b for a, b in zip(wanted, option, strict=False))
            scored.append((ratio, in_place, option))
    return folded[max(scored)[2]] if scored else None


def did_you_mean(word: str, choices: Iterable[str]) -> tuple[str, ...]:
    """``("did you mean EUR?",)`` when a choice is close to ``word``; else no hint."""
    match = close_match(word, choices)
    return (f"did you mean {match}?",) if match is not None else ()
