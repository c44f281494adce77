"""The file formats of every graph problem, each declared in the module of its format: DIMACS
``p edge`` (:mod:`.dimacs`: ``dimacs``, and ``edge``, what ``--emit edge`` writes), edge lists
(:mod:`.edgelist`), adjacency lists (:mod:`.adjlist`), GraphML (:mod:`.graphml`) and GML
(:mod:`.gml`). A graph problem's record lists :data:`GRAPH_FORMATS` among its ``formats``; which
problem a file is read as is :mod:`.question`'s.

>>> [fmt.name for fmt in GRAPH_FORMATS]
['dimacs', 'edge', 'edge', 'edgelist', 'adjlist', 'graphml', 'gml']
"""

from __future__ import annotations

from npw.instances.graphs.adjlist import ADJLIST
from npw.instances.graphs.dimacs import GRAPH_DIMACS, GRAPH_EDGE
from npw.instances.graphs.edgelist import EDGE, EDGELIST
from npw.instances.graphs.gml import GML
from npw.instances.graphs.graphml import GRAPHML

__all__ = ["GRAPH_FORMATS"]

GRAPH_FORMATS = (GRAPH_DIMACS, GRAPH_EDGE, EDGE, EDGELIST, ADJLIST, GRAPHML, GML)
"""Every graph problem's file formats besides JSON (the ``edge`` name twice: DIMACS text, else an
edge list)."""
