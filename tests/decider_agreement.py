"""The test helper every problem with two deciders uses: both agree with a brute force."""

from __future__ import annotations

from typing import Any, Callable, Iterable


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
