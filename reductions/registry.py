"""The reductions the workbench knows, by stable id. Modules are imported on first use.

To add one: write ``reductions/<name>.py`` (or a package that re-exports it) with a
module-level ``REDUCTION`` (or name another attribute as ``"module:ATTRIBUTE"``) and add
one line to ``REDUCTION_MODULES``; a chain through registered reductions is one line in
``CHAINS``.
"""

from __future__ import annotations

import dataclasses
import importlib

from npw.instances.base import InvalidInstance
from npw.reductions.base import Reduction

REDUCTION_MODULES: dict[str, str] = {
    "1in3sat-to-224sat": "npw.reductions.one_in_three_sat_to_224sat",
    "224sat-to-rel": "npw.reductions.two_two_four_sat_to_rel",
    "224sat-to-rel-cap2": "npw.reductions.two_two_four_sat_to_rel:CAPACITY_TWO",
    "224sat-to-rel-undirected": "npw.reductions.two_two_four_sat_to_rel:UNDIRECTED",
    "224sat-to-npuz": "npw.reductions.npuz_theorem3",
    "hampath-to-solochess-rook-pawn": "npw.reductions.solochess.rook_pawn",
    "3partition-to-bwp": "npw.reductions.three_partition_to_bwp",
    "3sat-to-indset": "npw.reductions.graphs.three_sat_to_indset",
    "indset-to-vertexcover": "npw.reductions.graphs.indset_to_vertexcover",
    "vertexcover-to-indset": "npw.reductions.graphs.vertexcover_to_indset",
    "indset-to-clique": "npw.reductions.graphs.indset_to_clique",
    "clique-to-indset": "npw.reductions.graphs.clique_to_indset",
    "vertexcover-to-domset": "npw.reductions.graphs.vertexcover_to_domset",
    "3sat-to-subsetsum": "npw.reductions.numbers.three_sat_to_subsetsum",
    "subsetsum-to-partition": "npw.reductions.numbers.subsetsum_to_partition",
    "dhamcycle-to-hamcycle": "npw.reductions.hamiltonian.dhamcycle_to_hamcycle",
    "hamcycle-to-hampath": "npw.reductions.hamiltonian.hamcycle_to_hampath",
    "vertexcover-to-hamcycle": "npw.reductions.hamiltonian.vertexcover_to_hamcycle",
    "partition-to-knapsack": "npw.reductions.numbers.partition_to_knapsack",
    "4partition-to-3partition": "npw.reductions.numbers.four_partition_to_three_partition",
    "3dm-to-4partition": "npw.reductions.numbers.three_dm_to_four_partition",
    "3dm-to-x3c": "npw.reductions.sets.three_dm_to_x3c",
    "3sat-to-3dm": "npw.reductions.sets.three_sat_to_three_dm",
    "3sat-to-3col": "npw.reductions.graphs.three_sat_to_3col",
    "cnf-to-3sat": "npw.reductions.sat.cnf_to_3sat",
    "3sat-to-nae4sat": "npw.reductions.sat.three_sat_to_nae4sat",
    "nae4sat-to-nae3sat": "npw.reductions.sat.nae4sat_to_nae3sat",

    "pm3sat-to-pm3sat-2occ": "npw.reductions.pm3sat_to_pm3sat_2occ",
    "vertexcover-to-fvs": "npw.reductions.graphs.vertexcover_to_fvs",
    "x3c-to-setcover": "npw.reductions.sets.x3c_to_setcover",
    "3partition-to-bwp-compact": "npw.reductions.three_partition_to_bwp:COMPACT",
    "hampath-to-solochess-rook-pawn-as-stated": "npw.reductions.solochess.rook_pawn:AS_STATED",
    "hampath-to-solochess-knight-pawn": "npw.reductions.solochess.knight_pawn",
    "hampath-to-solochess-knight-king": "npw.reductions.solochess.knight_king",
    "hampath-to-solochess-king-pawn": "npw.reductions.solochess.king_pawn",
    "hampath-to-solochess-rook-king": "npw.reductions.solochess.corollaries:ROOK_KING",
    "hampath-to-solochess-rook-knight": "npw.reductions.solochess.corollaries:ROOK_KNIGHT",
    "hampath-to-solochess-queen-pawn": "npw.reductions.solochess.corollaries:QUEEN_PAWN",
    "hampath-to-solochess-queen-bishop": "npw.reductions.solochess.corollaries:QUEEN_BISHOP",
    "hampath-to-solochess-queen-king": "npw.reductions.solochess.corollaries:QUEEN_KING",
    "hampath-to-solochess-queen-knight": "npw.reductions.solochess.corollaries:QUEEN_KNIGHT",
    "hampath-to-solochess-rook-bishop": "npw.reductions.solochess.corollaries:ROOK_BISHOP",
    "hampath-to-solochess-rook-pawn-stretched": "npw.reductions.solochess.corollaries:ROOK_PAWN_STRETCHED",
    "hampath-to-solochess-rook-king-stretched": "npw.reductions.solochess.corollaries:ROOK_KING_STRETCHED",
    "hampath-to-solochess-rook-knight-stretched": "npw.reductions.solochess.corollaries:ROOK_KNIGHT_STRETCHED",
    "hampath-to-solochess-bishop-pawn": "npw.reductions.solochess.corollaries:BISHOP_PAWN",
    "hampath-to-solochess-bishop-king": "npw.reductions.solochess.corollaries:BISHOP_KING",
    "hampath-to-solochess-bishop-knight": "npw.reductions.solochess.corollaries:BISHOP_KNIGHT",
    "hampath-to-solochess-bishop-rook": "npw.reductions.solochess.corollaries:BISHOP_ROOK",
    "hampath-to-solochess-queen-rook": "npw.reductions.solochess.corollaries:QUEEN_ROOK",
    "hampath-to-solochess-knight-pawn-unrestricted": "npw.reductions.solochess.unrestricted:KNIGHT_PAWN",
    "hampath-to-solochess-knight-king-unrestricted": "npw.reductions.solochess.unrestricted:KNIGHT_KING",
    "hampath-to-solochess-rook-pawn-unrestricted": "npw.reductions.solochess.unrestricted:ROOK_PAWN",
    "hampath-to-solochess-king-pawn-unrestricted": "npw.reductions.solochess.unrestricted:KING_PAWN",
    "hampath-to-solochess-rook-king-unrestricted": "npw.reductions.solochess.unrestricted:ROOK_KING",
    "hampath-to-solochess-rook-knight-unrestricted": "npw.reductions.solochess.unrestricted:ROOK_KNIGHT",
    "hampath-to-solochess-queen-pawn-unrestricted": "npw.reductions.solochess.unrestricted:QUEEN_PAWN",
    "hampath-to-solochess-queen-bishop-unrestricted": "npw.reductions.solochess.unrestricted:QUEEN_BISHOP",
    "hampath-to-solochess-queen-king-unrestricted": "npw.reductions.solochess.unrestricted:QUEEN_KING",
    "hampath-to-solochess-queen-knight-unrestricted": "npw.reductions.solochess.unrestricted:QUEEN_KNIGHT",
    "hampath-to-solochess-rook-bishop-unrestricted": "npw.reductions.solochess.unrestricted:ROOK_BISHOP",
    "hampath-to-solochess-bishop-pawn-unrestricted": "npw.reductions.solochess.unrestricted:BISHOP_PAWN",
    "hampath-to-solochess-bishop-king-unrestricted": "npw.reductions.solochess.unrestricted:BISHOP_KING",
    "hampath-to-solochess-bishop-knight-unrestricted": "npw.reductions.solochess.unrestricted:BISHOP_KNIGHT",
    "hampath-to-solochess-bishop-rook-unrestricted": "npw.reductions.solochess.unrestricted:BISHOP_ROOK",
    "hampath-to-solochess-queen-rook-unrestricted": "npw.reductions.solochess.unrestricted:QUEEN_ROOK",
    "pm3sat-to-solochess-king-knight": "npw.reductions.solochess.pm3sat_knight:KING_KNIGHT",
    "pm3sat-to-solochess-pawn-knight": "npw.reductions.solochess.pm3sat_knight:PAWN_KNIGHT",
    "pm3sat-to-solochess-king-bishop": "npw.reductions.solochess.pm3sat_bishop:KING_BISHOP",

    "pm3sat-to-solochess-knight-rook": "npw.reductions.solochess.pm3sat_knight_rider:KNIGHT_ROOK",
    "pm3sat-to-solochess-knight-bishop": "npw.reductions.solochess.pm3sat_knight_rider:KNIGHT_BISHOP",
    "pm3sat-to-solochess-knight-queen": "npw.reductions.solochess.pm3sat_knight_queen:KNIGHT_QUEEN",
}

