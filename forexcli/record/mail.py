"""The log in and out of real mail: RFC 5322 messages made and read with ``email``.

``compose_mail(replay, since)`` makes the mail to send after a move: ``To:`` the
next decider's contact, the subject and text of the game's message (``Game.message``)
with a markdown alternative (``text/markdown``, RFC 7763; clients that do not know it
show the plain text), the log attached as ``text/plain`` (every mail client
opens it as text; ``text/yaml`` is newer and many show it only as a file to
save) and the board as a PNG picture.

``find_logs(data)`` takes a mail (an ``.eml``), an mbox, or a Maildir folder and
finds the logs in it: attachments, and the text of the body, also when quoted
with ``> `` (at any depth), inside a BBCode ``[code]`` block or a markdown
fence.  ``arrival(own, incoming)`` compares what came with the reader's own
copy (``forks.compare``): a log that goes further than it, every move legal,
every digest and signature good, and the keys the reader knows unchanged, is
accepted, with the notes and comments of the reader's copy it lacks (``merge``); a
copy that goes no further brings only the notes and comments the reader lacks; a fork,
a rewritten history, a forged or another game's log is refused.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import mailbox
import os
import re
from collections.abc import Iterator
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from ..words import possessive
from ..words import quoted as quoted_text
from .gamelog import GameLog, Replay, replay, told_entry
from .problems import LogError, Problem, command_path, command_word, player_command
from .problems import printable as clean

# Defined in seats, which signing imports (this module imports signing); re-exported here.
from .seats import address_of as address_of
from .seats import contact_of as contact_of
from .yamlread import unreadable


def top_keys() -> tuple[str, ...]:
    """The header keys of every registered game's logs (the properties of their log schemas),
    in the order the games are registered: a line starting with one belongs to a pasted log."""
    from ..games import get, names

    keys: dict[str, None] = {}
    for name in names():
        keys.update(dict.fromkeys(_log_keys(get(name))))
    return tuple(keys)


_LOG_KEYS: dict[str, tuple[Any, tuple[str, ...]]] = {}
"""Each game's name -> the game and its logs' header keys (``_log_keys``)."""


def _log_keys(game: Any) -> tuple[str, ...]:
    """The header keys of ``game``'s logs (its log schema's properties), read once: a game's
    ``schemas()`` reads its files each time, and every stretch of every mail asks."""
    known = _LOG_KEYS.get(game.name)
    if known is None or known[0] is not game:  # (a game registered again is read again)
        known = (game, tuple(game.schemas()["log"]["properties"]))
        _LOG_KEYS[game.name] = known
    return known[1]


@lru_cache(maxsize=8)
def _header_key(keys: tuple[str, ...]) -> re.Pattern[str]:
    """A line that opens with one of the header keys ``keys``."""
    return re.compile(r"(" + "|".join(map(re.escape, keys)) + r")[ \t]*:")


@lru_cache(maxsize=8)
def _yamlish(keys: tuple[str, ...]) -> re.Pattern[str]:
    """A line that may belong to a log whose header keys are ``keys``."""
    return re.compile(r"(\s*$|\s*#|[ \t]|- |(" + "|".join(map(re.escape, keys)) + r")[ \t]*:)")


_HEADER_LINE = re.compile(r"(\s*$|\s*#|[ \t]|- |[A-Za-z_][A-Za-z0-9_]*[ \t]*:)")
_GAME_LINE = re.compile(r"game[ \t]*:[ \t]*([a-z][a-z0-9-]*)[ \t]*$")


def _log_line(lines: list[str], start: int) -> re.Pattern[str]:
    """What a line of the log starting at ``lines[start]`` may be: blank, a comment, indented,
    an item, or a header key of the game its header names (``game:``, the default game without one),
    from that game's log schema; every registered game's keys when the name is unknown.
    Only that game is imported, as reading the log will."""
    from ..games import UnknownGame, get

    name = None
    for line in lines[start:]:
        if not _HEADER_LINE.match(line) or line.startswith("moves"):
            break
        found = _GAME_LINE.match(line)
        if found:
            name = found.group(1)
            break
    try:
        keys = _log_keys(get(name))
    except UnknownGame:
        keys = top_keys()
    return _yamlish(keys)


_START = re.compile(
    r"(# yaml-language-server:|forex[ \t]*:[ \t]*1\b|game[ \t]*:[ \t]*[a-z][a-z0-9-]*[ \t]*$)"
)
_FENCE = re.compile(r"^(```|~~~)[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)
_BBCODE = re.compile(r"\[code(?:=[^\]]*)?\]\n?(.*?)\[/code\]", re.S | re.I)
MAX_QUOTE_DEPTH = 6


def _problem(code: str, message: str, file: str, *hints: str, entry: int | None = None) -> Problem:
    return Problem(code, message, "mail", file, entry=entry, hints=tuple(hints))


# --------------------------------------------------------------------------- writing


def log_filename(path: str) -> str:
    """The attachment's name: the log's own file name (``game.yaml`` for standard input)."""
    name = os.path.basename(path)
    return name if name.endswith((".yaml", ".yml")) and name != "-" else "game.yaml"


def compose_mail(
    played: Replay,
    since: int | None = None,
    *,
    filename: str = "game.yaml",
    with_picture: bool = True,
    to: str = "all",
    sender: str | None = None,
) -> EmailMessage:
    """The mail to send with the log as it stands, telling what happened after move ``since``
    (by default what the next decider has not seen, as ``message.compose``).

    ``To:`` is the next decider's address; with ``to="all"`` (``RECIPIENTS``) ``Cc:`` is every
    other player's address but the sender's, so that everyone at the table hears of the
    move; ``to="next"`` writes no ``Cc:``.  ``sender`` is the player the mail is from (by
    default the last move's: after engine seats' replies, the person whose move they
    answered)."""
    log = played.log
    game = log.game
    text = game.message(played, since, "text")
    markdown = game.message(played, since, "markdown")
    mail = EmailMessage(policy=email.policy.default)
    mail["Subject"] = text.subject
    deciders = game.pending(played.final).deciders
    next_player = deciders[0] if deciders else None
    last = log.entries[len(played.states) - 1].player if played.states else None
    offer, partner = _waiting_offer(played)
    cosigner = _awaited_cosigner(played)
    if offer is not None and partner is not None:
        # the engine's offer waits for its partner's answer: the mail is the offer's
        next_player, last = partner, offer.player
        del mail["Subject"]
        mail["Subject"] = f"{possessive(offer.player)} offer waits for {partner}: {text.subject}"
    elif cosigner is not None:
        # signatures: required: the game goes no further until the deal is countersigned
        next_player = cosigner
        del mail["Subject"]
        mail["Subject"] = f"a deal awaits {possessive(cosigner)} countersignature: {text.subject}"
    to_address = address_of(contact_of(log, next_player))
    if to_address:
        mail["To"] = to_address
    if sender is not None:
        last = sender
    from_address = address_of(contact_of(log, last))
    if from_address:
        mail["From"] = from_address
    if to == "all":
        copies = _copies(log, (next_player, last), {to_address, from_address})
        if copies:
            mail["Cc"] = ", ".join(copies)
    mail["Date"] = formatdate(localtime=True)
    mail["Message-ID"] = make_msgid(domain="forexcli.invalid")
    mail["X-Forex-Moves"] = str(len(played.states))
    mail.set_content(text.body)
    mail.add_alternative(markdown.body, subtype="markdown")
    mail.add_attachment(
        log.text.encode("utf-8"),
        maintype="text",
        subtype="plain",
        filename=filename,
        params={"charset": "utf-8"},
    )
    if with_picture:
        from ..games.defaults import NotOffered
        from .png import svg_to_png

        title = log.title or filename
        where = f"after move {len(played.states)}" if played.states else "at the start"
        try:
            svg = game.picture(played.final, f"{title}, {where}")
        except NotOffered:  # a game that draws no board: the mail goes without a picture
            return mail
        picture = svg_to_png(svg)
        mail.add_attachment(picture, maintype="image", subtype="png", filename="board.png")
    return mail


def _waiting_offer(played: Replay) -> tuple[Any, str | None]:
    """The log's open offer (``seats.Offer``) when it waits at the position ``played``
    ends at (its whole log), and the partner who answers it; (None, None) otherwise."""
    from .seats import offer_partner, open_offer

    log = played.log
    offer = open_offer(log.header)
    if offer is None or len(played.states) != len(log.entries):
        return None, None
    return offer, offer_partner(log.game, offer)


def _awaited_cosigner(played: Replay) -> str | None:
    """Under ``signatures: required``, the cosigner of a deal in ``played`` who has not
    countersigned it (no move may follow it until they do); None: there is none."""
    from .signing import check_signatures, signatures_required

    if not signatures_required(played.log):
        return None
    awaiting = check_signatures(played).awaiting
    return awaiting[min(awaiting)] if awaiting else None


def with_preface(mail: EmailMessage, subject: str, text: str, markdown: str) -> EmailMessage:
    """``mail`` whose subject opens with ``subject`` and whose plain and markdown bodies open
    with ``text`` and ``markdown`` (a blank line after each)."""
    old_subject = str(mail["Subject"] or "")
    del mail["Subject"]
    mail["Subject"] = f"{subject}: {old_subject}" if old_subject else subject
    for subtype, preface in (("plain", text), ("markdown", markdown)):
        part = mail.get_body((subtype,))
        if part is not None:
            body = part.get_content()
            part.set_content(preface.rstrip("\n") + "\n\n" + body, subtype=subtype)
    return mail


RECIPIENTS = ("all", "next")
"""Whom a mail is addressed to: ``all`` (To: the next decider, Cc: the others) or ``next``."""


def _copies(
    log: GameLog, left_out: tuple[str | None, ...], addresses: set[str | None]
) -> list[str]:
    """The addresses of the players but ``left_out``, each once and none in ``addresses``."""
    copies: list[str] = []
    for player in log.players:
        address = address_of(contact_of(log, player))
        if player in left_out or address is None or address in addresses:
            continue
        if address not in copies:
            copies.append(address)
    return copies


def mail_bytes(mail: EmailMessage) -> bytes:
    """The mail as the bytes of an ``.eml`` file (LF line breaks, for ``sendmail -t``)."""
    return mail.as_bytes(policy=email.policy.default)


# --------------------------------------------------------------------------- finding the log


class Found(Struct, frozen=True):
    """A log found in a mail: its text, and where (``attachment game.yaml``, ``body``)."""

    text: str
    where: str
    log: Any
    """Its ``GameLog`` (of any game)."""
    mail: int = 0
    """The mail it came in, counted from 1 in a mailbox of several (0: a lone mail or log
    file)."""


def _dequoted(text: str, depth: int) -> str | None:
    """The lines quoted ``depth`` times (``> `` markers removed), or None if there are none.

    A line without a quote marker right after a quoted line that a re-wrap broke (one that
    ends with the blank it was broken after, as ``fold -s`` leaves it, or that is as long as
    a wrapped line) is the rest of that line: it is kept, to be joined back (``rejoined``).
    A mail program that quotes without a space after the markers (``>>forex: 1``, and so
    ``>>  alice:``) is told by its lines: some start right after the markers, none with a
    single space; its lines keep every space.
    """
    markers = r"^(?: ?>){" + str(depth) + "}"
    bare = re.compile(markers + r"[^ >]")
    single = re.compile(markers + r" [^ ]")
    unspaced = any(bare.match(line) for line in text.splitlines()) and not any(
        single.match(line) for line in text.splitlines()
    )
    marker = re.compile(markers if unspaced else markers + " ?")
    lines: list[str] = []
    previous = ""  # the last line, when it was quoted and may have been broken
    for line in text.splitlines():
        if marker.match(line):
            lines.append(marker.sub("", line, count=1))
            previous = line
            continue
        broken = previous.endswith(" ") or len(previous) >= HARD_WRAP
        if lines and broken and lines[-1] and line.strip() and line[0] not in "> ":
            lines.append(line)
            previous = line if len(line) >= HARD_WRAP or line.endswith(" ") else ""
            continue
        previous = ""
    return "\n".join(lines) + "\n" if lines else None


def candidates(text: str) -> Iterator[tuple[str, str]]:
    """(text, how it was found) for every stretch of a mail body that may be a log."""
    for choices, _damage in alternatives(text):
        yield next(choice for choice in choices if REPAIRED not in choice[1])


def alternatives(text: str) -> Iterator[tuple[list[tuple[str, str]], str | None]]:
    """For every stretch of a mail body that may be a log: the readings to try, best first,
    each (text, how it was found), and where a mail program broke it (None: nowhere).

    A stretch whose lines a mail program re-wrapped (a line that no log can hold, on
    the line after a line of the log: the rest of a line broken at a space) is tried
    first with those lines joined again (``rejoined``), then as it is."""
    for depth in range(MAX_QUOTE_DEPTH + 1):
        body = text if depth == 0 else _dequoted(text, depth)
        if body is None:
            break
        quoted = f", quoted {'> ' * depth}".rstrip() if depth else ""
        for match in _FENCE.finditer(body):
            yield _block_readings(match.group(2), f"a markdown fence{quoted}")
        for match in _BBCODE.finditer(body):
            yield _block_readings(match.group(1), f"a [code] block{quoted}")
        lines = body.splitlines()
        for start, stretch in _plain_stretches(lines):
            plain = (stretch, f"the text{quoted}")
            joined = rejoined(lines, start)
            if joined is None:
                yield [plain], None
                continue
            variants, count, broke, at_end = joined
            what = f"{count} line{'s' if count != 1 else ''} a mail program had broken"
            how = f"the text{quoted}{REPAIRED}{what} joined again"
            repaired = [(variant, how) for variant in variants]
            # Text right after the log (no blank line between) looks broken off too: a
            # stretch that reads as a log as it is then wins.
            yield ([plain, *repaired] if at_end else [*repaired, plain]), broke


def _block_readings(block: str, how: str) -> tuple[list[tuple[str, str]], str | None]:
    """The readings of a markdown fence's or a ``[code]`` block's text, as ``alternatives``
    gives them: with the lines a mail program broke joined again first, when it broke some
    (the block ends where the log does, so a broken last line is a broken line)."""
    lines = block.splitlines()
    start = next((i for i, line in enumerate(lines) if _START.match(line)), 0)
    joined = rejoined(lines, start)
    if joined is None:
        return [(block, how)], None
    variants, count, broke, _at_end = joined
    what = f"{count} line{'s' if count != 1 else ''} a mail program had broken"
    repaired = [(variant, f"{how}{REPAIRED}{what} joined again") for variant in variants]
    return [*repaired, (block, how)], broke


def _plain_stretches(lines: list[str]) -> Iterator[tuple[int, str]]:
    """``_plain_logs`` with the line each stretch starts at."""
    index = 0
    while index < len(lines):
        if not _START.match(lines[index]):
            index += 1
            continue
        yamlish = _log_line(lines, index)
        end = index + 1
        while end < len(lines) and yamlish.match(lines[end]):
            end += 1
        yield index, "\n".join(lines[index:end]).rstrip() + "\n"
        index = end


REPAIRED = "\x00"
"""Between how a repaired log was found and what was repaired, in ``alternatives``."""
_BASE64_END = re.compile(r"[A-Za-z0-9+/=]{20,}\Z")
_BASE64_START = re.compile(r"[A-Za-z0-9+/=]")
HARD_WRAP = 60
"""A line this long that ends in the middle of base64 was cut where no space was (a hard
wrap): its rest is joined to it without a space."""


def rejoined(lines: list[str], start: int) -> tuple[list[str], int, str, bool] | None:
    """The log starting at ``lines[start]`` with the lines a mail program broke off joined
    back to the line they belong to: the readings to try (the broken lines joined with a
    space, then, if some look cut in the middle of base64, those joined without one), how
    many lines were joined, where the first break was (``line N: TEXT`` of the log), and
    whether every joined line is at the end (text after the log, or the log's last line
    broken). None when no line was broken.

    A broken line is one no log line can be (not indented, not a header key, not ``- ``)
    that follows a line of the log; a blank line before such a line ends the log.
    """
    out: list[str] = []
    joins: list[tuple[int, bool]] = []  # (line of out, cut in base64)
    broke = ""
    yamlish = _log_line(lines, start)
    index = start
    while index < len(lines):
        line = lines[index]
        if index == start or yamlish.match(line):
            out.append(line)
        elif out and out[-1]:
            if not broke:
                broke = f"line {index - start + 1} of the log: {quoted_text(line)}"
            if out[-1].endswith((" ", "\t")):
                # Broken after a blank that stayed at the end (fold -s), or inside the
                # indentation: the rest goes on right after it.
                joins.append((len(out) - 1, False))
                out[-1] = out[-1] + line
            else:
                hard = (
                    len(out[-1]) >= HARD_WRAP
                    and bool(_BASE64_END.search(out[-1]))
                    and bool(_BASE64_START.match(line))
                )
                joins.append((len(out) - 1, hard))
                out[-1] = out[-1] + "\0" + line
        else:
            break
        index += 1
    if not joins:
        return None
    while out and not out[-1].strip():
        out.pop()
    at_end = all(line == len(out) - 1 for line, _hard in joins)
    text = "\n".join(out) + "\n"
    variants = [text.replace("\0", " ")]
    if any(hard for _line, hard in joins):
        pieces = text.split("\0")
        hards = iter(hard for _line, hard in joins)
        variants.append(
            pieces[0] + "".join(("" if next(hards) else " ") + piece for piece in pieces[1:])
        )
    return variants, len(joins), broke, at_end


def unflowed(text: str, delsp: bool = False) -> str:
    """``format=flowed`` text (RFC 3676) with its soft line breaks joined again.

    A line that ends with a space continues on the next line of the same quote
    depth; the quote markers and the space-stuffing of each line are kept as
    one ``> `` per level.
    """
    out: list[str] = []
    pending: tuple[int, str] | None = None
    for raw in text.splitlines():
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if pending is not None and pending[0] == depth:
            line = pending[1] + line
        elif pending is not None:
            out.append(_quoted_line(*pending))
        pending = None
        if line.endswith(" ") and line != "-- ":
            pending = (depth, line[:-1] if delsp else line)
            continue
        out.append(_quoted_line(depth, line))
    if pending is not None:
        out.append(_quoted_line(*pending))
    return "\n".join(out) + "\n"


def _quoted_line(depth: int, line: str) -> str:
    return ("> " * depth + line) if depth else line


PLAIN_BODIES = ("text/plain", "text/markdown", "text/x-markdown")


def _message_parts(message: email.message.Message) -> Iterator[tuple[str, bytes | str]]:
    """(where, content) of each leaf part: attachments as bytes, bodies as text; an HTML body
    last, as the text it shows (``HTML_BODY``: read only when the rest hold no log)."""
    htmls: list[str] = []
    for part in message.walk():
        if part.is_multipart():
            continue
        name = part.get_filename()
        kind = part.get_content_type()
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):
            continue
        if name or part.get_content_disposition() == "attachment":
            if kind.startswith(("text/", "application/")):
                yield f"the attachment {name or kind}", payload
            continue
        if kind in (*PLAIN_BODIES, "text/html"):
            charset = part.get_content_charset() or "utf-8"
            try:
                text = payload.decode(charset, errors="replace")
            except LookupError:
                text = payload.decode("utf-8", errors="replace")
            if kind == "text/html":
                htmls.append(text)
                continue
            if str(part.get_param("format", "")).lower() == "flowed":
                text = unflowed(text, str(part.get_param("delsp", "")).lower() == "yes")
            yield f"the {kind} body", text
    for text in htmls:
        yield HTML_BODY, html_text(text)


HTML_BODY = "the text/html body"


class _HtmlText(HTMLParser):
    """The text an HTML body shows, line by line: a block element or ``<br>`` ends a line,
    white space runs are one space but in ``<pre>`` or an element styled ``white-space:
    pre`` (or ``pre-wrap``, as some mail programs keep pasted text), and a no-break space is
    a space (the indentation mail programs write as ``&nbsp;``)."""

    BLOCKS = frozenset(
        (
            *("address", "article", "blockquote", "br", "dd", "div", "dl", "dt", "hr"),
            *("h1", "h2", "h3", "h4", "h5", "h6", "li", "ol", "p", "pre", "section"),
            *("table", "tr", "ul"),
        )
    )
    HIDDEN = frozenset(("head", "script", "style", "title"))
    VOID = frozenset(("area", "base", "br", "col", "hr", "img", "input", "link", "meta", "wbr"))
    KEEPS = re.compile(r"white-space\s*:\s*pre", re.I)

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.kept: list[str] = []  # the open elements that keep their white space
        self.hidden = 0

    def _break(self) -> None:
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag == "br":
            self.out.append("\n")
        elif tag in self.BLOCKS:
            self._break()
        style = " ".join(str(value) for name, value in attrs if name == "style")
        if tag not in self.VOID and (tag == "pre" or self.KEEPS.search(style)):
            self.kept.append(tag)

    def handle_startendtag(self, tag: str, attrs: Any) -> None:
        if tag == "br":
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS and tag != "br":
            self._break()
        if self.kept and self.kept[-1] == tag:
            self.kept.pop()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if not self.kept:
            data = re.sub(r"[ \t\r\n]+", " ", data)
            if not self.out or self.out[-1].endswith("\n"):
                data = data.lstrip(" ")
        if data:
            self.out.append(data)


def html_text(html: str) -> str:
    """The text an HTML mail body shows (``_HtmlText``), its lines' ends trimmed."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    text = "".join(parser.out).replace("\u00a0", " ")
    return "\n".join(line.rstrip(" ") for line in text.split("\n")) + "\n"


