"""The ``nae3sat`` problem (the registry's entry): NAE-3-SAT, the model and generators of
:mod:`npw.instances.sat.nae_sat`.

>>> PROBLEM.generate("planted", seed=1, num_vars=6).verify(PROBLEM.planted_certificate("planted", seed=1, num_vars=6))
True
"""

from npw.instances.sat.nae_sat import Nae3Sat, nae_problem

__all__ = ["Nae3Sat", "PROBLEM"]

PROBLEM = nae_problem("nae3sat",
                      file_model="npw.instances.models:Nae3SatFile")
