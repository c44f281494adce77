"""Any npw reduction served over the standard-streams protocol (:mod:`npw.exec_process`).

``python -m npw.serve SPEC`` (SPEC a registered reduction id or ``path/to/file.py:NAME``) reads
requests on stdin, one JSON object a line, and writes one answer line each to stdout, until
stdin ends. This is how ``npw verify FILE.py:NAME --sandbox`` runs a user's Python file in a
child process instead of npw's own, and it shows the protocol from the program's side.

What the reduction's code prints goes to stderr (stdout carries the answers only); whatever a
request does wrong (bad JSON, an instance its problem refuses, the code raising) is answered
``{"error": "..."}`` and the next request is read.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable, TextIO

from npw.instances.base import InvalidInstance

__all__ = ["answer", "main", "serve"]


def _size_json(value: Any) -> Any:
    from npw.reductions.asymptotic import Order
    from npw.reductions.base import Bound

    if isinstance(value, Order):
        return {"O": value.expression, "measures": dict(value.measures)}
    return {"low": value.low, "high": value.high} if isinstance(value, Bound) else value


def answer(reduction: Any, request: Any) -> dict:
    """The protocol's answer of ``reduction`` to one request (a parsed JSON value).

    >>> from npw.reductions.registry import get_reduction
    >>> reduction = get_reduction("3sat-to-indset")
    >>> answer(reduction, {"op": "hello"})
    {'source': '3sat', 'target': 'indset', 'ops': ['reduce', 'forward', 'backward', 'size']}
    >>> source = {"problem": "3sat", "num_vars": 3, "clauses": [[1, 2, 3]]}
    >>> answer(reduction, {"op": "reduce", "source": source})["target"]["k"]
    1
    >>> answer(reduction, {"op": "forward", "source": source, "certificate": [True, False, False]})
    {'certificate': [0]}
    >>> answer(reduction, {"op": "cook"})
    {'error': "unknown op 'cook' (hello, reduce, forward, backward, size)"}
    """
    from npw.instances.registry import get_problem, instance_from_dict

    if not isinstance(request, dict) or not isinstance(request.get("op"), str):
        return {"error": "a request is a JSON object with a string 'op'"}
    op = request["op"]
    if op == "hello":
        ops = ["reduce"] + (["forward"] if reduction.forward is not None else []) + ["backward"] \
            + (["size"] if reduction.size is not None else [])
        return {"source": reduction.source, "target": reduction.target, "ops": ops}
    if op not in ("reduce", "forward", "backward", "size"):
        return {"error": f"unknown op {op!r} (hello, reduce, forward, backward, size)"}
    source_type = get_problem(reduction.source).instance_type
    target_type = get_problem(reduction.target).instance_type

    def instance(key: str, problem: str) -> Any:
        if key not in request:
            raise InvalidInstance(f"{op} needs {key!r}")
        document = request[key]
        if not isinstance(document, dict) or document.get("problem") != problem:
            raise InvalidInstance(f"{key!r} must be a {problem} instance")
        return instance_from_dict(document)

    def certificate(kind: Any) -> Any:
        if "certificate" not in request:
            raise InvalidInstance(f"{op} needs 'certificate'")
        return kind.certificate_from_json(request["certificate"])

    try:
        src = instance("source", reduction.source)
        if op == "reduce":
            return {"target": reduction.reduce(src).to_dict()}
        if op == "forward":
            if reduction.forward is None:
                return {"error": "this reduction has no forward map"}
            return {"certificate": target_type.certificate_to_json(reduction.forward(src, certificate(source_type)))}
        if op == "backward":
            tgt = instance("target", reduction.target)
            return {"certificate": source_type.certificate_to_json(
                reduction.backward(src, tgt, certificate(target_type)))}
        if reduction.size is None:
            return {"error": "this reduction has no size formula"}
        return {"size": {str(k): _size_json(v) for k, v in reduction.size(src).items()}}
    except InvalidInstance as error:
        return {"error": f"bad request: {error}"}
    except (Exception, SystemExit) as error:  # the reduction's own code failed: answered, not the end
        if isinstance(error, SystemExit):
            return {"error": f"{op} called sys.exit({error.code!r})"}
        return {"error": f"{op} raised {type(error).__name__}: {error}"}


def serve(reduction: Any, lines: TextIO, write: Callable[[str], None]) -> int:
    """Answers each line of ``lines`` with one line given to ``write``; the number of requests.

    >>> import io
    >>> from npw.reductions.registry import get_reduction
    >>> out = []
    >>> serve(get_reduction("3sat-to-indset"), io.StringIO('{"op": "hello"}\\nnot json\\n'), out.append)
    2
    >>> out[1]
    '{"error":"bad request: invalid JSON: Expecting value at line 1 column 1"}\\n'
    """
    from npw.instances.validation import parse_json

    served = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            reply = answer(reduction, parse_json(line))
        except InvalidInstance as error:
            reply = {"error": f"bad request: {error}"}
        try:
            text = json.dumps(reply, separators=(",", ":"))
        except (TypeError, ValueError) as error:  # a map returned something JSON cannot hold
            text = json.dumps({"error": f"the answer is not JSON: {error}"})
        write(text + "\n")
        served += 1
    return served


def main(argv: list[str] | None = None) -> int:
    """``python -m npw.serve SPEC``: serves the reduction SPEC on stdin and stdout."""
    from npw.reductions.registry import get_reduction

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m npw.serve REDUCTION_ID | path/to/file.py:NAME", file=sys.stderr)
        return 2
    # answers go to the real stdout only; the reduction's own prints (and C code's) to stderr
    sys.stdout.flush()
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        reduction = get_reduction(args[0])
    except InvalidInstance as error:
        print(f"npw: error: {error}", file=sys.stderr)
        return 2

    def write(text: str) -> None:
        answers.write(text)
        answers.flush()

    try:
        serve(reduction, sys.stdin, write)
    except (BrokenPipeError, KeyboardInterrupt):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
