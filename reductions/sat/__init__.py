"""The textbook reductions inside the SAT family (issue 19), one module each:

* :mod:`.cnf_to_3sat`: SAT -> 3-SAT by clause splitting with fresh variables (Garey & Johnson,
  Theorem 3.1);

Wrong versions a student might write are in ``examples/sat_reductions_wrong.py``.
"""
