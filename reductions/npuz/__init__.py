"""Theorem 3 of Ratner & Warmuth, "The (n^2-1)-puzzle and related relocation problems",
J. Symbolic Computation 1990 (Section 4, and Corollary 1): 2/2/4-SAT -> nPUZ, through the
REL instance of Theorem 2. One module per step of the proof, and what they stand on:

* :mod:`.instance`: 4.1 *The instance*: B1, B2 and k (``build_instance``, the compact
  ``Theorem3Instance``, the stripe rule of Figures 4-8, ``paper_u``/``paper_unit``);
* :mod:`.forward`: 4.2 *Forward*: Shift 1-4 of Theorem 2's Claim 1 as moves (``forward_moves``);
* :mod:`.backward`: 4.3 *Backward*: the moves decoded into a REL walk and an assignment
  (``backward_segments``, ``backward_moves``), and the REL instance read back from the
  boards (``read_back``, ``same_rel``);
* :mod:`.reduction`: the registered ``224sat-to-npuz`` (``REDUCTION``, its options);
* :mod:`.claims`: the proof's claims observable at l = 1 (layout, k, Lemmas 1-4), checked per case;
* :mod:`.layout`: the REL graph embedded on the board (ours: the paper's Figure 3 is lost);
* :mod:`.moves`: the macros in each leg's frame and the sparse board the forward run uses;
* :mod:`.replay`: the compact replay of blank and element tiles the backward decoding uses;
* :mod:`.stripes`: the paper's macros and Figure 8 on one symbolic stripe (a reference model);
* :mod:`.render`: the layout as SVG;
* :mod:`.simulation`: all of it end to end, what ``npw puzzle theorem3`` reports.

>>> from npw.reductions import npuz as theorem3
>>> theorem3.REDUCTION.id
'224sat-to-npuz'
"""

from __future__ import annotations

from npw.reductions.npuz.backward import (
    DecodeError, backward_moves, backward_segments, decode_segments, decode_walk, edge_cuts, read_back, same_rel,
)
from npw.reductions.npuz.forward import ForwardResult, forward_moves
from npw.reductions.npuz.instance import (
    DENSE_LIMIT, Numbering, StripeRule, Theorem3Instance, build_instance, paper_u, paper_unit,
)
from npw.reductions.npuz.reduction import REDUCTION
from npw.reductions.npuz.simulation import Theorem3Report, theorem3_report

__all__ = [
    "DENSE_LIMIT", "DecodeError", "ForwardResult", "Numbering", "REDUCTION", "StripeRule", "Theorem3Instance",
    "Theorem3Report", "backward_moves", "backward_segments", "build_instance", "decode_segments", "decode_walk",
    "edge_cuts", "forward_moves", "paper_u", "paper_unit", "read_back", "same_rel", "theorem3_report",
]
