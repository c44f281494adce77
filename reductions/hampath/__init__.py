"""The textbook reductions into and between the Hamiltonian problems (issue 19), one module each:

* :mod:`.dhamcycle_to_hamcycle`: each vertex split into in, middle, out (Karp 1972);
* :mod:`.hamcycle_to_hampath`: one vertex doubled, a pendant on each copy.

Wrong versions a student might write are in ``examples/hamiltonian_reductions_wrong.py``.
"""

__all__: list[str] = []
