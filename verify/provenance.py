"""Provenance of generated files: where an instance came from and how its answer is known.

Every file ``npw generate`` writes (one instance, or each file of an instance set) carries a
provenance record: the problem, the generator, its parameters, the seed, the npw version, the
answer where it is known and how it is known (``construction (planted generator)``, a
decider's name, ...), and for ``--via`` sets the reduction and the source problem. The record
is one JSON object, placed where each format keeps such things:

==========  ================================================================================
json        a top-level ``"provenance"`` field (a free JSON object; readers ignore it, and a
            file without it is as valid as before)
dimacs      a comment line ``c provenance {...}`` first in the file
smt2        a comment line ``; provenance {...}`` first in the file
hcp         a line ``COMMENT : provenance {...}`` after the ``NAME`` line
edge        a comment line ``c provenance {...}`` first (DIMACS ``p edge``)
edgelist,   a comment line ``# provenance {...}`` first (edge and adjacency lists, GML)
adjlist,
gml
graphml     an XML comment ``<!-- provenance {...} -->`` first (``--`` in the record escaped)
oneline     none: the sliding-tile one-line format has no comments (the set's manifest and the
            instance's JSON file carry the record)
==========  ================================================================================

>>> record = {"problem": "1in3sat", "generator": "planted", "seed": 3, "answer": "YES"}
>>> text = attach("dimacs", "p cnf 1 1\\n1 0\\n", record)
>>> print(text, end="")
c provenance {"answer":"YES","generator":"planted","problem":"1in3sat","seed":3}
p cnf 1 1
1 0
>>> read("dimacs", text) == record, read("dimacs", "p cnf 1 1\\n1 0\\n")
(True, None)
>>> tagged = attach("graphml", "<graphml/>\\n", {"params": {"ends": "a--b"}})
>>> tagged.splitlines()[0], read("graphml", tagged)
('<!-- provenance {"params":{"ends":"a-\\\\u002db"}} -->', {'params': {'ends': 'a--b'}})
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from npw._version import __version__

__all__ = ["FIELD", "LINE_PREFIX", "LINE_SUFFIX", "NO_ROOM", "attach", "carries", "npw_version", "read", "record"]

FIELD = "provenance"
# format -> the prefix of the one line that holds the record (json: the top-level field instead)
LINE_PREFIX = {"dimacs": "c provenance ", "smt2": "; provenance ", "hcp": "COMMENT : provenance ",
               "edge": "c provenance ", "edgelist": "# provenance ", "adjlist": "# provenance ",
               "gml": "# provenance ", "graphml": "<!-- provenance "}
# format -> what closes the line after the record (an XML comment)
LINE_SUFFIX = {"graphml": " -->"}
# formats with no room for a comment: the record lives in the manifest and the JSON file only
NO_ROOM = frozenset({"oneline"})


def npw_version() -> str:
    return __version__


def record(problem: str, generator: str, params: Mapping[str, Any], seed: int, answer: str | None,
           answer_by: str | None, **more: Any) -> dict[str, Any]:
    """The provenance record of one instance (``more``: e.g. ``via``, ``set_seed``, ``index``).

    >>> r = record("hampath", "planted", {"num_vertices": 9}, 5, "YES", "construction (planted generator)")
    >>> r["answer"], r["answer_by"], r["npw_version"] == npw_version()
    ('YES', 'construction (planted generator)', True)
    """
    return {"problem": problem, "generator": generator, "params": dict(params), "seed": seed,
            "npw_version": npw_version(), "answer": answer, "answer_by": answer_by, **more}


def _line(data: Mapping[str, Any]) -> str:
    # one line whatever the values hold: json.dumps escapes newlines inside strings
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def carries(fmt: str) -> bool:
    """Whether files of this format carry the record themselves."""
    return fmt == "json" or fmt in LINE_PREFIX


def attach(fmt: str, text: str, data: Mapping[str, Any]) -> str:
    """``text`` (a file of format ``fmt`` as npw writes it) with the provenance record added;
    unchanged for formats with no room for it (:data:`NO_ROOM`) or unknown to this module."""
    if fmt == "json":
        document = json.loads(text)
        document[FIELD] = dict(data)
        return json.dumps(document, separators=(",", ":")) + "\n"
    prefix = LINE_PREFIX.get(fmt)
    if prefix is None:
        return text
    record_text = _line(data)
    if fmt == "graphml":  # an XML comment may not hold '--'; outside strings JSON has none, inside '\u002d' is '-'
        record_text = record_text.replace("--", "-\\u002d")
    line = prefix + record_text + LINE_SUFFIX.get(fmt, "") + "\n"
    if fmt == "hcp" or text.startswith("<?xml"):  # TSPLIB's NAME line, XML's declaration: kept first
        first, newline, rest = text.partition("\n")
        return first + newline + line + rest if newline else text + "\n" + line
    return line + text


def read(fmt: str, text: str) -> dict[str, Any] | None:
    """The provenance record a file carries, or None if it carries none (or an unreadable one).

    >>> read("json", '{"problem": "3sat", "provenance": {"seed": 1}}')
    {'seed': 1}
    """
    if fmt == "json":
        try:
            document = json.loads(text)
        except json.JSONDecodeError:
            return None
        found = document.get(FIELD) if isinstance(document, dict) else None
        return found if isinstance(found, dict) else None
    prefix = LINE_PREFIX.get(fmt)
    if prefix is None:
        return None
    for line in text.splitlines():
        if line.startswith(prefix):
            body = line[len(prefix):]
            suffix = LINE_SUFFIX.get(fmt, "")
            body = body[:len(body) - len(suffix)] if suffix and body.endswith(suffix) else body
            try:
                found = json.loads(body)
            except json.JSONDecodeError:
                return None
            return found if isinstance(found, dict) else None
    return None
