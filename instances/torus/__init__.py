"""The torus puzzle (seed 001) and its black/white variant:

* moves: line-shift moves and their metrics (push, drag), shared by both puzzles;
* puzzle: the numbered board and the decision problem torus;
* bwp: BWP, the black/white torus puzzle (Section 4), the target of 3-PARTITION;
* render: torus boards and BWP instances as SVG.
"""

__all__: list[str] = []
