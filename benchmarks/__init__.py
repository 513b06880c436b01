"""Benchmarks of forexcli: a corpus of random legal games and the script that times it."""
