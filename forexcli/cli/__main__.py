"""``python -m forexcli.cli``: the ``forex`` command."""

from . import main

if __name__ == "__main__":
    main()
