"""The For-Ex engine: an evaluation, candidate decisions and a tree search (pure, no I/O)."""
