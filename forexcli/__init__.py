"""forexcli: record, check and show games of For-Ex."""

__version__ = "0.1.0"