# chain id -> the registered reductions it goes through, in order
CHAINS: dict[str, tuple[str, ...]] = {
    "1in3sat-to-rel": ("1in3sat-to-224sat", "224sat-to-rel"),
}


def reduction_ids() -> list[str]:
    return list(REDUCTION_MODULES) + list(CHAINS)


def get_reduction(reduction_id: str) -> Reduction:
    """A registered reduction or chain, or ``path/to/file.py:NAME`` from a user's file.

    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> reduction = get_reduction("1in3sat-to-224sat")
    >>> reduction.source, reduction.target
    ('1in3sat', '224sat')
    >>> source = OneInThreeSat(3, [(1, 2, 3), (-1, 2, -3)])
    >>> target = reduction.reduce(source)
    >>> target.size() == reduction.size(source)
    True
    >>> certificate = reduction.forward(source, (True, False, False))
    >>> target.verify(certificate), reduction.backward(source, target, certificate)
    (True, (True, False, False))
    >>> get_reduction("1in3sat-to-rel").reduce(source).size()  # a chain
    {'vertices': 72, 'edges': 165, 'elements': 112}
    """
    from npw.reductions.user_file import is_file_spec, load_reduction

    if is_file_spec(reduction_id):
        return load_reduction(reduction_id)
    if reduction_id in REDUCTION_MODULES:
        module, _, attribute = REDUCTION_MODULES[reduction_id].partition(":")
        return getattr(importlib.import_module(module), attribute or "REDUCTION")
    if reduction_id in CHAINS:
        steps = [get_reduction(step) for step in CHAINS[reduction_id]]
        chain = steps[0]
        for step in steps[1:]:
            chain = chain.then(step)
        return dataclasses.replace(chain, id=reduction_id)
    raise InvalidInstance(f"unknown reduction {reduction_id!r} (known: {', '.join(reduction_ids())})")
