"""The record layer, which knows no game: a log read with the place of every value, checked
against its schema and replayed, edited in place and written atomically; problems and their
codes, digests, signatures, mail, forks and the validation of folders."""
