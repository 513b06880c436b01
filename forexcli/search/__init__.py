"""The game-independent engine: information-set MCTS, and the advisor over any game's search.

``ismcts`` is the search (determinizations of what the mover has not seen,
one tree over them) over ``games.base.Searchable``; ``advice.Engine`` puts it
behind ``games.base.Searches``; ``advisor`` makes hints, engine entries,
verdicts and self-play games of any game's ``games.base.Advisor``.  Pure: no
I/O, no click, no YAML.
"""
