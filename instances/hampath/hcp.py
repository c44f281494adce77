"""TSPLIB HCP (Hamiltonian cycle problem) text: :func:`to_hcp` (the ``hcp`` export, ``--emit
hcp``; instances saved as ``.hcp``) and :func:`from_hcp` (``.hcp`` files load as ``hampath``)."""

from __future__ import annotations

from npw.instances.base import InvalidInstance
from npw.instances.hampath.graph import HamPath


def to_hcp(instance: HamPath, name: str = "npw") -> str:
    """TSPLIB HCP text (EDGE_LIST, vertices numbered from 1). s, t and coordinates are not part
    of the format and are written as COMMENT lines only."""
    lines = [f"NAME : {name}", "TYPE : HCP", f"DIMENSION : {instance.num_vertices}"]
    if instance.s is not None or instance.t is not None:
        lines.append(f"COMMENT : s={instance.s} t={instance.t} (0-based)")
    lines += ["EDGE_DATA_FORMAT : EDGE_LIST", "EDGE_DATA_SECTION"]
    lines += [f"{u + 1} {v + 1}" for u, v in instance.edges]
    lines += ["-1", "EOF"]
    return "\n".join(lines) + "\n"


def from_hcp(text: str) -> HamPath:
    """Reads TSPLIB HCP (EDGE_LIST) text; raises InvalidInstance naming the bad line."""
    dimension = None
    edges = []
    in_edges = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if in_edges:
            if line in ("-1", "EOF"):
                in_edges = False
                continue
            parts = line.split()
            if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
                raise InvalidInstance(f"HCP line {number}: expected two vertex numbers, got {line!r}")
            edges.append((int(parts[0]) - 1, int(parts[1]) - 1))
            continue
        key, _, value = line.partition(":")
        key = key.strip().upper()
        if key == "DIMENSION":
            dimension = int(value)
        elif key == "EDGE_DATA_FORMAT" and value.strip().upper() != "EDGE_LIST":
            raise InvalidInstance(f"HCP line {number}: only EDGE_LIST is supported")
        elif key == "EDGE_DATA_SECTION":
            in_edges = True
    if dimension is None:
        raise InvalidInstance("HCP: missing DIMENSION")
    unique = sorted({(min(u, v), max(u, v)) for u, v in edges})
    return HamPath(dimension, tuple(unique))
