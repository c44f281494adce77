"""Deciders of the classic graph problems (indset, vertexcover, clique, domset): a SAT encoding
through python-sat's cardinality encodings (:mod:`.sat`) and an independent branch and bound
that never touches SAT (:mod:`.brute`)."""

__all__: list[str] = []
