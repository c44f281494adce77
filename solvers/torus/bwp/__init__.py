"""Deciders for BWP, the black/white torus puzzle (npw.solvers.registry imports them on first use):

* tight: IDA* with Observation 1, specialised for the tight case (the default);
* search: IDA* in the drag metric with the bound of Observation 1;
* sat: a SAT encoding of k drag steps;
* phases: SAT over phases of commuting line shifts (earliest-phase normal form, Observation 1
  made exact, monotone lines); the verifier's second opinion on a target's NO
  (``Problem.confirm_no_deciders``).
"""

__all__: list[str] = []
