"""GraphML (yEd, Gephi, igraph, networkx's ``write_graphml``), read through networkx's
``parse_graphml`` on the text npw has read (bounded, :func:`npw.instances.io.read_text`).

XML is parsed only without a document type: a ``<!DOCTYPE`` or ``<!ENTITY`` declaration (the way
to an entity-expansion bomb, "billion laughs", or to an external entity) is refused before the
parser sees the text; GraphML needs neither. The nodes and edges are counted before networkx
builds anything (MAX_VERTICES, :data:`~npw.instances.graphs.question.MAX_NETWORKX_EDGES`).

The problem and its number come from the command (``--problem clique -p k=4``) or from the
graph's own data ``problem``, ``k`` (``s``, ``t``), which :func:`to_graphml` writes. A graph
declared ``edgedefault="directed"`` is read as arcs by a problem on digraphs, as edges by the others.

>>> from npw.instances.graphs.graph import Clique
>>> text = to_graphml(Clique(3, ((0, 1), (1, 2), (0, 2)), 3))
>>> from_graphml(text) == Clique(3, ((0, 1), (1, 2), (0, 2)), 3)
True
>>> from_graphml('<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aa">]><graphml/>')
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: GraphML with a DOCTYPE or ENTITY declaration is not read (entity expansion)
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from npw.instances.base import FileFormat, InvalidInstance

__all__ = ["GRAPHML", "check_markup", "from_graphml", "is_graphml", "to_graphml"]

_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def check_markup(text: str, what: str = "GraphML") -> None:
    """Refuses XML that declares a document type or entities, and XML of more nodes or edges than
    the limits, before any parser sees it.

    >>> check_markup("<graphml>" + "<edge/>" * 3 + "</graphml>")
    """
    from npw.instances.graphs.question import refuse_networkx_size

    if _DECLARATION.search(text):
        raise InvalidInstance(f"{what} with a DOCTYPE or ENTITY declaration is not read (entity expansion)")
    refuse_networkx_size(what, len(re.findall(r"<(?:[\w.-]+:)?node\b", text)),
                         len(re.findall(r"<(?:[\w.-]+:)?(?:hyper)?edge\b", text)))


def is_graphml(text: str) -> bool:
    """Whether the text is GraphML: its root element (after any XML declaration and comments) is
    ``<graphml``.

    >>> is_graphml('<?xml version="1.0"?>\\n<!-- g -->\\n<graphml xmlns="x">'), is_graphml("<svg/>")
    (True, False)
    """
    return re.match(r"\s*(<\?xml[^>]*\?>\s*)?(<!--.*?-->\s*)*<(\w+:)?graphml\b", text, flags=re.S) is not None


def from_graphml(text: str, problem: str | None = None, params: Mapping[str, Any] | None = None) -> Any:
    """The instance a GraphML text holds (its first graph; the question: the command's ``problem``
    and ``params`` over the graph's data ``problem``, ``k``, ``s``, ``t``)."""
    import xml.etree.ElementTree as ElementTree

    import networkx as nx

    from npw.instances.graphs.question import networkx_instance

    check_markup(text)
    try:
        graph = nx.parse_graphml(text, node_type=str)
    except (ElementTree.ParseError, nx.NetworkXError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise InvalidInstance(f"not GraphML networkx reads ({str(error)[:200]})") from None
    return networkx_instance(graph, problem, params, "a GraphML graph")


def to_graphml(instance: Any) -> str:
    """The instance's graph as GraphML (networkx's ``generate_graphml``; nodes 0..n-1, the question
    in the graph's data)."""
    import networkx as nx

    from npw.instances.graphs.question import to_networkx_graph

    return "\n".join(nx.generate_graphml(to_networkx_graph(instance))) + "\n"


GRAPHML = FileFormat("graphml", (".graphml",), read="npw.instances.graphs.graphml:from_graphml",
                     write="npw.instances.graphs.graphml:to_graphml")
"""GraphML, every graph problem's."""