class MissingResource(LogError):
    """A log of another game whose files (its components) cannot be read beside ``into``:
    it is a log, so the problem is told instead of "no log"."""


def _read_once(
    data: bytes | str, source: str, into: str | None, readings: dict[bytes | str, Any] | None
) -> Any:
    """``_parse``, each text read once in ``readings`` (text -> its log or its ``LogError``):
    the mails of a thread often carry the same log."""
    if readings is None:
        return _parse(data, source, into)
    if data not in readings:
        try:
            readings[data] = _parse(data, source, into)
        except LogError as error:
            readings[data] = error
    known = readings[data]
    if isinstance(known, LogError):
        raise known
    return known


def _first_reading(
    choices: list[tuple[str, str]],
    source: str,
    into: str | None,
    where: str,
    repaired: bool,
    readings: dict[bytes | str, Any] | None = None,
) -> Found | None:
    """The first of ``choices`` that reads as a log (a repaired one also replays with good
    signatures, so that a wrong guess at a break is not taken); None if none does."""
    for number, (text, how) in enumerate(choices):
        try:
            parsed = _read_once(text, source, into, readings)
        except MissingResource:
            raise
        except LogError:
            continue
        found_how, _, repair = how.partition(REPAIRED)
        said = f"{found_how} of {where}" + (f", with {repair}" if repair else "")
        found = Found(text, said, parsed)
        last = number == len(choices) - 1
        if repaired and not last:
            try:
                _checked(found, where)
            except LogError as error:
                if any(p.code != "unsigned_in_mail" for p in error.problems):
                    continue
        return found
    return None


