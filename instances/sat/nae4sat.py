"""The ``nae4sat`` problem (the registry's entry): NAE-4-SAT, the model and generators of
:mod:`npw.instances.sat.nae_sat`.

>>> PROBLEM.generate("planted", seed=1, num_vars=6).verify(PROBLEM.planted_certificate("planted", seed=1, num_vars=6))
True
"""

from npw.instances.sat.nae_sat import Nae4Sat, nae_problem

__all__ = ["Nae4Sat", "PROBLEM"]

PROBLEM = nae_problem("nae4sat",
                      file_model="npw.instances.models:Nae4SatFile")
