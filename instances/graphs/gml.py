"""GML, the Graph Modelling Language (igraph, Cytoscape, networkx's ``write_gml``, the Newman
network collection), read through networkx's ``parse_gml`` on the text npw has read (bounded).

Nodes are named by their ``id``; nodes and edges are counted before networkx builds anything
(MAX_VERTICES, :data:`~npw.instances.graphs.question.MAX_NETWORKX_EDGES`); a repeated edge counts
once (``multigraph 1`` files included). The problem and its number come from the command
(``--problem vertexcover -p k=3``) or from the graph's own keys ``problem``, ``k`` (``s``, ``t``),
which :func:`to_gml` writes. A ``directed 1`` graph is read as arcs by a problem on digraphs.

>>> g = from_gml('Creator "x"\\ngraph [\\n node [ id 1 ]\\n node [ id 2 ]\\n edge [ source 1 target 2 ]\\n]\\n', "vertexcover", {"k": 1})
>>> g.num_vertices, g.edges, g.k
(2, ((0, 1),), 1)
>>> from_gml(to_gml(g)) == g
True
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from npw.instances.base import FileFormat, InvalidInstance

__all__ = ["GML", "from_gml", "is_gml", "to_gml"]


def is_gml(text: str) -> bool:
    """Whether the text is GML: a ``graph [`` list after any leading ``#`` comments and
    ``Creator``/``Version`` keys.

    >>> is_gml('Creator "igraph"\\nVersion 1\\ngraph\\n[\\n]\\n'), is_gml("graph: 1 2\\n")
    (True, False)
    """
    head = re.sub(r"^\s*((#[^\n]*|Creator\s+\"[^\"]*\"|Version\s+\S+)\s*)*", "", text[:10_000])
    return re.match(r"graph\s*\[", head) is not None


def from_gml(text: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """The instance a GML text holds (the question: the command's ``problem`` and ``params`` over
    the graph's keys ``problem``, ``k``, ``s``, ``t``)."""
    import networkx as nx

    from npw.instances.graphs.question import networkx_instance, refuse_networkx_size

    refuse_networkx_size("GML", len(re.findall(r"\bnode\s*\[", text)), len(re.findall(r"\bedge\s*\[", text)))
    try:
        graph = _parsed(text)
    except nx.NetworkXError as error:
        if "duplicated" not in str(error):
            raise InvalidInstance(f"not GML networkx reads ({str(error)[:200]})") from None
        graph = _parsed(re.sub(r"\bgraph\s*\[", "graph [ multigraph 1", text, count=1))  # a repeated edge counts once
    return networkx_instance(graph, problem, params, "a GML graph")


def _parsed(text: str) -> Any:
    """networkx's GML graph of the text; its errors but NetworkXError as InvalidInstance."""
    import networkx as nx

    try:
        return nx.parse_gml(text, label=None)
    except RecursionError:
        raise InvalidInstance("GML nested too deeply") from None
    except nx.NetworkXError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as error:
        raise InvalidInstance(f"not GML networkx reads ({str(error)[:200]})") from None


def to_gml(instance: Any) -> str:
    """The instance's graph as GML (networkx's ``generate_gml``; node ids 0..n-1, the question in
    the graph's keys)."""
    import networkx as nx

    from npw.instances.graphs.question import to_networkx_graph

    return "\n".join(nx.generate_gml(to_networkx_graph(instance))) + "\n"


GML = FileFormat("gml", (".gml",), read="npw.instances.graphs.gml:from_gml", write="npw.instances.graphs.gml:to_gml")
"""GML, every graph problem's."""
