"""Deciders of SUBSET SUM and PARTITION: the sparse DP over reachable sums (``dp.py``) and the
SAT encoding with a binary adder (``sat.py``)."""

__all__: list[str] = []
