"""The test helpers every problem with two deciders uses: both agree with a brute force
(:func:`agree_with_brute`), or with each other (:func:`deciders_agree`)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from npw.solvers import Answer, solve


def agree_with_brute(instances: Iterable[Any], brute: Callable[[Any], bool],
                     deciders: Iterable[Callable[[Any], Any]]) -> set[bool]:
    """Asserts every decider's answer equals ``brute``'s on every instance, and that each YES
    certificate passes the instance's checker; returns the answers seen (a caller asks for both)."""
    deciders = tuple(deciders)
    answers = set()
    for instance in instances:
        expected = brute(instance)
        answers.add(expected)
        for decider in deciders:
            result = decider(instance)
            assert (result.answer.value == "YES") == expected, (decider.__name__, instance)
            if expected:
                assert instance.verify(result.certificate), (decider.__name__, instance)
    return answers


def deciders_agree(instance: Any, backends: Sequence[str] = ("brute", "sat")) -> Answer:
    """Asserts the named deciders all answer ``instance`` (none UNKNOWN) alike, and that each YES
    certificate passes the instance's checker; returns the common answer."""
    answers = []
    for backend in backends:
        result = solve(instance, backend)
        assert result.answer is not Answer.UNKNOWN, (backend, instance)
        if result.answer is Answer.YES:
            assert instance.verify(result.certificate), (backend, instance, result.certificate)
        answers.append(result.answer)
    assert len(set(answers)) == 1, (instance, dict(zip(backends, answers)))
    return answers[0]


def assert_planted_promises(problem: Any, seed: int, params: dict[str, Any], certain_no: Callable[[Any], Any],
                            by_definition: Callable[[Any], bool]) -> Any:
    """The planted instance of ``seed`` passes its planted certificate and the deciders
    (:func:`deciders_agree`) say YES; the certified-no one has a certain reason (``certain_no``
    returns one), the deciders say NO and so does the definition; the seed decides the instance.
    Returns the planted certificate."""
    g = problem.generate("planted", seed, **params)
    solution = problem.planted_certificate("planted", seed, **params)
    assert g.verify(solution) and deciders_agree(g) is Answer.YES
    no = problem.generate("certified-no", seed, **params)
    assert certain_no(no) is not None, (seed, no)
    assert deciders_agree(no) is Answer.NO and not by_definition(no)
    assert problem.generate("planted", seed, **params) == g  # the seed decides
    return solution
