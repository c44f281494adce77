"""Theorem 2 of Ratner & Warmuth, "The (n^2-1)-puzzle and related relocation problems",
J. Symbolic Computation 1990 (Section 3): 2/2/4-SAT -> REL, and the remark after it. One module
per part of the proof:

* :mod:`.figures`: Figures 1-2, the names of the vertices and elements, the graph
  (``graph``) and the configurations B_1, B_2 (``configurations``);
* :mod:`.theorem2`: the construction, Claim 1 (``forward``: Shift 1-4) and Claim 2
  (``backward``), the registered ``224sat-to-rel`` (``REDUCTION``) and the chain
  ``1in3sat-to-rel`` (Theorem 6, then Theorem 2);
* :mod:`.claims`: the proof's claims, checked per case (``CLAIMS``, and those of the variants);
* :mod:`.variants`: the remark after Theorem 2, ``224sat-to-rel-cap2`` (every capacity two) and
  ``224sat-to-rel-undirected``.
"""

__all__: list[str] = []
