"""Signing keys: Ed25519 keys in OpenSSH form, made, written to key files, read, compared.

A player's private key is an OpenSSH (or PEM) Ed25519 key file, by default
``~/.ssh/id_ed25519`` (``--key``, ``$FOREX_KEY``); its public key is the
OpenSSH line ``ssh-ed25519 AAAA... comment`` that a log's ``keys:`` holds.
The cryptography is that of the ``cryptography`` package; nothing here is
written by hand.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .problems import LogError, Problem
from .problems import printable as clean

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

ENV_KEY = "FOREX_KEY"
"""The private key file to sign with when ``--key`` is not given."""
ENV_PASSPHRASE = "FOREX_PASSPHRASE"
"""The key's passphrase, for scripts (a prompt is safer: the environment can be read)."""
DEFAULT_KEY = os.path.join("~", ".ssh", "id_ed25519")


def _problem(code: str, message: str, file: str, *hints: str, layer: str = "signature") -> Problem:
    return Problem(code, message, layer, file, hints=tuple(hints))


def new_key_pair(passphrase: bytes | None, comment: str) -> tuple[str, str]:
    """A new Ed25519 key pair: the OpenSSH private key file's text and the public-key line."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    encryption: serialization.KeySerializationEncryption = (
        serialization.BestAvailableEncryption(passphrase)
        if passphrase
        else serialization.NoEncryption()
    )
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, encryption
    ).decode("ascii")
    return private, public_line(key.public_key(), comment)


def public_line(key: Ed25519PublicKey, comment: str = "") -> str:
    """``ssh-ed25519 AAAA... comment``, the OpenSSH public-key line of ``key``."""
    from cryptography.hazmat.primitives import serialization

    line = key.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode("ascii")
    comment = " ".join(comment.split())
    return f"{line} {comment}" if comment else line


def write_key_pair(
    path: str, passphrase: bytes | None, comment: str, pair: tuple[str, str] | None = None
) -> str:
    """Write a new key pair (or ``pair``, made by ``new_key_pair``) to ``path`` (private,
    mode 0600) and ``path.pub``; never overwrites.

    Both files are written atomically; returns the public-key line.  Raises ``LogError``.
    """
    from .files import write_output

    pub = path + ".pub"
    for name in (path, pub):
        if os.path.lexists(name):
            raise LogError(
                [
                    _problem(
                        "exists",
                        f"{name} already exists; forex key new never overwrites a key",
                        name,
                        "name another file: forex key new FILE",
                        layer="io",
                    )
                ]
            )
    private, public = pair if pair is not None else new_key_pair(passphrase, comment)
    write_output(path, private, mode=0o600, refusal="forex key new never overwrites a key")
    try:
        write_output(pub, public + "\n", refusal="forex key new never overwrites a key")
    except LogError:
        os.unlink(path)
        raise
    return public


def key_path(given: str | None) -> str:
    """The private key file to use: ``--key``, else ``$FOREX_KEY``, else ``~/.ssh/id_ed25519``."""
    path = given or os.environ.get(ENV_KEY) or DEFAULT_KEY
    return os.path.expanduser(path)


def no_terminal(path: str, *, new: bool = False) -> Problem:
    """``bad_passphrase``: the key's passphrase (with ``new``, the passphrase of a key about
    to be made) could not be asked for: there is no terminal."""
    what = f"a passphrase for the new key {path}" if new else f"{path}'s passphrase"
    return _problem(
        "bad_passphrase",
        f"there is no terminal to ask for {what} on",
        path,
        f"give it in the environment: {ENV_PASSPHRASE}=... (or run the command in a terminal,"
        " which asks without echo)",
    )


def load_private_key(path: str, passphrase: Callable[[], bytes | None]) -> Ed25519PrivateKey:
    """Read an OpenSSH (or PEM) Ed25519 private key; ``passphrase`` is asked only if needed.

    Raises ``LogError`` (layer ``signature``) for a missing, unreadable, wrong
    or password-protected key whose passphrase is wrong.
    """
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    hint = "give the key with --key FILE or FOREX_KEY=FILE; forex key new FILE makes one"
    try:
        with open(path, "rb") as handle:
            data = handle.read(1 << 16)
    except FileNotFoundError:
        raise LogError([_problem("no_key", f"no key file {path}", path, hint)]) from None
    except OSError as error:
        raise LogError(
            [_problem("no_key", f"cannot read the key {path}: {error.strerror}", path, hint)]
        ) from None
    loader = (
        serialization.load_ssh_private_key
        if b"OPENSSH PRIVATE KEY" in data
        else serialization.load_pem_private_key
    )
    password: bytes | None = None
    for _attempt in range(2):
        try:
            key = loader(data, password)
            break
        except TypeError:  # protected by a passphrase, and none was given
            if password is not None:
                raise LogError(
                    [_problem("bad_key", f"{path}: the key cannot be read", path)]
                ) from None
            password = passphrase() or b""
            if not password:
                raise LogError(
                    [_problem("bad_passphrase", f"{path} needs its passphrase", path)]
                ) from None
        except ValueError as error:
            if password is not None:
                raise LogError(
                    [_problem("bad_passphrase", f"wrong passphrase for {path}", path)]
                ) from None
            raise LogError(
                [_problem("bad_key", f"{path} is not a private key file ({error})", path, hint)]
            ) from None
        except Exception as error:  # an unsupported cipher or key type
            raise LogError(
                [_problem("bad_key", f"{path}: the key cannot be read ({error})", path, hint)]
            ) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise LogError(
            [
                _problem(
                    "bad_key",
                    f"{path} is not an Ed25519 key; forex signs with Ed25519 only",
                    path,
                    "make one: ssh-keygen -t ed25519, or forex key new FILE",
                )
            ]
        )
    return key


ED25519_BASE64 = 68
"""The length of an Ed25519 public key's base64 in an OpenSSH line."""
KEY_PIECE = 34
"""A key's base64 is written in a log in pieces of this many characters with a space between
(see ``key_in_pieces``), as signatures are: a key line then fits a mail's line."""
_BASE64 = re.compile(r"[A-Za-z0-9+/=]+")


