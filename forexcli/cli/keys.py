"""``forex key new`` and ``forex sign``: Ed25519 keys and signed moves."""

from __future__ import annotations

import os

import click

from ..reporters import clean
from ..words import possessive
from . import EPILOG
from . import echo as _echo
from .common import (
    EDITED_FILE,
    FILE,
    ProblemExit,
    commit_reported,
    encoded_output,
    key_option,
    print_written,
    replace,
    signer_for,
)


@click.group("key", epilog=EPILOG)
def key_group() -> None:
    """Make an Ed25519 key to sign moves with (OpenSSH format, as ssh-keygen writes it)."""


@key_group.command("new", epilog=EPILOG)
@click.argument("file", type=FILE)
@click.option("--comment", metavar="TEXT", help="The comment of the public key [FILE's name].")
@click.option(
    "--no-passphrase",
    is_flag=True,
    help="Leave the private key unencrypted [a passphrase is asked for twice, without echo,"
    " or taken from FOREX_PASSPHRASE].",
)
def key_new_command(file: str, comment: str | None, no_passphrase: bool) -> None:
    """Write a new key pair: FILE (the private key, mode 0600) and FILE.pub.

    Never overwrites a file. Give FILE.pub to the other players (forex new
    --key-for NAME=FILE.pub), and sign with forex play --sign --key FILE.
    """
    import getpass
    import warnings

    from ..record.keys import (
        ENV_PASSPHRASE,
        describe_key,
        new_key_pair,
        no_terminal,
        write_key_pair,
    )
    from ..record.problems import LogError, command_path

    passphrase: bytes | None = None
    if not no_passphrase:
        given = os.environ.get(ENV_PASSPHRASE)
        if given is None:
            try:
                with warnings.catch_warnings():
                    # Without a terminal, getpass would warn and read standard input, echoed.
                    warnings.simplefilter("error", getpass.GetPassWarning)
                    given = click.prompt(
                        f"Passphrase for {clean(file)} (empty for none)",
                        hide_input=True,
                        confirmation_prompt=True,
                        default="",
                        show_default=False,
                        err=True,
                    )
            except (getpass.GetPassWarning, click.Abort):
                problem = no_terminal(file, new=True)
                hints = (*problem.hints, "or make a key without one: --no-passphrase")
                raise ProblemExit([replace(problem, hints=hints)], exit_code=2) from None
        passphrase = given.encode("utf-8") or None
    pair = new_key_pair(passphrase, comment or os.path.basename(file))
    locked = "protected by a passphrase" if passphrase else "without a passphrase"
    report = (
        f"wrote {clean(file)} ({locked}) and {clean(file)}.pub: {describe_key(pair[1])}\n"
        f"next: forex play FILE NAME DECISION --sign --key {command_path(file)}"
    )
    from .. import streams
    from ..reporters.tables import fitted_commands

    out = encoded_output([(fitted_commands(report, streams.width()), False)])
    try:
        write_key_pair(file, passphrase, comment or os.path.basename(file), pair)
    except LogError as error:
        raise ProblemExit(error.problems, exit_code=2) from None
    print_written(out, f"the key pair {clean(file)} and {clean(file)}.pub", file, log=False)


@click.command("sign", epilog=EPILOG)
@click.argument("file", type=EDITED_FILE)
@click.argument("number", metavar="N", type=click.IntRange(min=1))
@click.option(
    "--as",
    "name",
    metavar="NAME",
    help="Who signs [the player whose key in the log is --key's].",
)
@key_option
@click.option("--dry-run", is_flag=True, help="Check and print the new log; write nothing.")
def sign_command(
    file: str, number: int, name: str | None, key_file: str | None, dry_run: bool
) -> None:
    """Sign move N of FILE: its cosigner countersigns, or a player signs a move of theirs.

    The signature covers the game's header, the move number, the state
    before the move and its text, like forex play --sign. The log must be
    valid and its signatures verify.
    """
    from ..record.edit import sign_entry
    from ..record.gamelog import load
    from ..record.keys import same_key
    from ..record.problems import LogError
    from ..record.signing import header_keys

    try:
        log = load(file)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if name is None:
        signer = signer_for("", key_file)
        keys, _problems = header_keys(log)
        public = signer.key.public_key()
        owners = [p for p, k in keys.items() if k.key is not None and same_key(k.key, public)]
        if not owners:
            raise click.UsageError(
                "the log holds no player's key equal to this one: say who signs with --as NAME"
            )
        signer = replace(signer, name=owners[0])
    else:
        signer = signer_for(name, key_file)
    try:
        change = sign_entry(file, number, signer, dry_run=True)
    except LogError as error:
        raise ProblemExit(error.problems) from None
    if dry_run:
        _echo(change.new_text)
        return
    report = f"{clean(signer.name)} signed move {number} of {clean(file)}"
    commit_reported(
        change, report, f"{possessive(clean(signer.name))} signature of move {number}", file
    )
