"""Deciders for BWP, the black/white torus puzzle (npw.solvers.registry imports them on first use):

* tight: IDA* with Observation 1, specialised for the tight case (the default);
* search: IDA* in the drag metric with the bound of Observation 1;
* sat: a SAT encoding of k drag steps.
"""