def _logs_in(
    message: email.message.Message,
    source: str,
    into: str | None,
    damaged: list[str] | None = None,
    readings: dict[bytes | str, Any] | None = None,
) -> list[Found]:
    """The logs in ``message``; each stretch that looks like a log, was broken by a mail
    program and cannot be read even so is told in ``damaged``; ``readings``: the texts read
    before (``_read_once``)."""
    found: list[Found] = []
    for where, content in _message_parts(message):
        if where == HTML_BODY and found:
            continue  # the plain text or an attachment held it: the HTML shows the same
        try:
            if isinstance(content, bytes):
                with contextlib.suppress(UnicodeDecodeError):
                    parsed = _read_once(content, source, into, readings)
                    found.append(Found(content.decode("utf-8-sig"), where, parsed))
                continue
            for choices, broke in alternatives(content):
                taken = _first_reading(choices, source, into, where, len(choices) > 1, readings)
                if taken is not None:
                    found.append(taken)
                    continue
                text, how = choices[-1]
                if broke is None:
                    broke = _unreadable_line(text, source, into)
                if broke is not None and damaged is not None:
                    damaged.append(f"{how.partition(REPAIRED)[0]} of {where}, {broke}")
        except MissingResource:
            raise
        except LogError:
            continue
    return found


def _unreadable_line(text: str, source: str, into: str | None) -> str | None:
    """``line N of the log: TEXT`` where a stretch that starts as a log does (``forex: 1``)
    stops reading as one, though no line of it looks broken off; None for text that is no
    log at all (a table in a ``[code]`` block)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _START.match(line)), None)
    if start is None:
        return None
    try:
        _parse("\n".join(lines[start:]) + "\n", source, into)
    except MissingResource:
        raise
    except LogError as error:
        line = next((p.line for p in error.problems if p.line is not None), None)
        if line is not None and line <= len(lines) - start:
            return f"line {line} of the log: {quoted_text(lines[start + line - 1])}"
        return f"the log: {error.problems[0].message}"
    return None


def _parse(data: bytes | str, source: str, into: str | None = None) -> Any:
    """The ``GameLog`` of a log found in a mail.  A log whose header names files (World
    Exchangers' components: a game that ``LoadsResources``) is read as the log saved at
    ``into`` (else at ``source``), its files beside it; ``MissingResource`` when they
    cannot be read."""
    from .gamelog import ResourceError, read_log

    try:
        return read_log(data, source, resources_at=into or source)
    except ResourceError as error:
        raise MissingResource(
            [
                replace(p, hints=(*p.hints, "save the log where that path reaches the file"))
                for p in error.problems
            ]
        ) from None


def _compare(a: Any, b: Any) -> Any:
    """How two logs relate (``forks.relate``), for logs of any game."""
    from .forks import relate

    return relate(a, b)


def messages(path: str, data: bytes | None = None) -> list[email.message.Message]:
    """The mails in ``path``: a Maildir folder, an mbox file, or one mail (``data`` given:
    standard input's bytes); raises ``LogError`` for a file that is blank or UTF-16
    (``yamlread.unreadable``)."""
    stdin = data is not None
    if data is None and os.path.isdir(path):
        if not all(os.path.isdir(os.path.join(path, sub)) for sub in ("cur", "new")):
            raise LogError([_problem("not_a_mail", f"{path} is a folder but not a Maildir", path)])
        box = mailbox.Maildir(path, factory=None, create=False)
        return sorted(
            (
                email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)
                for key in box.iterkeys()
            ),
            key=_date_key,
        )
    if data is None:
        from .files import read_bytes

        try:
            data = read_bytes(path)
        except LogError as error:
            raise LogError([p.in_file(path) for p in error.problems]) from None
    blank_or_utf16 = unreadable(data, "<stdin>" if stdin else path)
    if blank_or_utf16 is not None:
        raise LogError([blank_or_utf16])
    if data.startswith(b"From "):
        found: list[email.message.Message] = []
        for chunk in re.split(rb"(?m)^From [^\n]*\n", data)[1:]:
            found.append(email.message_from_bytes(chunk, policy=email.policy.default))
        return found
    return [email.message_from_bytes(data, policy=email.policy.default)]


def _log_file(
    path: str, data: bytes | None, source: str, into: str | None
) -> tuple[Found | None, LogError | None]:
    """The log when ``path`` (``data``: standard input's bytes) is a log file itself, not a
    mail (read as a mail, its lines would be taken for header fields); None otherwise (then
    it is read as a mail, as before), with the file's own problems when it starts as a log
    but does not read as one (told when no log is found in it as a mail either).

    Raises them at once for a log followed by a second YAML document: read as a mail, its
    first lines became header fields and the log after them was taken instead."""
    if data is None:
        if os.path.isdir(path):
            return None, None
        from .files import read_bytes

        try:
            data = read_bytes(path)
        except LogError:
            return None, None  # ``messages`` tells it
    if data.startswith(b"From "):
        return None, None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, None
    if not _starts_as_log(text):
        return None, None
    try:
        log = _parse(data, source, into)
    except MissingResource:
        raise
    except LogError as error:
        if any(p.code == "multiple_documents" for p in error.problems):
            raise
        return None, error
    return Found(text, "the log file" if source != "<stdin>" else "the log", log), None


def _date_key(message: email.message.Message) -> float:
    from email.utils import parsedate_to_datetime

    try:
        return parsedate_to_datetime(str(message["Date"])).timestamp()
    except (TypeError, ValueError, IndexError):
        return 0.0


def _same_log(a: Any, b: Any) -> bool:
    return a is b or bool(a.document.data == b.document.data)


def find_logs(
    path: str, data: bytes | None = None, into: str | None = None
) -> tuple[list[Found], int]:
    """Every distinct log in the mail(s) at ``path`` (copies of one log counted once), and
    how many mails were read; another game's files are read relative to ``into``."""
    found, read, _damaged, _error = _find(path, data, into)
    return found, read


def _find(
    path: str, data: bytes | None, into: str | None
) -> tuple[list[Found], int, list[str], LogError | None]:
    """``find_logs``, the logs that a mail program broke beyond repair, and the problems of
    a file that starts as a log but does not read as one (``_log_file``)."""
    source = path if data is None else "<stdin>"
    whole, error = _log_file(path, data, source, into)
    if whole is not None:
        return [whole], 1, [], None
    found: list[Found] = []
    damaged: list[str] = []
    readings: dict[bytes | str, Any] = {}
    read = messages(path, data)
    for number, message in enumerate(read, 1):
        for item in _logs_in(message, source, into, damaged, readings):
            if not any(_same_log(item.log, other.log) for other in found):
                found.append(replace(item, mail=number) if len(read) > 1 else item)
    return found, len(read), damaged, error


# --------------------------------------------------------------------------- arrival


class Arrival(Struct):
    """What a mail brought, compared with the reader's own copy.

    ``kind``: ``new`` (the reader had no copy), ``extends``, ``merged`` (no move further,
    but notes or comments the reader's copy lacks), ``same``, ``older``.
    ``lines`` tell it for a person (escaped for a terminal).
    """

    kind: str
    found: Found
    replay: Any
    """The ``Replay`` of the log that arrived."""
    since: int
    lines: list[str] = field(default_factory=list)
    text: str = ""
    """The text to save: the log that arrived, with the notes and comments of the reader's
    copy it lacks (``merge``); empty when nothing is to be saved but the log as found."""
    own_bytes: bytes | None = None
    """The reader's copy as read (None when there was none): ``save_arrival`` replaces it
    only if the file still holds these bytes."""
    own_header: Any = None
    """The header of the reader's copy as read (None when there was none)."""
    engines_kept: str = ""
    """When the host's ``engines:`` was kept (``read_mail(..., keep_engines=True)``) against
    a mail whose copy says otherwise: what that copy said, in words; empty otherwise."""
    engines_taken: str = ""
    """When the mail's copy drops or changes an engine seat of the reader's and is taken (a
    ``read_mail`` without ``keep_engines``): the reader's seats and the mail's, in words;
    empty otherwise."""
    engines_given_back: tuple[str, ...] = ()
    """With ``engines_taken``: the ``forex seat`` arguments after the file (``SEAT --engine
    BUDGET``, the name as a shell takes it; ``--engine BUDGET -- -SEAT`` for a name that
    starts with ``-``) that give the reader's engine seats back."""
    label: str = ""
    """What the mail is called in ``lines`` (its path, or ``standard input``)."""
    said: list[str] = field(default_factory=list)
    """The lines of ``lines`` that tell what became of the notes and comments."""

    @property
    def saves(self) -> bool:
        """True when the reader's copy is to be replaced (``merged``: by their own copy with
        the notes or comments that arrived)."""
        return self.kind in ("new", "extends", "merged")

    @property
    def saved_text(self) -> str:
        """The text ``save_arrival`` writes."""
        return self.text or self.found.text


def _refuse(code: str, message: str, own: str, *hints: str) -> LogError:
    return LogError([_problem(code, message, own, *hints)])


def _checked(found: Found, label: str, own: Any = None) -> Any:
    """The arrived log replayed; any illegal move, digest or signature problem refuses it,
    and so does a move in the name of a player whose key the log holds without their
    signature (``unsigned_in_mail``), unless the reader's copy ``own`` holds it so too."""
    from .digests import check_digests
    from .signing import check_signatures, one_edit

    try:
        played = replay(found.log)
    except LogError as error:  # a set-up the game refuses
        raise LogError([_refusal(p, found, label) for p in error.problems]) from None
    problems = [played.problem] if played.problem else []
    if not problems:
        problems = one_edit(played, check_digests(played), check_signatures(played))[0]
    problems = [p for p in problems if not _held_unsigned(p, own, found.log)]
    if not problems and (found.log.header.get("engines") or found.log.header.get("offer")):
        from .seats import offer_problems, seat_problems

        problems = seat_problems(found.log) or offer_problems(played)
    if problems:
        raise LogError([_refusal(p, found, label) for p in problems])
    return played


def _refusal(problem: Problem, found: Found, label: str) -> Problem:
    """What ``read`` says of a problem of the arrived log: ``unsigned_in_mail`` for an
    unsigned move in a keyed player's name, ``forged`` for the rest; placed at its line and
    column when the mail is the log file itself, else the message names the log's line."""
    said = f"the log in {label} ({found.where}) is refused: {problem.message}"
    line, column, file = problem.line, problem.column, problem.file
    if line is not None and found.where == "the log file":
        file = label  # the file read is the log: its own line and column
    elif line is not None:
        said = f"the log in {label} ({found.where}, line {line} of the log) is refused:"
        said += f" {problem.message}"
        line = column = None
    if problem.code != "unsigned_move" or problem.entry is None:
        code = "forged"
        hints: tuple[str, ...] = ("nothing was changed; ask the sender for a good copy",)
    else:
        code = "unsigned_in_mail"
        player = found.log.entries[problem.entry - 1].player
        hints = (
            f"nothing was changed; whoever wrote move {problem.entry} wrote it in"
            f" {possessive(player)} name without {possessive(player)} key: ask {player} to"
            f" play it with --sign (or to sign it: forex sign FILE {problem.entry}) and send"
            " the log again",
        )
    return Problem(code, said, "mail", file, line, column, problem.entry, hints)


def _held_unsigned(problem: Problem, own: Any, incoming: Any) -> bool:
    """True for ``unsigned_move`` of a move the reader's copy ``own`` already holds, as
    unsigned (it was taken before; ``validate`` reports it)."""
    if problem.code != "unsigned_move" or own is None or problem.entry is None:
        return False
    number = problem.entry
    if number > len(own.entries):
        return False
    mine, theirs = own.entries[number - 1], incoming.entries[number - 1]
    return bool(
        mine.player == theirs.player
        and mine.text == theirs.text
        and mine.player not in (mine.sig or {})
    )


def _next_text(played: Any) -> str:
    """Who decides next: the game's words (``Game.pending_text``), else ``pending_line``; who
    answers the engine's open offer when one waits."""
    from .status import pending_line

    offer, partner = _waiting_offer(played)
    if offer is not None and partner is not None:
        return (
            f"{partner} to answer {possessive(offer.player)} offer ({offer.decision}): accept"
            " or decline"
        )
    game = played.log.game
    return game.pending_text(played.final) or pending_line(game, played.final)


def _mail_argument(label: str) -> str:
    """The mail called ``label`` as the argument of a command a hint prints (``MAIL`` for
    standard input)."""
    return "MAIL" if label == "standard input" else label


def _mail_word(label: str) -> str:
    """``_mail_argument`` as a shell takes it (``command_word``)."""
    return command_path(_mail_argument(label))


def arrival(own: Any, found: Found, label: str, own_path: str) -> Arrival:
    """Compare the log ``found`` in mail ``label`` with the reader's copy ``own``.

    Raises ``LogError`` for a log of another game, a fork, a rewritten
    history, changed keys, dropped signatures, or anything that does not
    validate; nothing is changed then.
    """
    incoming = found.log
    if own is not None:
        _same_keys(own, incoming, label, own_path)
    played = _checked(found, label, own)
    moves = len(incoming.entries)
    if own is None:
        story = _story(played, 0, f"{label}: a new copy")
        return Arrival("new", found, played, 0, story, label=label)
    report = _compare(own, incoming)
    if not report.same_game:
        told = _compare(
            replace(own, filename=own_path), replace(incoming, filename=f"the log in {label}")
        )
        raise _refuse(
            "other_game",
            f"{label} holds the log of another game: {told.sentence}",
            own_path,
            "nothing was changed; to keep it as a game of its own: forex read"
            f" {_mail_word(label)} --into OTHER.yaml",
        )
    common = report.common
    if common < min(len(own.entries), moves):
        from .forks import branch_story, settle_hints

        theirs = incoming.entries[common]
        mine = own.entries[common]
        branches = (
            f" {branch_story(own, common, 'Your copy')};"
            f" {branch_story(incoming, common, f'the copy in {label}')}."
            " Nothing was changed"
        )
        hints = settle_hints(own_path, _mail_argument(label), common)
        if common + 1 < len(own.entries):
            raise _refuse(
                "rewritten",
                f"the log in {label} rewrites move {common + 1}, which your copy had and went"
                f" on from ({mine.player}: {mine.text}; the mail has {theirs.player}:"
                f" {theirs.text}): {report.sentence}{branches}",
                own_path,
                *hints,
            )
        raise _refuse(
            "fork",
            f"the log in {label} forks from your copy at move {common + 1}:"
            f" {report.sentence}{branches}",
            own_path,
            *hints,
        )
    for mine, theirs in zip(own.entries[:common], incoming.entries[:common], strict=False):
        dropped = sorted(set(mine.sig or {}) - set(theirs.sig or {}))
        if dropped:
            raise _refuse(
                "dropped_signature",
                f"the log in {label} drops {possessive(', '.join(dropped))} signature of move"
                f" {mine.number}",
                own_path,
                "nothing was changed",
            )
    added = _new_countersignatures(own, incoming) if moves == len(own.entries) else ""
    offered = _new_offer(own, incoming) if moves == len(own.entries) else ""
    revealed = _revealed(own, incoming)
    told = [revealed] if revealed and moves != len(own.entries) else []
    if moves == len(own.entries):
        added = "; ".join(part for part in (added, offered, revealed) if part)
    else:
        added = "; ".join(part for part in (added, offered) if part)
    takes_incoming = moves > len(own.entries) or bool(added)
    merged = _merged(own, incoming, common, takes_incoming, own_path)
    said = [clean(line) for line in merged.said]
    if moves > len(own.entries):
        said += [clean(f"{label} adds {line}.") for line in told]
    if moves > len(own.entries):
        lines = _story(played, common, f"{label}")
        return Arrival(
            "extends",
            found,
            played,
            common,
            lines[:-1] + said + lines[-1:],
            merged.text,
            label=label,
            said=said,
        )
    if added:
        lines = [clean(f"{label} adds {added}."), *said, clean(f"Next: {_next_text(played)}.")]
        return Arrival("extends", found, played, moves, lines, merged.text)
    if moves == len(own.entries):
        held = f"{moves} move{'s' if moves != 1 else ''}"
        if merged.changed:
            line = f"{label} holds the {held} you have, with notes or comments yours lacks:"
            return Arrival("merged", found, played, moves, [clean(line), *said], merged.text)
        line = f"{label} holds the {held} you have; {own_path} is unchanged."
        return Arrival("same", found, played, moves, [clean(line), *said])
    older = (
        f"{label} holds an older copy ({moves} move{'s' if moves != 1 else ''};"
        f" yours has {len(own.entries)})"
    )
    if merged.changed:
        line = f"{older}, with notes or comments yours lacks:"
        return Arrival("merged", found, played, moves, [clean(line), *said], merged.text)
    unchanged = clean(f"{older}; {own_path} is unchanged.")
    return Arrival("older", found, played, moves, [unchanged, *said])


def _merged(own: Any, incoming: Any, common: int, takes_incoming: bool, own_path: str) -> Any:
    """``merge.merge`` of the two copies: the text of the one that goes further (the mail's
    when it adds moves or signatures), with the other's notes and comments it lacks."""
    from .merge import merge

    def parse(text: str) -> Any:
        return _parse(text, own_path, own_path)

    base, other = (incoming, own) if takes_incoming else (own, incoming)
    return merge(
        base, other, common, parse=parse, base_is_own=not takes_incoming, filename=own_path
    )


def _same_keys(own: Any, incoming: Any, label: str, own_path: str) -> None:
    """Refuse a log that changes or drops a key the reader's copy holds."""
    from .signing import KEYS_FIELD

    if not compare_setup(own, incoming):
        return  # another game: said by arrival
    known = own.header.get(KEYS_FIELD) or {}
    arrived = incoming.header.get(KEYS_FIELD) or {}
    changed = sorted(
        name for name, key in known.items() if _key_value(arrived.get(name)) != _key_value(key)
    )
    if changed:
        dropped = [name for name in changed if name not in arrived]
        what = "drops" if len(dropped) == len(changed) else "changes"
        where = own.place((KEYS_FIELD, changed[0]))
        line, column = where if where else (None, None)
        raise LogError(
            [
                Problem(
                    "key_changed",
                    f"the log in {label} {what} the key of {', '.join(changed)} in the header:"
                    " someone may be signing in their name",
                    "mail",
                    own_path,
                    line,
                    column,
                    hints=("nothing was changed; ask the player for their key by another way",),
                )
            ]
        )


def _key_value(value: Any) -> Any:
    """A header key as compared between copies: its OpenSSH line however it is written (in
    pieces or not), and the move that added it."""
    from .keys import openssh_line

    if isinstance(value, dict) and isinstance(value.get("key"), str):
        return {**value, "key": openssh_line(value["key"])}
    return openssh_line(value) if isinstance(value, str) else value


def _new_countersignatures(own: Any, incoming: Any) -> str:
    added = []
    for mine, theirs in zip(own.entries, incoming.entries, strict=False):
        for signer in sorted(set(theirs.sig or {}) - set(mine.sig or {})):
            added.append(f"{possessive(signer)} signature of move {mine.number}")
    return ", ".join(added)


def _new_offer(own: Any, incoming: Any) -> str:
    """``computer's open offer to you (...)`` when the mail's copy holds an engine's open
    offer (the header's ``offer:``) the reader's copy lacks; empty otherwise."""
    theirs = incoming.header.get("offer")
    if theirs is None or theirs == own.header.get("offer"):
        return ""
    from .seats import offer_partner, open_offer

    offer = open_offer(incoming.header)
    if offer is None:
        return ""
    partner = offer_partner(incoming.game, offer) or "its partner"
    return f"{possessive(offer.player)} open offer to {partner} ({offer.decision})"


def _revealed(own: Any, incoming: Any) -> str:
    """``the header's seed: X, which it commits to (...)`` when the mail's copy holds a header
    field its header commits to (``Game.committed_fields``: a seed its hash pins) that the
    reader's copy lacks; the log it arrived in was replayed, so it is the one committed to
    and deals as the log says (``deal_mismatch`` otherwise). Empty otherwise."""
    fields = [
        name
        for name in incoming.game.committed_fields(incoming.header)
        if name in incoming.header and name not in own.header
    ]
    said = [f"{name}: {incoming.header[name]}" for name in fields]
    if not said:
        return ""
    return (
        f"the header's {', '.join(said)}, which it commits to (checked against it, and the"
        " deal with it)"
    )


FREE_TEXT_FIELDS = ("title", "site", "started", "finished")
"""The header's free text: outside the game's identity, so a copy may change it unsigned."""


def _header_text_told(result: Arrival, own: Any) -> Arrival:
    """``result`` whose report names each field of the header's free text
    (``FREE_TEXT_FIELDS``) the mail's copy gives otherwise than the reader's: taken with the
    copy when it is saved, else kept."""
    if result.kind == "new":
        return result
    theirs = (
        _parse(result.saved_text, own.filename, own.filename).header
        if result.saves
        else result.found.log.header
    )
    said = []
    for name in FREE_TEXT_FIELDS:
        mine, arrived = own.header.get(name), theirs.get(name)
        if mine == arrived:
            continue
        was = f"yours said {quoted_text(str(mine))}" if mine is not None else "yours had none"
        if not result.saves:
            now = quoted_text(str(arrived)) if arrived is not None else "none"
            said.append(f"kept your {name}: the mail's copy says {now} ({was})")
        elif arrived is None:
            said.append(f"the mail's copy has no {name}: took it so ({was})")
        else:
            said.append(f"took the mail's {name}: {quoted_text(str(arrived))} ({was})")
    return _telling(result, said) if said else result


def _any_story(played: Any, since: int) -> list[str]:
    """Another game's catch-up: each entry after move ``since`` and the sentences the game
    tells of what its decisions did (``Game.describe``, escaped)."""
    game = played.log.game
    lines = []
    for entry in played.log.entries[since : played.moves]:
        lines.append(clean(f"Move {entry.number}, {entry.key}: {entry.text}"))
        before = played.state_after(entry.number - 1)
        lines.extend("  " + clean(s) for s in told_entry(game, before, entry.decisions))
        if entry.note:
            lines.append("  " + clean(f"Note: {entry.note}"))
    return lines


def _story(played: Any, since: int, label: str) -> list[str]:
    """The catch-up of what arrived: the new moves, who signed them, who is next."""
    from .signing import check_signatures, signed_phrase

    moves = len(played.states)
    new = moves - since
    what = f"{new} new move{'s' if new != 1 else ''}" if new else "no new moves"
    if new:
        what += f" ({since + 1} to {moves})" if new > 1 else f" (move {moves})"
    lines = [clean(f"{label}: {what}.")]
    signatures = check_signatures(played)
    game = played.log.game
    deal = game.agreement_words()[0]
    story = game.summarize(played, since)
    if story is None:
        story = _any_story(played, since)
    out: list[str] = []
    for line in story:
        out.append(line)
        match = re.match(r"Move (\d+), ", line)
        if match:
            signed = signed_phrase(signatures, int(match.group(1)), deal)
            out.append("  " + clean(signed if signed else "not signed"))
    lines.extend(out)
    lines.append(clean(f"Next: {_next_text(played)}."))
    return lines


def read_mail(
    path: str,
    into: str,
    *,
    data: bytes | None = None,
    dry_run: bool = False,
    keep_engines: bool = False,
) -> Arrival:
    """Read the mail(s) at ``path`` (``data``: standard input) into the log file ``into``.

    The file is replaced atomically only when the mail's log goes further than it
    (or created when it does not exist); raises ``LogError`` with nothing changed.
    ``keep_engines`` (the host of the engine seats reads): the header's ``engines:`` of
    ``into`` stays as it is whatever the mail's copy says (``Arrival.engines_kept``).
    """
    from .files import read_bytes

    label = "standard input" if data is not None else path
    found, mails, damaged, error = _find(path, data, into)
    own: Any = None
    own_bytes: bytes | None = None
    if os.path.lexists(into):
        own_bytes = read_bytes(into)
        own = _parse(own_bytes, into, into)
    if not found and damaged:
        raise _refuse(
            "log_damaged",
            f"{label} holds a game log that a mail program has damaged, past repair: {damaged[0]}",
            into,
            "nothing was changed; a mail program re-wrapped the log (a quoted reply?) and the"
            " broken lines cannot be joined back: ask the sender to attach the log (forex"
            " message --eml)",
        )
    if not found and error is not None:
        raise error  # a log file that does not read: its own problems, as validate's
    if not found:
        raise _refuse(
            "no_log",
            f"{label} holds no game log (no attachment, no text that reads as a log)",
            into,
            "nothing was changed; ask the sender to attach the log, or to send it with"
            " forex message --with-log",
        )
    if own is not None:
        found = [f for f in found if compare_setup(own, f.log)] or found
    if len(found) > 1:
        found = _furthest(found, label, into, one_mail=mails == 1)
    result = arrival(own, found[0], label, into)
    result.label = label
    result.own_bytes = own_bytes
    result.own_header = own.header if own is not None else None
    if own is not None:
        result = _with_own_contacts(result, own, into)
        result = _new_keys_told(result, own)
        result = _header_text_told(result, own)
        if not keep_engines:
            result = _new_seats_told(result, own, into)
    if keep_engines and own is not None:
        result = _with_own_engines(result, own, into)
        result = _with_own_declined(result, own, into)
    elif own is not None and result.saves:
        result.engines_taken, result.engines_given_back = _engines_taken(own, result.found.log)
    result = _with_own_line_ends(result, own_bytes)
    if not dry_run:
        save_arrival(result, into)
    return result


def _with_own_line_ends(result: Arrival, own_bytes: bytes | None) -> Arrival:
    """``result`` whose text to save ends its lines as the reader's copy does (a new copy as
    forex writes a log, with LF): a log attached with CR LF (a Windows mail program's) does
    not change every line of the copy it brings up to date."""
    if not result.saves:
        return result
    crlf = own_bytes is not None and b"\r\n" in own_bytes
    text = result.saved_text
    lf = text.replace("\r\n", "\n")
    wanted = lf.replace("\n", "\r\n") if crlf else lf
    return result if wanted == text else replace(result, text=wanted)


CONTACTS_FIELD = "contacts"


def _contacts(header: Any) -> dict[str, str]:
    value = header.get(CONTACTS_FIELD)
    if not isinstance(value, dict):
        return {}
    return {str(name): str(contact) for name, contact in value.items()}


def _with_own_contacts(result: Arrival, own: Any, into: str) -> Arrival:
    """``result`` whose log to save keeps the reader's contact of every player their copy
    has one for: mails are addressed from them, so a copy that arrives cannot send a
    player's mail elsewhere. ``lines`` say each contact the mail's copy gives otherwise (and
    each it adds, which is taken); raises ``LogError`` (``cannot_merge``) when the header
    cannot be given the reader's."""
    mine, theirs = _contacts(own.header), _contacts(result.found.log.header)
    if mine == theirs:
        return result
    said = [
        f"kept your contact of {name} ({mine[name]}); the mail's copy says"
        f" {theirs.get(name, 'none')}: if {name} has changed it, edit"
        f" contacts: in {into}"
        for name in mine
        if theirs.get(name) != mine[name]
    ]
    said += [
        f"took the contact of {name} from the mail ({theirs[name]})"
        if result.saves
        else f"the mail's copy gives a contact of {name} ({theirs[name]}); yours has none"
        for name in theirs
        if name not in mine
    ]
    told = _telling(result, said)
    if not result.saves:
        return told
    base = _parse(result.saved_text, into, into)
    wanted = {**mine, **{name: value for name, value in theirs.items() if name not in mine}}
    if _contacts(base.header) == wanted:
        return told
    try:
        text = _contacts_text(base, wanted)
        log = _parse(text, into, into)
    except (ValueError, LogError):
        log = None
    expected = {**base.document.data, CONTACTS_FIELD: wanted}
    if log is None or log.document.data != expected:
        raise _refuse(
            "cannot_merge",
            "the log in the mail gives other contacts than yours and its header cannot be"
            " given yours; nothing was changed",
            into,
            "ask the sender for the log as forex writes it (forex message --eml)",
        )
    return replace(told, text=text, replay=replay(log))


def _telling(result: Arrival, said: list[str]) -> Arrival:
    """``result`` whose report also says ``said`` (before its ``Next:`` line, if any)."""
    said = [clean(line) for line in said]
    if result.lines and result.lines[-1].startswith("Next: "):
        lines = result.lines[:-1] + said + result.lines[-1:]
    else:
        lines = [*result.lines, *said]
    return replace(result, lines=lines, said=result.said + said)


def _new_keys_told(result: Arrival, own: Any) -> Arrival:
    """``result`` whose report names each key the saved copy holds and the reader's ``own``
    did not: a key added on first use, which whoever held the log could have put there, with
    its fingerprint to check with its player (and when its move is one the reader's copy
    already held unsigned, that the signature was added since)."""
    from .keys import fingerprint, openssh_line
    from .signing import KEYS_FIELD, header_keys

    if not result.saves:
        return result
    known = own.header.get(KEYS_FIELD) or {}
    saved = _parse(result.saved_text, own.filename, own.filename)
    said = []
    for name, key in header_keys(saved)[0].items():
        if name in known or key.key is None or key.since is None:
            continue
        comment = " ".join(openssh_line(key.line).split()[2:])
        print_ = fingerprint(key.key) + (f" ({comment})" if comment else "")
        held = key.since <= len(own.entries) and own.entries[key.since - 1].player == name
        since = (
            f"a signature added to move {key.since}, which your copy held unsigned"
            if held
            else f"move {key.since}"
        )
        said.append(
            f"took {possessive(name)} key on first use, from {since}: {print_}; whoever held"
            f" the log could have put it there: check that fingerprint with {name} by another way"
        )
    return _telling(result, said) if said else result


def _new_seats_told(result: Arrival, own: Any, into: str) -> Arrival:
    """``result`` whose report names each seat the saved copy hands to the engine that the
    reader's ``own`` did not (the engine then plays that player's moves in the reader's
    copy), with the ``forex seat`` that gives it back."""
    from .seats import engine_seats, seat_words

    if not result.saves:
        return result
    mine = engine_seats(own.header)
    saved = engine_seats(_parse(result.saved_text, into, into).header)
    said = [
        f"took the mail's engine seat {seat_words(name, budget)}: the engine plays"
        f" {possessive(name)} moves in your copy; if {name} plays them, give the seat back:"
        f" {player_command('forex seat', command_path(into), name, '--person')}"
        for name, budget in saved.items()
        if name not in mine
    ]
    return _telling(result, said) if said else result


def _contacts_text(log: Any, wanted: dict[str, str]) -> str:
    """``log``'s text with the header's ``contacts:`` holding ``wanted``: each value that
    differs rewritten in its place, else the whole block written again before ``moves:``."""
    from .entrytext import quote
    from .seats import with_header_key

    text: str = log.text
    doc = log.document
    have = _contacts(log.header)
    spans = doc.spans
    if set(have) == set(wanted) and (CONTACTS_FIELD,) not in doc.flow:
        changes = sorted(
            (spans[(CONTACTS_FIELD, name)], quote(value))
            for name, value in wanted.items()
            if have[name] != value
        )
        for (start, end), value in reversed(changes):
            text = text[:start] + value + text[end:]
        return text
    nl = "\r\n" if "\r\n" in text else "\n"
    block = f"{CONTACTS_FIELD}:{nl}" + "".join(
        f"  {quote(name)}: {quote(value)}{nl}" for name, value in wanted.items()
    )
    place = re.search(rf"^(?:{CONTACTS_FIELD}|moves)[ \t]*:", log.text, re.M)
    if place is None:
        raise ValueError("no moves: key")
    text = with_header_key(log.text, CONTACTS_FIELD, None)
    return text[: place.start()] + block + text[place.start() :]


def _engines_taken(own: Any, incoming: Any) -> tuple[str, tuple[str, ...]]:
    """When the mail's log ``incoming`` drops or changes an engine seat of the reader's
    ``own`` (it is saved as the mail has it): both logs' seats in words, and the ``forex
    seat`` arguments that give the reader's back; empty when it drops and changes none (a
    seat the mail's copy adds is the host's to give: a person's copy takes it)."""
    from .seats import budget_value, engine_seats

    theirs = engine_seats(incoming.header)
    lost = {
        name: plan for name, plan in engine_seats(own.header).items() if theirs.get(name) != plan
    }
    if not lost:
        return "", ()
    said = f"{_engines_text(own.header)}; the mail's copy says {_engines_text(incoming.header)}"
    again = tuple(
        f"--engine {budget_value(plan)} -- {command_word(name)}"
        if name.startswith("-")  # after --, which reads no option (docs/format.md)
        else f"{command_word(name)} --engine {budget_value(plan)}"
        for name, plan in lost.items()
    )
    return said, again


def _with_header_value(
    base: str, parsed: Any, key: str, value: Any, into: str, refusal: str
) -> tuple[str, Any]:
    """``base`` (parsed: ``parsed``) with its header's ``key`` set to ``value`` (None: left
    out), as text and parsed; raises ``LogError`` (``cannot_merge``, ``refusal``) when the
    edit would change anything else or does not read back."""
    from .seats import with_header_key

    try:
        text = with_header_key(base, key, value)
        log = _parse(text, into, into)
    except (ValueError, LogError):
        log = None
    expected = dict(parsed.document.data)
    expected.pop(key, None)
    if value is not None:
        expected[key] = value
    if log is None or log.document.data != expected:
        raise _refuse(
            "cannot_merge",
            refusal,
            into,
            "ask the sender for the log as forex writes it (forex message --eml)",
        )
    return text, log


def _engines_text(header: Any) -> str:
    """A header's engine seats in words: ``computer: the engine, 1 s a decision``, or
    ``no engine seat``."""
    from .seats import engine_seats, seat_words

    seats = engine_seats(header)
    return "; ".join(seat_words(name, plan) for name, plan in seats.items()) or "no engine seat"


def _with_own_engines(result: Arrival, own: Any, into: str) -> Arrival:
    """``result`` with the reader's ``engines:`` in the text to save and in its replay, when
    the mail's copy names other engine seats or budgets (``engines_kept`` says what it
    named); raises ``LogError`` (``cannot_merge``) when the header cannot be edited."""
    from .seats import ENGINES_FIELD, budget_value, engine_seats

    incoming = result.found.log
    mine = engine_seats(own.header)
    if mine == engine_seats(incoming.header):
        return result
    value = {name: budget_value(plan) for name, plan in mine.items()} or None
    base = (result.text or result.found.text) if result.saves else result.found.text
    text, log = _with_header_value(
        base,
        _parse(base, into, into),
        ENGINES_FIELD,
        value,
        into,
        f"the log in the mail names other engine seats ({_engines_text(incoming.header)})"
        f" and its header cannot be given yours ({_engines_text(own.header)}); nothing"
        " was changed",
    )
    said = _engines_text(incoming.header)
    played = replay(log)
    return replace(result, text=text if result.saves else "", replay=played, engines_kept=said)


def _declined_text(header: Any) -> str:
    """A header's ``declined:`` in words: ``computer's offers declined after move 2: ...``,
    or ``(none)``."""
    from .seats import signed_declines

    found = signed_declines(header)
    if found is None:
        return "(none)"
    offers = "; ".join(f"[{text}]" for text in found.entries) or "none"
    return f"{possessive(found.player)} offers declined after move {found.after}: {offers}"


def _with_own_declined(result: Arrival, own: Any, into: str) -> Arrival:
    """``result`` whose log to save keeps the host's ``declined:`` (the offers of its engine
    seats a person declined, which its engine leaves out when it chooses again), whatever the
    mail's copy says: that record is signed by nobody, so a copy from anyone at the table
    could decline the engine's offers on a person's behalf, or take a decline back. The
    report says what the mail's copy said; raises ``LogError`` (``cannot_merge``) when the
    header cannot be edited."""
    from .seats import DECLINED_FIELD

    if not result.saves:
        return result
    mine = own.header.get(DECLINED_FIELD)
    base = result.saved_text
    saved = _parse(base, into, into)
    if saved.header.get(DECLINED_FIELD) == mine:
        return result
    text, log = _with_header_value(
        base,
        saved,
        DECLINED_FIELD,
        mine,
        into,
        f"the log in the mail gives another {DECLINED_FIELD}: than yours and its header"
        " cannot be given yours; nothing was changed",
    )
    said = (
        f"kept your {DECLINED_FIELD}: {_declined_text(own.header)}: the mail's copy says"
        f" {_declined_text(saved.header)} (signed by nobody: only your engine's seat records"
        " what a person declined)"
    )
    return replace(_telling(result, [said]), text=text, replay=replay(log))


def with_offer(result: Arrival, offer: Any, into: str) -> Arrival:
    """``result`` whose log to save holds the open offer ``offer`` (a header's raw ``offer:``
    value; None: none), whatever the mail's copy said: the host's engine makes its seats'
    offers, so a mail neither adds, changes nor withdraws one; raises ``LogError``
    (``cannot_merge``) when the header cannot be edited."""
    from .seats import OFFER_FIELD, with_header_key

    if not result.saves:
        return result
    base = result.saved_text
    if _parse(base, into, into).header.get(OFFER_FIELD) == offer:
        return result
    try:
        text = with_header_key(base, OFFER_FIELD, offer)
        log = _parse(text, into, into)
    except (ValueError, LogError):
        log = None
    if log is None or log.header.get(OFFER_FIELD) != offer:
        raise _refuse(
            "cannot_merge",
            "the log in the mail holds another open offer than yours and its header cannot be"
            " given yours; nothing was changed",
            into,
            "ask the sender for the log as forex writes it (forex message --eml)",
        )
    return replace(result, text=text, replay=replay(log))


def cut_arrival(result: Arrival, keep: int, into: str) -> Arrival:
    """``result`` without the moves after move ``keep`` (an offer the host's engine seat
    declines, and what followed it): nothing is saved when the reader's copy ``into`` holds
    the moves that are left; its ``lines`` tell only the moves kept. Raises ``LogError``
    when the text cannot be cut."""
    from .edit import cut_text

    if not result.saves:
        return result
    label = result.label or into
    if result.own_bytes is not None and keep <= result.since:
        line = clean(f"{label}: no new move taken.")
        return replace(result, kind="same", text="", lines=[line], said=[])
    log = _parse(result.saved_text, into, into)
    text, _, _ = cut_text(log, keep)
    played = replay(_parse(text, into, into))
    new = result.own_bytes is None
    story = _story(played, result.since, f"{label}: a new copy" if new else label)
    lines = story[:-1] + result.said + story[-1:]
    return replace(result, text=text, replay=played, lines=lines)


def save_arrival(result: Arrival, into: str) -> None:
    """Save what a mail brought (``read_mail(..., dry_run=True)``) into the log file ``into``,
    atomically, if it goes further than the copy read; raises ``LogError``."""
    from .files import replace_file, write_output

    if not result.saves:
        return
    if result.own_bytes is None:
        write_output(into, result.saved_text, refusal="nothing was written")
    else:
        replace_file(into, result.own_bytes, result.saved_text)


def compare_setup(a: Any, b: Any) -> bool:
    """True when two logs are copies of one game (the same set-up)."""
    return bool(_compare(a, b).same_game)


def _furthest(found: list[Found], label: str, into: str, *, one_mail: bool) -> list[Found]:
    """Of several logs in a thread (an mbox, a Maildir) or in one mail (a reply that quotes
    the copy it answers and attaches the next), the one the others are all earlier copies
    of; two copies that fork are refused as a fork (one mail's when they share a move, its
    copies named by where they are), and so are two different logs."""
    ordered = sorted(found, key=lambda f: len(f.log.entries))
    last = ordered[-1]
    for other in ordered[:-1]:
        report = _compare(other.log, last.log)
        if report.kind in ("prefix", "identical"):
            continue
        if report.kind == "fork" and not one_mail:
            told = _compare(
                replace(other.log, filename=f"mail {other.mail}"),
                replace(last.log, filename=f"mail {last.mail}"),
            )
            raise _refuse(
                "fork",
                f"{label} holds two copies of the game that fork (its mails counted from the"
                f" first): {told.sentence} Nothing was changed",
                into,
                "save each of the two mails on its own and compare them: forex diff A.eml B.eml;"
                " then read the one the players agree stands",
            )
        if report.kind == "fork" and report.common:
            told = _compare(
                replace(other.log, filename=other.where), replace(last.log, filename=last.where)
            )
            raise _refuse(
                "fork",
                f"{label} holds two copies of the game that fork: {told.sentence} Nothing was"
                " changed",
                into,
                "save each copy on its own and compare them: forex diff A.yaml B.yaml; then"
                " read the one the players agree stands",
            )
        where = "; ".join(
            f"{f.where} ({len(f.log.entries)} move{'s' if len(f.log.entries) != 1 else ''})"
            for f in found
        )
        raise _refuse(
            "two_logs",
            f"{label} holds {len(found)} different logs: {where}",
            into,
            "nothing was changed; read the mail that holds the log you want, or ask the"
            " sender which stands",
        )
    return [last]


# --------------------------------------------------------------------------- another copy


def copy_of(path: str, data: bytes | None = None, into: str | None = None) -> GameLog:
    """The copy of a game at ``path`` (``data``: standard input's bytes): a log file, or the
    log a mail holds, found as ``read`` finds it (an .eml, an mbox, a Maildir, text with a
    quoted, fenced or ``[code]`` log; of several in a thread, the furthest).

    Raises ``LogError``: the file's own problems when it starts as a log (so a broken log
    is told as one), else ``no_log``, ``log_damaged`` or ``two_logs``.
    """
    from .files import read_bytes
    from .gamelog import read_log

    stdin = data is not None
    label = "standard input" if stdin else path
    error: LogError | None = None
    if stdin or not os.path.isdir(path):
        if data is None:
            try:
                data = read_bytes(path)
            except LogError as failed:
                raise LogError([p.in_file(path) for p in failed.problems]) from None
        try:
            return read_log(data, "<stdin>" if stdin else path)
        except LogError as failed:
            error = failed
    if error is not None and _starts_as_log((data or b"").decode("utf-8", "replace")):
        raise error
    found, mails, damaged, _error = _find(path, data if stdin else None, into)
    if len(found) > 1:
        found = _furthest(found, label, into or path, one_mail=mails == 1)
    if found:
        return found[0].log  # type: ignore[no-any-return]
    if damaged:
        raise _refuse(
            "log_damaged",
            f"{label} holds a game log that a mail program has damaged, past repair: {damaged[0]}",
            path,
            "a mail program re-wrapped the log and the broken lines cannot be joined back:"
            " ask the sender to attach the log (forex message --eml)",
        )
    raise _refuse(
        "no_log",
        f"{label} is neither a game log nor a mail that holds one",
        path,
        "give a log file, or a mail (.eml, mbox, Maildir, a saved post) with the log attached"
        " or in its text",
    )


def _starts_as_log(text: str) -> bool:
    """True when the first line that is not blank or a comment is a log's header key."""
    for line in text.lstrip("\ufeff").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return bool(_header_key(top_keys()).match(line))
    return False


# --------------------------------------------------------------------------- the log in a post


def with_log(body: str, log_text: str, fmt: str, filename: str = "game.yaml") -> str:
    """``body`` followed by the whole log, so that the post alone carries the game: plain text,
    a markdown fence or a BBCode ``[code]`` block.  ``ValueError`` if the log cannot be
    embedded (a note holding ``[/code]``)."""
    from .yamlread import with_final_break

    log_text = with_final_break(log_text)
    intro = f"The log ({filename}; save it, or read this mail with forex read):"
    if fmt == "markdown":
        fence = "```"
        while fence in log_text:
            fence += "`"
        return f"{body}\n**{intro}**\n\n{fence}yaml\n{log_text}{fence}\n"
    if fmt == "bbcode":
        if "[/code]" in log_text.lower():
            raise ValueError("the log holds the text [/code], which would end the [code] block")
        return f"{body}\n[b]{intro}[/b]\n[code]\n{log_text}[/code]\n"
    return f"{body}\n{intro}\n\n{log_text}"
