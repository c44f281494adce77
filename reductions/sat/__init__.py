"""The textbook reductions inside the SAT family (issue 19), one module each:

* :mod:`.cnf_to_3sat`: SAT -> 3-SAT by clause splitting with fresh variables (Garey & Johnson,
  Theorem 3.1);
* :mod:`.three_sat_to_nae4sat`: 3-SAT -> NAE-4-SAT, one shared new variable in every clause;
* :mod:`.nae4sat_to_nae3sat`: NAE-4-SAT -> NAE-3-SAT, each clause split in two with a new variable;

Wrong versions a student might write are in ``examples/sat_reductions_wrong.py``.
"""

__all__: list[str] = []
