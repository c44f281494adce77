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
