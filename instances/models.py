"""The typed file models of every built-in problem (msgspec structs, checked strictly).

One struct per JSON format: the field types say what each field holds (booleans are not
integers, ids are strings, boards are lists of rows), and every size a file *declares*
(``num_vars``, ``num_vertices``, a board's sides) carries its named limit from
:mod:`npw.instances.validation`, so that nothing of that size is built before it is checked.
What the definition says beyond types (literals within ``num_vars``, a board a permutation)
stays in each instance's ``validate()``.

Imported on first use only (``from_dict`` imports it inside the function): msgspec is not
loaded by ``npw list`` or ``npw --help``. ``docs/schemas/<problem>.json`` is generated from
these structs (``npw schema``; ``tests/test_validation.py`` keeps them in sync).

>>> from npw.instances.validation import check_model
>>> check_model({"problem": "rel", "vertices": ["a"], "edges": [], "elements": [], "initial": [],
...              "final": [], "directed": "no"}, RelFile)
Traceback (most recent call last):
    ...
npw.instances.base.InvalidInstance: field directed: expected bool, got str
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

import msgspec
from msgspec import Meta

from npw.instances.validation import (MAX_CHESS_SIDE, MAX_COORDINATE, MAX_INTEGER, MAX_NAME_LENGTH,
                                      MAX_PUZZLE_SIDE, MAX_TORUS_CELLS, MAX_VARIABLES, MAX_VERTICES)

__all__ = ["Assignment", "BinPackingFile", "BwpFile", "ChessSide", "CliqueFile", "CnfFile", "ColoringCertificate",
           "ColoringFile", "Coordinate", "Count", "DirectedHamCycle21File", "DirectedHamCycle21PlanarFile", "DirectedHamCycleFile",
           "DominatingSetFile", "FeedbackVertexSetFile",
           "FourPartitionCertificate", "FourPartitionFile", "HamCycleFile", "HamPathCertificate",
           "HamPathDumbbellsFile", "HamPathEndsFile", "HamPathFile", "HamPathGridStartFile", "IndependentSetFile",
           "IndexListCertificate", "InstanceFile",
           "Integer", "KnapsackFile", "MAX_TRIPLES", "MoveText", "MovesCertificate", "NPuzCertificate", "NPuzFile",
           "Nae3SatFile", "Nae4SatFile", "Name", "Offset", "OneInThreeSatFile", "PartitionFile", "PieceTypeModel",
           "PlanarMonotone3Sat2OccFile", "PlanarMonotone3SatFile", "PlanarThreeSatFile", "RelCertificate", "RelFile", "SatLiteral",
           "SetCount", "SetCoverFile", "SoloChessCertificate", "SoloChessFile", "Square", "SubsetSumFile",
           "ThreeDMFile", "ThreePartitionCertificate", "ThreePartitionFile", "ThreeSatFile", "Tile", "TorusFile",
           "TorusPiece", "TorusSide", "TwoTwoFourSatFile", "VariableCount", "Vertex", "VertexCoverFile",
           "VertexSetCertificate", "X3CFile"]

# -- shared field types -------------------------------------------------------------------------

Count = Annotated[int, Meta(ge=0, le=MAX_INTEGER)]
Integer = Annotated[int, Meta(ge=-MAX_INTEGER, le=MAX_INTEGER)]
VariableCount = Annotated[int, Meta(ge=0, le=MAX_VARIABLES, description="limit MAX_VARIABLES")]
SatLiteral = Annotated[int, Meta(ge=-MAX_VARIABLES, le=MAX_VARIABLES, description="+v or -v, 1 <= v <= num_vars")]
Vertex = Annotated[int, Meta(ge=0, le=MAX_VERTICES)]
Coordinate = Annotated[int, Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
ChessSide = Annotated[int, Meta(ge=1, le=MAX_CHESS_SIDE, description="limit MAX_CHESS_SIDE")]
Square = Annotated[int, Meta(ge=0, le=MAX_CHESS_SIDE)]
Offset = Annotated[int, Meta(ge=-MAX_CHESS_SIDE, le=MAX_CHESS_SIDE)]
Tile = Annotated[int, Meta(ge=0, le=MAX_PUZZLE_SIDE * MAX_PUZZLE_SIDE)]
TorusPiece = Annotated[int, Meta(ge=1, le=MAX_TORUS_CELLS)]
TorusSide = Annotated[int, Meta(ge=1, le=MAX_TORUS_CELLS, description="limit MAX_TORUS_CELLS")]


class InstanceFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Fields every instance file may carry besides its problem's own."""

    version: Literal[1] = 1
    # the reduction, source and options a reduced file was built from (npw render draws it so)
    reduced_from: Optional[dict[str, Any]] = None
    # where a file comes from (generator, parameters, seed, answer): free-form, never read back
    provenance: Optional[dict[str, Any]] = None


