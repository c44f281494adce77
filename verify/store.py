"""The result store: every verified case in an SQLite file, so a sweep can stop and resume.

One *run* is a reduction plus the arguments that define its stream (``--exhaustive 3
--random 1000 --seed 1 ...``) and its checks (timeout, extra certificates) plus the
fingerprint of the code that decides it (:mod:`npw.verify.fingerprint`): the same command
line on the same code is the same run; changed code starts a new run, so a stored result
is never reused for code that did not produce it. Each finished case is a row keyed by (run, label). Rows are
written by the main process one chunk at a time, each chunk in one transaction, so a sweep
killed at any moment (even SIGKILL) loses at most the chunks in flight; started again with
the same arguments it skips the labels already stored, and its totals are recomputed from
the rows, so they equal an uninterrupted run's.

SQLite is the embedded default (no server; the standard library's ``sqlite3``). WAL mode
lets ``npw report`` read a store while a sweep writes to it.

>>> store = ResultStore(":memory:")
>>> run = store.run_id("1in3sat-to-224sat", {"random": 10, "seed": 1}, "f1" * 32, "npw 0.2.0 and 17 modules")
>>> store.done_labels(run)
set()
>>> run == store.run_id("1in3sat-to-224sat", {"random": 10, "seed": 1}, "f2" * 32, "npw 0.2.0 and 17 modules")
False
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Iterable

from npw.instances.base import InvalidInstance
from npw.instances.registry import get_problem
from npw.verify.check import CaseResult
from npw.verify.records import case_record  # noqa: F401  (the row format, kept importable here)
from npw.verify.sweep import Summary

__all__ = ["ResultStore", "SCHEMA", "case_record", "open_store"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    reduction TEXT NOT NULL,
    arguments TEXT NOT NULL,          -- canonical JSON of what defines the stream and the checks
    started REAL NOT NULL,
    UNIQUE (reduction, arguments)
);
CREATE TABLE IF NOT EXISTS cases (
    run INTEGER NOT NULL REFERENCES runs(id),
    label TEXT NOT NULL,
    source TEXT NOT NULL,             -- the source instance, the problem's JSON
    source_answer TEXT NOT NULL,
    target_answer TEXT NOT NULL,
    failures TEXT NOT NULL,           -- JSON list of [kind, detail]
    target_size TEXT NOT NULL,        -- JSON object
    times TEXT NOT NULL,              -- JSON object: decider -> seconds, "case" -> the whole case
    finished REAL NOT NULL,
    claims TEXT NOT NULL DEFAULT '{}',      -- JSON object: claim -> [passed, failed]
    deviations TEXT NOT NULL DEFAULT '[]',  -- JSON list of [claim, detail]: claims declared false that failed
    target_no_by TEXT NOT NULL DEFAULT '[]',  -- JSON list: the target deciders that said NO (a NO target)
    stuck TEXT NOT NULL DEFAULT '[]',         -- JSON list: undecided decider calls and how far they got
    coverage TEXT NOT NULL DEFAULT 'null',    -- JSON [size bucket, kinds of source element] or null
    PRIMARY KEY (run, label)
);
CREATE TABLE IF NOT EXISTS code (
    run INTEGER PRIMARY KEY REFERENCES runs(id),
    fingerprint TEXT NOT NULL,        -- SHA-256 of the code that decides the run
    covers TEXT NOT NULL              -- what it covers: npw's version and the modules
);
"""

# columns added after the first stores were written: added to an older store when it is opened
_ADDED_COLUMNS = {"claims": "TEXT NOT NULL DEFAULT '{}'", "deviations": "TEXT NOT NULL DEFAULT '[]'",
                  "target_no_by": "TEXT NOT NULL DEFAULT '[]'", "stuck": "TEXT NOT NULL DEFAULT '[]'",
                  "coverage": "TEXT NOT NULL DEFAULT 'null'"}


