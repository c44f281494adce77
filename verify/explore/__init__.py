"""``npw explore``: a reduction's source and target side by side on one self-contained page.

* :mod:`.steps`: the changes a played certificate makes, by element id, and where the
  renderers put each element (``Layout``);
* one module per family for the step logic: :mod:`.sat`, :mod:`.rel`, :mod:`.npuz`,
  :mod:`.bwp`, :mod:`.solochess`, :mod:`.graphs` (Hamiltonian paths, 3-PARTITION, vertex sets),
  :mod:`.sets` (3DM matchings, X3C covers);
* :mod:`.build`: what a page shows (drawings, provenance both ways, the played forward
  certificate and the backward map's result, or the verifier's findings for a no-source);
* :mod:`.page`: the HTML, with its one generic script.

Each player module declares how a certificate of its problems plays (``PLAYERS``, records of
:mod:`.players`); :func:`player_for` and :func:`shower_for` find them.
"""

from __future__ import annotations

from npw.verify.explore.players import Player, player_for, shower_for

__all__ = ["Player", "player_for", "shower_for"]