# -- the SAT family -----------------------------------------------------------------------------


class CnfFile(InstanceFile, kw_only=True):
    problem: Literal["cnf"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]


class ThreeSatFile(InstanceFile, kw_only=True):
    problem: Literal["3sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]


class PlanarMonotone3SatFile(InstanceFile, kw_only=True):
    problem: Literal["pm3sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]
    # the layout: the variables left to right (default 1..n) and each clause's height on its
    # side (default: the lowest that fit); the side follows from the clause's sign
    order: Optional[list[SatLiteral]] = None
    levels: Optional[list[Annotated[int, Meta(ge=1, le=MAX_VARIABLES)]]] = None


class PlanarMonotone3Sat2OccFile(InstanceFile, kw_only=True):
    problem: Literal["pm3sat-2occ"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]
    order: Optional[list[SatLiteral]] = None
    levels: Optional[list[Annotated[int, Meta(ge=1, le=MAX_VARIABLES)]]] = None


class PlanarThreeSatFile(InstanceFile, kw_only=True):
    problem: Literal["planar3sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]
    # the layout as pm3sat's, with each clause's side given (signs may mix)
    order: Optional[list[SatLiteral]] = None
    sides: Optional[list[Literal["above", "below"]]] = None
    levels: Optional[list[Annotated[int, Meta(ge=1, le=MAX_VARIABLES)]]] = None


class OneInThreeSatFile(InstanceFile, kw_only=True):
    problem: Literal["1in3sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]


class TwoTwoFourSatFile(InstanceFile, kw_only=True):
    problem: Literal["224sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]


class Nae3SatFile(InstanceFile, kw_only=True):
    problem: Literal["nae3sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]


class Nae4SatFile(InstanceFile, kw_only=True):
    problem: Literal["nae4sat"]
    num_vars: VariableCount
    clauses: list[list[SatLiteral]]


Assignment = list[bool]

# -- REL ----------------------------------------------------------------------------------------


class RelFile(InstanceFile, kw_only=True):
    problem: Literal["rel"]
    vertices: list[Name]
    edges: list[tuple[Name, Name, Count]]  # tail, head, capacity
    elements: list[Name]
    initial: list[Name]
    final: list[Name]
    directed: bool = True


RelCertificate = list[tuple[Count, Name, list[Name]]]  # edge index, start vertex, shipped elements

# -- Hamiltonian path ---------------------------------------------------------------------------


class _HamPathFields(InstanceFile, kw_only=True):
    num_vertices: Annotated[int, Meta(ge=1, le=MAX_VERTICES, description="limit MAX_VERTICES")]
    edges: list[tuple[Vertex, Vertex]]
    s: Optional[Vertex] = None
    t: Optional[Vertex] = None
    coords: Optional[list[tuple[Coordinate, Coordinate]]] = None


class HamPathFile(_HamPathFields, kw_only=True):
    problem: Literal["hampath"]


class HamPathGridStartFile(_HamPathFields, kw_only=True):
    problem: Literal["hampath-grid-s"]


class HamPathEndsFile(_HamPathFields, kw_only=True):
    problem: Literal["hampath-st"]


class HamPathDumbbellsFile(_HamPathFields, kw_only=True):
    problem: Literal["hampath-dumbbells"]


HamPathCertificate = list[Vertex]  # a path, and a Hamiltonian cycle (hamcycle, dhamcycle) in visiting order


class _HamCycleFields(InstanceFile, kw_only=True):
    num_vertices: Annotated[int, Meta(ge=1, le=MAX_VERTICES, description="limit MAX_VERTICES")]
    edges: list[tuple[Vertex, Vertex]]


class HamCycleFile(_HamCycleFields, kw_only=True):
    problem: Literal["hamcycle"]


class DirectedHamCycleFile(_HamCycleFields, kw_only=True):
    problem: Literal["dhamcycle"]  # edges are arcs (tail, head)


class DirectedHamCycle21File(_HamCycleFields, kw_only=True):
    problem: Literal["dhamcycle-21"]  # arcs; in/out degrees (2, 1) or (1, 2)


class DirectedHamCycle21PlanarFile(_HamCycleFields, kw_only=True):
    problem: Literal["dhamcycle-21-planar"]  # arcs; in/out degrees (2, 1) or (1, 2); planar

# -- the classic graph problems (instances/graphs/) -------------------------------------------------


class _BoundedGraphFields(InstanceFile, kw_only=True):
    num_vertices: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="limit MAX_VERTICES")]
    edges: list[tuple[Vertex, Vertex]]
    k: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="0 <= k <= num_vertices")]


class IndependentSetFile(_BoundedGraphFields, kw_only=True):
    problem: Literal["indset"]


class VertexCoverFile(_BoundedGraphFields, kw_only=True):
    problem: Literal["vertexcover"]


class CliqueFile(_BoundedGraphFields, kw_only=True):
    problem: Literal["clique"]


class DominatingSetFile(_BoundedGraphFields, kw_only=True):
    problem: Literal["domset"]


class ColoringFile(_BoundedGraphFields, kw_only=True):
    problem: Literal["coloring"]


class FeedbackVertexSetFile(InstanceFile, kw_only=True):
    problem: Literal["fvs"]
    num_vertices: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="limit MAX_VERTICES")]
    arcs: Annotated[list[tuple[Vertex, Vertex]], Meta(description="(u, v): an arc from u to v")]
    k: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="0 <= k <= num_vertices")]