def _json(text: str) -> Any:
    """A stored JSON value; a row that is not valid JSON is a damaged store (one line, exit 2)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError, TypeError) as error:
        raise sqlite3.DatabaseError(f"a stored row is not valid JSON ({type(error).__name__})") from None


def open_store(path: str) -> "ResultStore":
    """The result store in the SQLite file ``path`` (created if new).

    Parameters
    ----------
    path : str
        The file (``":memory:"``: a store in memory).

    Returns
    -------
    ResultStore
        The open store; close it with :meth:`ResultStore.close`.

    Raises
    ------
    InvalidInstance
        When the file is not an SQLite database (one line: ``PATH: not a result store (...)``).

    Examples
    --------
    >>> open_store(":memory:").runs()
    []
    """
    try:
        return ResultStore(path)
    except sqlite3.DatabaseError as error:
        raise InvalidInstance(f"{path}: not a result store ({error})") from None


class ResultStore:
    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)
        present = {row[1] for row in self.db.execute("PRAGMA table_info(cases)")}
        with self.db:
            for column, declaration in _ADDED_COLUMNS.items():
                if column not in present:
                    self.db.execute(f"ALTER TABLE cases ADD COLUMN {column} {declaration}")

    def close(self) -> None:
        self.db.close()

    def run_id(self, reduction: str, arguments: dict, fingerprint: str, covers: str) -> int:
        """The run for this reduction, these arguments and this code fingerprint, created if new."""
        # the fingerprint is part of the run's identity: other code, another run
        canonical = json.dumps({**arguments, "code": fingerprint}, sort_keys=True)
        with self.db:
            self.db.execute("INSERT OR IGNORE INTO runs (reduction, arguments, started) VALUES (?, ?, ?)",
                            (reduction, canonical, time.time()))
            run = self.db.execute("SELECT id FROM runs WHERE reduction = ? AND arguments = ?",
                                  (reduction, canonical)).fetchone()[0]
            self.db.execute("INSERT OR IGNORE INTO code (run, fingerprint, covers) VALUES (?, ?, ?)",
                            (run, fingerprint, covers))
        return run

    def done_labels(self, run: int) -> set[str]:
        return {label for (label,) in self.db.execute("SELECT label FROM cases WHERE run = ?", (run,))}

    def add(self, run: int, records: Iterable[tuple]) -> None:
        """Stores one chunk's records in one transaction (all or nothing)."""
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO cases (run, label, source, source_answer, target_answer, "
                                "failures, target_size, times, finished, claims, deviations, target_no_by, stuck, "
                                "coverage) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                [(run, *record) for record in records])

    def summary(self, run: int, source_type: Any = None) -> Summary:
        """The run's totals, recomputed from its rows; failing cases' sources are rebuilt with
        ``source_type.from_dict`` (by default the registered reduction's source problem)."""
        reduction, = self.db.execute("SELECT reduction FROM runs WHERE id = ?", (run,)).fetchone()
        summary = Summary(reduction)
        rows = self.db.execute("SELECT label, source, source_answer, target_answer, failures, target_size, times, "
                               "claims, deviations, target_no_by, stuck, coverage FROM cases WHERE run = ? "
                               "ORDER BY rowid", (run,))
        from npw.reductions.registry import get_reduction
        from npw.solvers.result import Answer

        for (label, source, source_answer, target_answer, failures, target_size, times, claims, deviations,
             target_no_by, stuck, coverage) in rows:
            case = CaseResult(Answer(source_answer), Answer(target_answer),
                              [tuple(f) for f in _json(failures)], _json(target_size), _json(times),
                              _json(claims), [tuple(d) for d in _json(deviations)],
                              target_no_by=_json(target_no_by), stuck=_json(stuck))
            if source_type is None:
                source_type = get_problem(get_reduction(reduction).source).instance_type
            if case.failures:
                source_object = source_type.from_dict(_json(source))
            else:
                # a passing case's source is only counted (its size, its kinds of element), not kept
                try:
                    source_object = source_type.from_dict(_json(source))
                except InvalidInstance:
                    source_object = None
            covered = _json(coverage)  # null in rows stored before coverage was counted
            summary.add(label, source_object, case, None if covered is None else (covered[0], covered[1]))
        return summary

    def runs(self) -> list[dict]:
        """Every run in the store with its totals, oldest first."""
        result = []
        for run, reduction, arguments, started in self.db.execute(
                "SELECT id, reduction, arguments, started FROM runs ORDER BY id").fetchall():
            counts = dict(self.db.execute(
                "SELECT source_answer || '->' || target_answer, COUNT(*) FROM cases WHERE run = ? GROUP BY 1",
                (run,)).fetchall())
            failing = self.db.execute("SELECT COUNT(*) FROM cases WHERE run = ? AND failures != '[]'",
                                      (run,)).fetchone()[0]
            seconds = self.db.execute("SELECT MIN(finished), MAX(finished) FROM cases WHERE run = ?",
                                      (run,)).fetchone()
            code = self.db.execute("SELECT fingerprint, covers FROM code WHERE run = ?", (run,)).fetchone()
            given = _json(arguments)
            given.pop("code", None)
            result.append({"run": run, "reduction": reduction, "arguments": given,
                           "started": started, "cases": sum(counts.values()), "confusion": counts,
                           "failing_cases": failing,
                           "last_case": seconds[1],
                           # runs stored before code fingerprints existed have none
                           "fingerprint": code[0] if code else None, "covers": code[1] if code else None})
        return result
