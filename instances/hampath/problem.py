"""The ``hampath`` problem as the registry sees it: the model (:mod:`.graph`) with its
generators (:mod:`.generators`), exhaustive enumeration (:mod:`.enumeration`) and
shrinking (:mod:`.shrinking`)."""

from __future__ import annotations

from npw.instances.base import Problem
from npw.instances.hampath.enumeration import enumerate_instances
from npw.instances.hampath.generators import (
    certified_no_instance, planted_instance, planted_path, random_graph_instance, random_grid_instance, verification_sample,
)
from npw.instances.hampath.graph import HamPath
from npw.instances.hampath.shrinking import shrink
from npw.instances.elements import graph_elements
from npw.instances.base import FileFormat
from npw.instances.graphs.formats import GRAPH_FORMATS

__all__ = ["PROBLEM"]

PROBLEM = Problem(
    id="hampath",
    title="Hamiltonian path in an undirected graph (optional start s and end t)",
    instance_type=HamPath,
    certificate_doc="path: list of all vertices in order (from s, to t where given)",
    generators={
        "grid": random_grid_instance,
        "planted": planted_instance,
        "certified-no": certified_no_instance,
        "random": random_graph_instance,
    },
    default_generator="grid",
    enumerate=enumerate_instances,
    enumerate_doc=enumerate_instances.__doc__ or "",
    shrink=shrink,
    sample=verification_sample,
    verify_deciders=("dp", "sat"),
    planted_certificates={"planted": planted_path},
    deciders=("dp", "sat"),
    renderer="npw.instances.hampath.render:render_svg",
    elements=graph_elements,
    file_model="npw.instances.models:HamPathFile",
    formats=(FileFormat("hcp", (".hcp",), read="npw.instances.hampath.hcp:read_hcp", write="npw.instances.hampath.hcp:to_hcp"),
             *GRAPH_FORMATS),
)
