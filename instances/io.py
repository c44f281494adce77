"""Reading and writing instance files: JSON (every problem) and DIMACS CNF."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from npw.instances.base import InvalidInstance, dumps, write_atomically
from npw.instances.registry import instance_from_dict


def read_text(path: str | os.PathLike) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInstance("no such file") from None
    except IsADirectoryError:
        raise InvalidInstance("is a directory, not a file") from None
    except UnicodeDecodeError:
        raise InvalidInstance("not a UTF-8 text file") from None
    except OSError as error:
        raise InvalidInstance(error.strerror or str(error)) from None


def load_instance(path: str | os.PathLike) -> Any:
    """Reads and validates an instance file: ``.cnf``/``.dimacs`` as DIMACS CNF, ``.hcp`` as a
    TSPLIB Hamiltonian cycle problem (read as a ``hampath`` instance), anything else as JSON.

    >>> import os, tempfile
    >>> from npw.instances.sat.one_in_three_sat import OneInThreeSat
    >>> folder = tempfile.mkdtemp()
    >>> save_instance(OneInThreeSat(3, [(1, 2, 3)]), os.path.join(folder, "f.json"))
    >>> load_instance(os.path.join(folder, "f.json"))
    OneInThreeSat(num_vars=3, clauses=[[1, 2, 3]])
    >>> load_instance(os.path.join(folder, "missing.json"))
    Traceback (most recent call last):
        ...
    npw.instances.base.InvalidInstance: no such file
    >>> import shutil; shutil.rmtree(folder)
    """
    text = read_text(path)
    if str(path).endswith((".cnf", ".dimacs")):
        from npw.instances.sat.cnf import CNF

        return CNF.from_dimacs(text)
    if str(path).endswith(".hcp"):
        from npw.instances.hampath.hcp import from_hcp

        return from_hcp(text)
    from npw.instances.validation import parse_json

    return instance_from_dict(parse_json(text))


def save_instance(instance: Any, path: str | os.PathLike) -> None:
    """Writes the instance as JSON (DIMACS for a CNF saved as ``.cnf``), whole or not at all."""
    if str(path).endswith((".cnf", ".dimacs")) and instance.problem in ("cnf", "3sat"):
        write_atomically(path, instance.to_dimacs())
    elif str(path).endswith(".hcp") and instance.problem.startswith("hampath"):
        from npw.instances.hampath.hcp import to_hcp

        write_atomically(path, to_hcp(instance))
    else:
        write_atomically(path, dumps(instance.to_dict()))
