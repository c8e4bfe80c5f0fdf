"""Which engine code runs: the compiled build of the rules (mypyc), or the Python sources.

The game engines are plain typed Python. ``scripts/build_compiled.py`` (run by
``scripts/setup-env``) compiles the modules it lists with mypyc, a compiler for type-annotated
Python, into extension modules beside their sources (``engine.cpython-311-….so`` next to
``engine.py``; mypyc's shared library beside the ``rules`` folder), and writes
``compiled-build.json``: a digest of every ``.py`` under ``rules/`` at build time, the
interpreter the build is for, and the binaries. The compiled code does what the sources say,
about 1.5x faster (issue 10: computer players think with random playouts); a test plays seeded
games both ways and finds the same states.

``install`` (called by ``rules/__init__`` before any engine module is imported) puts a finder
first on ``sys.meta_path`` that decides, for every module under ``rules``, which file is loaded:

- the binary, when the build's digest matches today's sources and interpreter;
- otherwise the ``.py`` source, never a binary. Python would otherwise prefer a ``.so`` beside
  a ``.py`` whatever its age, so an edited engine would silently run its old compiled self.
  A stale or missing build is not an error: the sources run (slower), and ``STATUS`` says why.

``TAVOLA_PURE=1`` in the environment runs the sources whatever is built (tests compare the two).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

RULES = Path(__file__).resolve().parent
MANIFEST = RULES / "compiled-build.json"
"""Written by scripts/build_compiled.py beside the binaries; never committed."""

STATUS = "pure Python: not checked yet"
"""One line for logs and benchmarks: which engine code runs, and why."""


def sources_digest(root: Path = RULES) -> str:
    """SHA-256 over every ``.py`` under ``root`` (paths and contents, in a fixed order): a
    compiled module may depend on any of them (mypyc compiles calls between them natively)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def interpreter_tag() -> str:
    """The binaries' file ending for this interpreter (``.cpython-311-x86_64-linux-gnu.so``)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def usable_build(root: Path = RULES, environ: dict[str, str] | None = None) -> tuple[dict[str, Path], str]:
    """(module name -> binary, status line): the binaries to load, none when the build is
    missing, stale, for another interpreter or switched off."""
    env = os.environ if environ is None else environ
    if env.get("TAVOLA_PURE"):
        return {}, "pure Python: TAVOLA_PURE is set"
    manifest = root / "compiled-build.json"
    if not manifest.is_file():
        return {}, "pure Python: no compiled build (scripts/setup-env builds one where a C compiler is)"
    try:
        build = json.loads(manifest.read_text(encoding="utf-8"))
        # Paths from the folder holding rules/: mypyc's shared library sits there, beside the
        # package, as its compiled modules expect (they name their files from its place).
        binaries = {name: root.parent / file for name, file in build["binaries"].items()}
        if build["interpreter"] != interpreter_tag():
            return {}, "pure Python: the compiled build is for another Python"
        if build["sources"] != sources_digest(root):
            return {}, "pure Python: the rules changed since the compiled build (setup-env rebuilds it)"
    except (OSError, ValueError, KeyError, TypeError):
        return {}, "pure Python: the compiled build's record is unreadable"
    if not all(path.is_file() for path in binaries.values()):
        return {}, "pure Python: files of the compiled build are missing"
    modules = sum(1 for name in binaries if name.startswith("rules."))
    return binaries, f"compiled (mypyc): {modules} modules"


class _Chooser(importlib.abc.MetaPathFinder):
    """Loads each module under ``rules`` from the file ``usable_build`` chose (see the module's
    text); leaves every other module to Python's own finders."""

    def __init__(self, binaries: dict[str, Path]) -> None:
        self.binaries = binaries

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        binary = self.binaries.get(fullname)
        if binary is not None:
            loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
            return importlib.util.spec_from_file_location(fullname, binary, loader=loader)
        if not fullname.startswith("rules.") or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = Path(folder) / f"{leaf}.py"
            if source.is_file():  # the source, even where a binary lies beside it
                return importlib.util.spec_from_file_location(fullname, source)
        return None  # a package (its __init__.py): Python's own finders, which prefer no binary


def install() -> None:
    """Choose the engine code once per process, before any engine module is imported."""
    global STATUS
    if any(isinstance(finder, _Chooser) for finder in sys.meta_path):
        return
    binaries, STATUS = usable_build()
    sys.meta_path.insert(0, _Chooser(binaries))