VertexSetCertificate = list[Vertex]
ColoringCertificate = list[Annotated[int, Meta(ge=0)]]

# -- Solo Chess ---------------------------------------------------------------------------------


class PieceTypeModel(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    name: Name
    glyph: Optional[Annotated[str, Meta(min_length=1, max_length=8)]] = None
    leaps: list[tuple[Offset, Offset]] = []
    rides: list[tuple[Offset, Offset]] = []
    max_range: Annotated[int, Meta(ge=0, le=MAX_CHESS_SIDE)] = 0


class SoloChessFile(InstanceFile, kw_only=True):
    problem: Literal["solochess"]
    width: ChessSide
    height: ChessSide
    pieces: list[tuple[Square, Square, Name]]  # x, y, piece type
    special: Optional[tuple[Square, Square]] = None
    capture_limit: Optional[Count] = None
    custom_types: list[PieceTypeModel] = []


SoloChessCertificate = list[tuple[tuple[Integer, Integer], tuple[Integer, Integer]]]

# -- the sliding-tile puzzle --------------------------------------------------------------------


class NPuzFile(InstanceFile, kw_only=True):
    problem: Literal["npuz"]
    n: Annotated[int, Meta(ge=2, le=MAX_PUZZLE_SIDE, description="limit MAX_PUZZLE_SIDE")]
    # a list of n rows of n tiles (or the n^2 tiles in one flat list), 0 the blank; one array
    # type per union is all msgspec (and a plain reader) can tell apart, so rows and tiles mix here
    # and from_grid refuses a mixture
    start: list[Union[list[Tile], Tile]]
    goal: list[Union[list[Tile], Tile]]
    k: Count


NPuzCertificate = Annotated[str, Meta(pattern="^[UDLR]*$")]

# -- the torus puzzles --------------------------------------------------------------------------


class TorusFile(InstanceFile, kw_only=True):
    problem: Literal["torus"]
    rows: TorusSide
    cols: TorusSide
    board: list[list[TorusPiece]]
    bound: Optional[Count] = None
    metric: Literal["drag", "push"] = "drag"


class BwpFile(InstanceFile, kw_only=True):
    problem: Literal["bwp"]
    start: list[Annotated[str, Meta(pattern="^[#.]*$", max_length=MAX_TORUS_CELLS)]]
    goal: list[Annotated[str, Meta(pattern="^[#.]*$", max_length=MAX_TORUS_CELLS)]]
    bound: Count


# a move such as R2E3 (row 2 east by 3): line and amount of at most 9 digits
MoveText = Annotated[str, Meta(pattern=r"^\s*[RCrc]\d{1,9}[NSEWnsew]\d{1,9}\s*$")]
MovesCertificate = Union[list[MoveText], Annotated[str, Meta(max_length=100_000_000)]]

# -- 3-PARTITION --------------------------------------------------------------------------------


class ThreePartitionFile(InstanceFile, kw_only=True):
    problem: Literal["3partition"]
    numbers: list[Count]
    bound: Count


ThreePartitionCertificate = list[tuple[Count, Count, Count]]

class FourPartitionFile(InstanceFile, kw_only=True):
    problem: Literal["4partition"]
    numbers: Annotated[list[Count], Meta(max_length=MAX_VERTICES, description="limit MAX_NUMBERS")]
    bound: Count


FourPartitionCertificate = list[tuple[Count, Count, Count, Count]]

class BinPackingFile(InstanceFile, kw_only=True):
    problem: Literal["binpacking"]
    sizes: Annotated[list[Count], Meta(max_length=MAX_VERTICES, description="limit MAX_NUMBERS")]
    capacity: Count
    bins: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="limit MAX_NUMBERS")]


