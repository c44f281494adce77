"""The (n^2-1)-puzzle (Ratner & Warmuth 1990), the problem and what its proofs build on:

* board: boards as tuples (parse, format, moves, random boards) and the decision problem nPUZ;
* reach: whether B2 is reachable from B1 (Theorem 1, and a second independent test);
* region: Fact 1, the region solver with its proven move bound;
* render: boards and move sequences as SVG.
"""

__all__: list[str] = []
