"""Deciders of 3-DIMENSIONAL MATCHING and EXACT COVER BY 3-SETS, both on the exact-cover form of an
instance (a universe 0..3q-1 and its 3-sets): the backtracking search of Knuth's Algorithm X
(``search.py``, no SAT) and the exactly-one SAT encoding (``sat.py``); SET COVER's search tree and
CardEnc encoding (``setcover.py``)."""

__all__: list[str] = []