# -- SUBSET SUM and PARTITION -------------------------------------------------------------------


class SubsetSumFile(InstanceFile, kw_only=True):
    problem: Literal["subsetsum"]
    numbers: Annotated[list[Count], Meta(max_length=MAX_VERTICES, description="limit MAX_NUMBERS")]
    target: Count


class PartitionFile(InstanceFile, kw_only=True):
    problem: Literal["partition"]
    numbers: Annotated[list[Count], Meta(max_length=MAX_VERTICES, description="limit MAX_NUMBERS")]


class KnapsackFile(InstanceFile, kw_only=True):
    problem: Literal["knapsack"]
    weights: Annotated[list[Count], Meta(max_length=MAX_VERTICES, description="limit MAX_NUMBERS")]
    values: Annotated[list[Count], Meta(max_length=MAX_VERTICES, description="limit MAX_NUMBERS")]
    capacity: Count
    goal: Count


# the chosen numbers (SUBSET SUM) or one side (PARTITION): 0-based indices
IndexListCertificate = list[Count]

# -- 3DM and X3C ----------------------------------------------------------------------------------

SetCount = Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="limit MAX_Q")]


MAX_TRIPLES = 2_000_000  # npw.instances.sets.model.MAX_TRIPLES (this module imports no problem)


class ThreeDMFile(InstanceFile, kw_only=True):
    problem: Literal["3dm"]
    q: SetCount
    triples: Annotated[list[tuple[Vertex, Vertex, Vertex]], Meta(max_length=MAX_TRIPLES,
                                                                 description="limit MAX_TRIPLES")]


class X3CFile(InstanceFile, kw_only=True):
    problem: Literal["x3c"]
    q: SetCount
    sets: Annotated[list[tuple[Vertex, Vertex, Vertex]], Meta(max_length=MAX_TRIPLES, description="limit MAX_TRIPLES")]
# -- SET COVER ----------------------------------------------------------------------------------------


class SetCoverFile(InstanceFile, kw_only=True):
    problem: Literal["setcover"]
    universe: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="limit MAX_UNIVERSE")]
    sets: Annotated[list[list[Vertex]], Meta(max_length=MAX_VERTICES, description="limit MAX_SETS")]
    k: Annotated[int, Meta(ge=0, le=MAX_VERTICES, description="0 <= k <= number of sets")]
