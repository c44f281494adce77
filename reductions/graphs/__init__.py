"""The textbook reductions between the classic graph problems (issue 19), one module each:

* :mod:`.three_sat_to_indset`: 3-SAT -> independent set (a triangle per clause, conflict edges);
* :mod:`.indset_to_vertexcover`, :mod:`.vertexcover_to_indset`: the complement of the set, n - k;
* :mod:`.indset_to_clique`, :mod:`.clique_to_indset`: the complement graph, the same k;
* :mod:`.vertexcover_to_domset`: a new vertex per edge;
* :mod:`.three_sat_to_3col`: 3-SAT -> 3-colouring (a palette triangle, variable pairs, OR-gadgets);
* :mod:`.vertexcover_to_fvs`: each edge two opposite arcs (Karp);

and :mod:`.common`, what several share (the identity provenance of a graph kept as it is,
the complement's). Wrong versions a student might write are in
``examples/graph_reductions_wrong.py``.
"""

__all__: list[str] = []
