"""``forex completion``: the shell completion scripts."""

from __future__ import annotations

import click

from . import EPILOG, forex
from . import echo as _echo


@click.command("completion", epilog=EPILOG)
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion_command(shell: str) -> None:
    """Print the shell completion script for SHELL.

    \b
    bash:  eval "$(forex completion bash)"     (in ~/.bashrc)
    zsh:   eval "$(forex completion zsh)"      (in ~/.zshrc)
    fish:  forex completion fish > ~/.config/fish/completions/forex.fish
    """
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None
    _echo(cls(forex, {}, "forex", "_FOREX_COMPLETE").source())
