"""What Lemma A.1's two source problems share (``hampath-grid-s``, Lemma A.1 (1); ``hampath-st``,
Lemma A.1 (2)): the record of a problem whose module defines its grid generators by the same names,
and the verifier's small sample drawn from its random generator.

>>> from npw.instances.hampath import st
>>> st.PROBLEM.generators["planted"] is st.planted_instance, st.PROBLEM.deciders
(True, ('dp', 'sat'))
"""

from __future__ import annotations

import random as _random
from typing import Any, Callable, Mapping, TypeVar

from npw.instances.base import FileFormat, Problem
from npw.instances.elements import graph_elements

__all__ = ["lemma_a1_problem", "small_sample"]

G = TypeVar("G")


def small_sample(random_instance: Callable[[int, int], G], seed: int) -> G:
    """A small instance (2-9 vertices) for the verifier, from a problem's random generator.

    Parameters
    ----------
    random_instance : Callable[[int, int], G]
        ``random_instance(seed, num_vertices)``, the problem's random generator.
    seed : int
        The sample's seed; it draws the generator's seed and the number of vertices.

    Returns
    -------
    G
        The generator's instance.

    Examples
    --------
    >>> from npw.instances.hampath.st import random_instance
    >>> 2 <= small_sample(random_instance, 4).num_vertices <= 9
    True
    """
    rng = _random.Random(seed)
    return random_instance(rng.randrange(2**31), rng.randint(2, 9))


def lemma_a1_problem(namespace: Mapping[str, Any], **fields: Any) -> Problem:
    """The record of a Lemma A.1 problem, from its module's conventional names.

    Parameters
    ----------
    namespace : Mapping[str, Any]
        The module's ``globals()``: besides what :meth:`Problem.of_module` reads, the generators
        ``random_instance``, ``planted_instance``, ``certified_no_instance`` and
        ``planted_with_path(seed, **params) -> (instance, path)``.
    **fields : Any
        The problem's own fields (``id``, ``title``, ``instance_type``, ``certificate_doc``,
        ``file_model``; ``deciders`` and ``verify_deciders`` where they differ from dp and sat).

    Returns
    -------
    Problem
        The record: dynamic programming then SAT as deciders (unless given), drawn as a graph, also written as
        TSPLIB HCP.
    """
    planted_with_path = namespace["planted_with_path"]
    deciders = fields.pop("deciders", ("dp", "sat"))
    verify_deciders = fields.pop("verify_deciders", ("dp", "sat"))
    return Problem.of_module(
        namespace,
        generators={"random": namespace["random_instance"], "planted": namespace["planted_instance"],
                    "certified-no": namespace["certified_no_instance"]},
        default_generator="random",
        verify_deciders=verify_deciders,
        planted_certificates={"planted": lambda seed, **params: planted_with_path(seed, **params)[1]},
        deciders=deciders,
        renderer="npw.instances.hampath.render:render_svg",
        elements=graph_elements,
        formats=(FileFormat("hcp", (".hcp",), write="npw.instances.hampath.hcp:to_hcp"),),
        **fields,
    )
