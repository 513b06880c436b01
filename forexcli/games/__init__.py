"""Games behind one interface (see base.py)."""
