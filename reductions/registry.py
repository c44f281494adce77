"""The reductions the workbench knows, by stable id. Modules are imported on first use.

To add one: write ``reductions/<name>.py`` with a module-level ``REDUCTION`` (or name
another attribute as ``"module:ATTRIBUTE"``) and add one line to ``REDUCTION_MODULES``; a chain through registered reductions is one
line in ``CHAINS``.
"""

from __future__ import annotations

import dataclasses
import importlib

from instances.base import InvalidInstance
from reductions.base import Reduction

REDUCTION_MODULES: dict[str, str] = {
    "1in3sat-to-224sat": "reductions.one_in_three_sat_to_224sat",
    "224sat-to-rel": "reductions.two_two_four_sat_to_rel",
    "224sat-to-rel-cap2": "reductions.two_two_four_sat_to_rel:CAPACITY_TWO",
    "224sat-to-rel-undirected": "reductions.two_two_four_sat_to_rel:UNDIRECTED",
    "224sat-to-npuz": "reductions.two_two_four_sat_to_npuz",
    "hampath-to-solochess-rook-pawn": "reductions.hampath_to_solochess_rook_pawn",
    "3partition-to-bwp": "reductions.three_partition_to_bwp",
    "3partition-to-bwp-compact": "reductions.three_partition_to_bwp:COMPACT",
    "hampath-to-solochess-rook-pawn-as-stated": "reductions.hampath_to_solochess_rook_pawn:AS_STATED",
    "hampath-to-solochess-knight-pawn": "reductions.hampath_to_solochess_knight_pawn",
    "hampath-to-solochess-knight-king": "reductions.hampath_to_solochess_knight_king",
    "hampath-to-solochess-king-pawn": "reductions.hampath_to_solochess_king_pawn",
    "hampath-to-solochess-rook-king": "reductions.hampath_to_solochess_corollaries:ROOK_KING",
    "hampath-to-solochess-rook-knight": "reductions.hampath_to_solochess_corollaries:ROOK_KNIGHT",
    "hampath-to-solochess-queen-pawn": "reductions.hampath_to_solochess_corollaries:QUEEN_PAWN",
    "hampath-to-solochess-queen-bishop": "reductions.hampath_to_solochess_corollaries:QUEEN_BISHOP",
    "hampath-to-solochess-queen-king": "reductions.hampath_to_solochess_corollaries:QUEEN_KING",
    "hampath-to-solochess-queen-knight": "reductions.hampath_to_solochess_corollaries:QUEEN_KNIGHT",
    "hampath-to-solochess-rook-bishop": "reductions.hampath_to_solochess_corollaries:ROOK_BISHOP",
    "hampath-to-solochess-rook-pawn-stretched": "reductions.hampath_to_solochess_corollaries:ROOK_PAWN_STRETCHED",
    "hampath-to-solochess-rook-king-stretched": "reductions.hampath_to_solochess_corollaries:ROOK_KING_STRETCHED",
    "hampath-to-solochess-rook-knight-stretched": "reductions.hampath_to_solochess_corollaries:ROOK_KNIGHT_STRETCHED",
    "hampath-to-solochess-bishop-pawn": "reductions.hampath_to_solochess_corollaries:BISHOP_PAWN",
    "hampath-to-solochess-bishop-king": "reductions.hampath_to_solochess_corollaries:BISHOP_KING",
    "hampath-to-solochess-bishop-knight": "reductions.hampath_to_solochess_corollaries:BISHOP_KNIGHT",
    "hampath-to-solochess-bishop-rook": "reductions.hampath_to_solochess_corollaries:BISHOP_ROOK",
    "hampath-to-solochess-queen-rook": "reductions.hampath_to_solochess_corollaries:QUEEN_ROOK",
    "hampath-to-solochess-knight-pawn-unrestricted": "reductions.hampath_to_solochess_unrestricted:KNIGHT_PAWN",
    "hampath-to-solochess-knight-king-unrestricted": "reductions.hampath_to_solochess_unrestricted:KNIGHT_KING",
    "hampath-to-solochess-rook-pawn-unrestricted": "reductions.hampath_to_solochess_unrestricted:ROOK_PAWN",
    "hampath-to-solochess-king-pawn-unrestricted": "reductions.hampath_to_solochess_unrestricted:KING_PAWN",
    "hampath-to-solochess-rook-king-unrestricted": "reductions.hampath_to_solochess_unrestricted:ROOK_KING",
    "hampath-to-solochess-rook-knight-unrestricted": "reductions.hampath_to_solochess_unrestricted:ROOK_KNIGHT",
    "hampath-to-solochess-queen-pawn-unrestricted": "reductions.hampath_to_solochess_unrestricted:QUEEN_PAWN",
    "hampath-to-solochess-queen-bishop-unrestricted": "reductions.hampath_to_solochess_unrestricted:QUEEN_BISHOP",
    "hampath-to-solochess-queen-king-unrestricted": "reductions.hampath_to_solochess_unrestricted:QUEEN_KING",
    "hampath-to-solochess-queen-knight-unrestricted": "reductions.hampath_to_solochess_unrestricted:QUEEN_KNIGHT",
    "hampath-to-solochess-rook-bishop-unrestricted": "reductions.hampath_to_solochess_unrestricted:ROOK_BISHOP",
    "hampath-to-solochess-bishop-pawn-unrestricted": "reductions.hampath_to_solochess_unrestricted:BISHOP_PAWN",
    "hampath-to-solochess-bishop-king-unrestricted": "reductions.hampath_to_solochess_unrestricted:BISHOP_KING",
    "hampath-to-solochess-bishop-knight-unrestricted": "reductions.hampath_to_solochess_unrestricted:BISHOP_KNIGHT",
    "hampath-to-solochess-bishop-rook-unrestricted": "reductions.hampath_to_solochess_unrestricted:BISHOP_ROOK",
    "hampath-to-solochess-queen-rook-unrestricted": "reductions.hampath_to_solochess_unrestricted:QUEEN_ROOK",
}

# chain id -> the registered reductions it goes through, in order
CHAINS: dict[str, tuple[str, ...]] = {
    "1in3sat-to-rel": ("1in3sat-to-224sat", "224sat-to-rel"),
}


def reduction_ids() -> list[str]:
    return list(REDUCTION_MODULES) + list(CHAINS)


def get_reduction(reduction_id: str) -> Reduction:
    """A registered reduction or chain, or ``path/to/file.py:NAME`` from a user's file."""
    from reductions.user_file import is_file_spec, load_reduction

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
