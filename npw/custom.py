"""Defining a problem in a user's own file, with the least ceremony the verifier allows.

Write a frozen dataclass with a ``verify(certificate) -> bool`` method and decorate it::

    @problem("indset")
    @dataclass(frozen=True)
    class IndependentSet:
        num_nodes: int
        edges: tuple[tuple[int, int], ...]
        k: int

        def verify(self, nodes) -> bool: ...

Everything else is optional and picked up by name from the class (or given to the
decorator): ``validate()`` (raise ``InvalidInstance``), ``size() -> dict``,
``sample(seed)`` (a static method: one small random instance, for ``npw verify
--random``), ``enumerate(n)`` (static: every instance up to size n), ``shrink()``
(smaller instances, to minimise counterexamples), ``brute() -> certificate or
None`` (an exhaustive decider) and ``to_cnf() -> (num_vars, clauses, decode)``
(a SAT encoding; ``decode`` turns a model, a tuple of booleans for variables
1..num_vars, into a certificate). With ``to_cnf`` the problem gets a SAT decider
(python-sat) for free; with ``brute`` a second, independent one.

JSON (``to_dict``/``from_dict``) and certificate conversion default to the
dataclass fields, with lists read back as tuples.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable

from npw.instances.base import FORMAT_VERSION, InvalidInstance, Problem, check_header
from npw.instances.registry import register_problem
from npw.solvers.result import Answer, Result

__all__ = ["problem"]


def _to_json(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(_to_json(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


def _to_tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_to_tuples(v) for v in value)
    return value


def _brute_decider(cls: type) -> Callable[..., Result]:
    def solve(instance: Any, timeout: float | None = None) -> Result:
        start = time.perf_counter()
        if timeout is not None:
            from npw.solvers.child import call_with_deadline

            finished, certificate = call_with_deadline(type(instance).brute, (instance,), timeout)
            if not finished:
                return Result(Answer.UNKNOWN, None, "brute", {"time": time.perf_counter() - start})
        else:
            certificate = instance.brute()
        answer = Answer.NO if certificate is None else Answer.YES
        return Result(answer, certificate, "brute", {"time": time.perf_counter() - start})

    return solve


def _sat_decider(instance: Any, timeout: float | None = None, solver: str | None = None) -> Result:
    from npw.solvers.sat import SatEncoding, decide_by_sat

    def encode(deadline: Any) -> SatEncoding:
        num_vars, clauses, decode = instance.to_cnf()
        return SatEncoding(num_vars, [tuple(c) for c in clauses], decode)

    return decide_by_sat(encode, backend="sat", solver=solver, timeout=timeout)


def _sample_certificates(instance: Any, count: int, seed: int = 0) -> list[Any]:
    from npw.solvers.sat import SatEncoding, distinct_certificates

    num_vars, clauses, decode = instance.to_cnf()
    return distinct_certificates(SatEncoding(num_vars, [tuple(c) for c in clauses], decode), count, seed)


def _dimacs_export(instance: Any) -> str:
    from npw.instances.sat.cnf import CNF

    num_vars, clauses, _ = instance.to_cnf()
    return CNF(num_vars, [tuple(c) for c in clauses]).to_dimacs(
        comments=(f"SAT encoding of a {instance.problem} instance",))


def problem(
    id: str,
    *,
    title: str | None = None,
    certificate_doc: str = "",
    **hooks: Callable[..., Any],
) -> Callable[[type], type]:
    """Class decorator: registers a frozen dataclass as the problem ``id`` (see the module docstring).

    The class needs a ``verify(self, certificate) -> bool`` method; ``validate``, ``size``,
    ``sample``, ``enumerate``, ``shrink``, ``brute`` and ``to_cnf`` are picked up by name where it
    has them (``to_cnf`` gives it a SAT decider, ``brute`` a second one), JSON conversion defaults
    to the dataclass fields.

    Parameters
    ----------
    id : str
        The problem's id, as files, ``npw`` commands and reductions name it.
    title : str, optional
        A one-line title; by default the first line of the class's docstring (else its name).
    certificate_doc : str, optional
        What a certificate is, for ``npw show``.
    **hooks : callable
        Any of the methods above, given here instead of on the class.

    Returns
    -------
    callable
        The decorator: it registers the class and returns it, with the defaults filled in and
        ``problem`` set to ``id``.

    Raises
    ------
    TypeError
        (when the decorator is applied) The class is not a dataclass, or has no ``verify``.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> from npw.api import get_problem, problem, solve
    >>> @problem("doc-pair-sum")
    ... @dataclass(frozen=True)
    ... class PairSum:
    ...     '''Two different numbers of the list summing to the target.'''
    ...     numbers: tuple
    ...     target: int
    ...     def verify(self, pair) -> bool:
    ...         i, j = pair
    ...         return i != j and self.numbers[i] + self.numbers[j] == self.target
    ...     def brute(self):
    ...         n = len(self.numbers)
    ...         return next(((i, j) for i in range(n) for j in range(i + 1, n) if self.verify((i, j))), None)
    >>> get_problem("doc-pair-sum").title
    'Two different numbers of the list summing to the target.'
    >>> result = solve(PairSum((3, 5, 9), 14))
    >>> result.answer.value, result.certificate, result.backend
    ('YES', (1, 2), 'brute')
    >>> PairSum((3, 5, 9), 14).to_dict()
    {'problem': 'doc-pair-sum', 'version': 1, 'numbers': [3, 5, 9], 'target': 14}
    """

    def register(cls: type) -> type:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"@problem({id!r}) goes on a dataclass (put it above @dataclass(frozen=True))")
        if not callable(getattr(cls, "verify", None)):
            raise TypeError(f"problem {id!r}: the class needs a verify(self, certificate) -> bool method")
        for name, hook in hooks.items():
            setattr(cls, name, staticmethod(hook) if name in ("sample", "enumerate") else hook)
        cls.problem = id
        fields = [f.name for f in dataclasses.fields(cls)]
        if not hasattr(cls, "validate"):
            cls.validate = lambda self: None
        if not hasattr(cls, "size"):
            def size(self: Any) -> dict[str, int]:
                measures = {}
                for name in fields:
                    value = getattr(self, name)
                    if isinstance(value, int) and not isinstance(value, bool):
                        measures[name] = value
                    elif hasattr(value, "__len__"):
                        measures[name] = len(value)
                return measures
            cls.size = size
        if not hasattr(cls, "to_dict"):
            cls.to_dict = lambda self: {"problem": id, "version": FORMAT_VERSION,
                                        **{n: _to_json(getattr(self, n)) for n in fields}}
        if not hasattr(cls, "from_dict"):
            def from_dict(klass: type, data: Any) -> Any:
                check_header(data, id)
                missing = [n for n in fields if n not in data]
                if missing:
                    raise InvalidInstance(f"missing field {missing[0]!r}")
                instance = klass(**{n: _to_tuples(data[n]) for n in fields})
                instance.validate()
                return instance
            cls.from_dict = classmethod(from_dict)
        if not hasattr(cls, "certificate_to_json"):
            cls.certificate_to_json = staticmethod(_to_json)
        if not hasattr(cls, "certificate_from_json"):
            cls.certificate_from_json = staticmethod(_to_tuples)

        deciders = []
        from npw.solvers.registry import Export, register_backend, register_export, register_sampler

        if callable(getattr(cls, "to_cnf", None)):
            register_backend(id, "sat", _sat_decider)
            register_export(Export(id, "dimacs", _dimacs_export))
            register_sampler(id, _sample_certificates)
            deciders.append("sat")
        if callable(getattr(cls, "brute", None)):
            register_backend(id, "brute", _brute_decider(cls))
            deciders.append("brute")
        register_problem(Problem(
            id=id,
            title=title or (cls.__doc__ or cls.__name__).strip().splitlines()[0],
            instance_type=cls,
            certificate_doc=certificate_doc,
            generators={"sample": lambda seed: cls.sample(seed)} if hasattr(cls, "sample") else {},
            default_generator="sample" if hasattr(cls, "sample") else None,
            enumerate=getattr(cls, "enumerate", None),
            shrink=(lambda instance: instance.shrink()) if hasattr(cls, "shrink") else None,
            sample=getattr(cls, "sample", None),
            verify_deciders=tuple(deciders),
        ))
        return cls

    return register