def split_public(line: str) -> tuple[list[str], str]:
    """An OpenSSH public-key line as (kind and base64, comment), the base64 joined again when
    it is written in pieces (``key_in_pieces``)."""
    parts = line.split()
    if len(parts) < 2:
        return parts, ""
    blob, used = parts[1], 2
    while len(blob) < ED25519_BASE64 and used < len(parts) and _BASE64.fullmatch(parts[used]):
        blob += parts[used]
        used += 1
    return [parts[0], blob], " ".join(parts[used:])


def key_in_pieces(line: str) -> str:
    """An OpenSSH public-key line as a log writes it: its base64 in pieces of ``KEY_PIECE``
    characters with a space between (read back by ``split_public``; an OpenSSH line with the
    base64 in one piece is read as well)."""
    parts, comment = split_public(line)
    if len(parts) < 2:
        return line
    kind, blob = parts
    pieces = [blob[i : i + KEY_PIECE] for i in range(0, len(blob), KEY_PIECE)]
    return " ".join([kind, *pieces, *([comment] if comment else [])])


def openssh_line(line: str) -> str:
    """The OpenSSH public-key line that ``line`` (base64 in pieces or not) writes."""
    parts, comment = split_public(line)
    return " ".join([*parts, *([comment] if comment else [])])


def parse_public(line: str) -> Ed25519PublicKey:
    """The Ed25519 key of an OpenSSH public-key line (its base64 in one piece or in pieces);
    ``ValueError`` with a reason if not."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    parts, _comment = split_public(line)
    if len(parts) < 2 or parts[0] != "ssh-ed25519":
        kind = parts[0] if parts else "nothing"
        raise ValueError(f"an Ed25519 key line starts with ssh-ed25519, not {kind[:30]}")
    try:
        key = serialization.load_ssh_public_key(" ".join(parts[:2]).encode("ascii"))
    except (ValueError, UnicodeEncodeError, binascii.Error):
        raise ValueError("the key's base64 data is damaged or cut short") from None
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError("not an Ed25519 key")
    return key


def fingerprint(key: Ed25519PublicKey) -> str:
    """``SHA256:...`` as ssh-keygen -l prints it."""
    from cryptography.hazmat.primitives import serialization

    line = key.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    blob = base64.b64decode(line.split()[1])
    digest = base64.b64encode(hashlib.sha256(blob).digest()).decode("ascii").rstrip("=")
    return f"SHA256:{digest}"


def same_key(a: Ed25519PublicKey, b: Ed25519PublicKey) -> bool:
    """True when two public keys are the same key."""
    from cryptography.hazmat.primitives import serialization

    raw = serialization.Encoding.Raw, serialization.PublicFormat.Raw
    return a.public_bytes(*raw) == b.public_bytes(*raw)


def describe_key(line: str) -> str:
    """``SHA256:... (comment)`` for a public-key line, escaped."""
    try:
        key = parse_public(line)
    except ValueError as error:
        return clean(f"not a key: {error}")
    comment = split_public(line)[1]
    return clean(fingerprint(key) + (f" ({comment})" if comment else ""))


def keys_for(items: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    """``forex new --key-for NAME=PUBFILE`` items as the players' public-key lines, each read
    and checked (any game); raises ``ValueError`` with a readable reason."""
    keys: dict[str, str] = {}
    for item in items:
        name, sep, path = item.partition("=")
        name, path = name.strip(), path.strip()
        if not sep or not name or not path:
            raise ValueError(f"{clean(item)!r}: write NAME=PUBFILE")
        if name not in names:
            raise ValueError(f"{clean(name)!r} is not one of the players")
        try:
            with open(os.path.expanduser(path), encoding="utf-8") as handle:
                line = " ".join(handle.read(8192).split())
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "not text"
            raise ValueError(f"cannot read {clean(path)}: {reason}") from None
        try:
            parse_public(line)
        except ValueError as error:
            raise ValueError(f"{clean(path)} is not an Ed25519 public key: {error}") from None
        keys[name] = line
    return keys
