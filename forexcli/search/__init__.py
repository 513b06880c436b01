"""The game-independent search: information-set MCTS over ``games.base.Searchable``.

``ismcts`` is the search (determinizations of what the mover has not seen,
one tree over them); ``advice`` builds hints, engine entries, judged
decisions and whole games on it.  Pure: no I/O, no click, no YAML.
"""
