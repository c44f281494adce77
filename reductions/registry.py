"""The reductions the workbench knows, by stable id: each declared in its own module.

A reduction is a module-level :class:`npw.reductions.base.Reduction` (``REDUCTION = ...``, or
any other top-level name: ``CAPACITY_TWO = ...``) in its family's room of ``reductions/``; a chain
of registered reductions is a module-level :class:`npw.reductions.base.Chain`. ``npw index``
writes where each lives to ``reductions/_index.py`` (``tests/test_index.py`` fails while it is
stale); a module added since is found by the folder listing and a plugin (entry-point group
``npw.plugins``) by its entry point (:mod:`npw.instances.discovery`), read only for a listing
or an id that is not built in. Modules are imported on first use.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib

from npw.instances.base import InvalidInstance
from npw.instances.discovery import declared, imported, load_index, plugin_modules, unindexed_modules
from npw.reductions.base import Chain, Reduction

__all__ = ["get_reduction", "reduction_ids", "chain_ids", "reduction_specs"]


Catalogue = tuple[dict[str, "str | Reduction"], dict[str, "str | Chain"]]


@functools.cache
def _builtin() -> Catalogue:
    """(reduction id -> ``"module:ATTRIBUTE"`` or the record, chain id -> likewise): the index, then
    modules added since it was written."""
    index = load_index("npw.reductions")
    reductions: dict[str, str | Reduction] = dict(index.get("REDUCTIONS", {}))
    chains: dict[str, str | Chain] = dict(index.get("CHAINS", {}))
    _add((reductions, chains), unindexed_modules("npw.reductions", index["MODULES"]))
    return reductions, chains


@functools.cache
def _catalogue() -> Catalogue:
    """The built-in catalogue, then plugins' (read on first use: :mod:`npw.instances.discovery`)."""
    reductions, chains = (dict(table) for table in _builtin())
    _add((reductions, chains), list(plugin_modules()))
    return reductions, chains


def _add(catalogue: Catalogue, modules: list[str]) -> None:
    reductions, chains = catalogue
    for module in imported(modules):
        for _, record in declared(module, (Reduction, Chain)):
            (reductions if isinstance(record, Reduction) else chains).setdefault(record.id, record)


def reduction_specs() -> dict[str, str | Reduction]:
    """Registered reduction id -> where it is declared (``"module:ATTRIBUTE"``), or the record itself
    for a plugin or a module the index does not know yet."""
    return dict(_catalogue()[0])


def chain_ids() -> list[str]:
    return list(_catalogue()[1])


def reduction_ids() -> list[str]:
    reductions, chains = _catalogue()
    return list(reductions) + list(chains)


def get_reduction(reduction_id: str) -> Reduction:
    """A registered reduction or chain, or ``path/to/file.py:NAME`` from a user's file.

    Parameters
    ----------
    reduction_id : str
        A registered reduction's or chain's id (``npw list`` shows them), or
        ``path/to/file.py:NAME``, the :class:`Reduction` named ``NAME`` in a user's file.

    Returns
    -------
    Reduction
        The reduction; a chain comes back composed (:meth:`Reduction.then`) under its own id.

    Raises
    ------
    InvalidInstance
        No reduction or chain has this id, or the user's file cannot be loaded or holds no
        reduction under that name.

    Examples
    --------
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
    from npw.reductions.chain_sizes import with_closed_size
    from npw.reductions.user_file import is_file_spec, load_reduction

    if is_file_spec(reduction_id):
        return load_reduction(reduction_id)
    reductions, chains = _builtin()
    if reduction_id not in reductions and reduction_id not in chains:
        reductions, chains = _catalogue()  # not built in: perhaps a plugin's
    if reduction_id in reductions:
        return _load(reductions[reduction_id])
    if reduction_id in chains:
        chain = _load(chains[reduction_id])
        steps = [get_reduction(step) for step in chain.steps]
        composed = steps[0]
        for step in steps[1:]:
            composed = composed.then(step)
        composed = with_closed_size(composed)  # its closed size formula, where one is known
        return dataclasses.replace(composed, id=reduction_id, checked=chain.checked)
    raise InvalidInstance(f"unknown reduction {reduction_id!r} (known: {', '.join(reduction_ids())})")


def _load(spec):
    if not isinstance(spec, str):
        return spec
    module, _, attribute = spec.partition(":")
    return getattr(importlib.import_module(module), attribute or "REDUCTION")
