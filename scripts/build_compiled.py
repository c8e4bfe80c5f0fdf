"""Compile the game engines with mypyc, beside their sources (see rules/compiled.py).

    .venv/bin/python scripts/build_compiled.py [--force]

Run by scripts/setup-env on every call: when ``rules/compiled-build.json`` already matches
today's sources and interpreter it returns at once. Otherwise it compiles a copy of ``rules/``
in a temporary folder (so a failed build leaves nothing behind), then puts the binaries beside
the sources and writes the record. Without a C compiler, or if mypyc refuses, it says so and the
engines run from their sources (slower computer players, same games); with
``TAVOLA_REQUIRE_COMPILED=1`` (CI) that is an error instead.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.compiled import MANIFEST, RULES, interpreter_tag, sources_digest, usable_build  # noqa: E402

COMPILED = (
    "rules/moves_base.py",
    "rules/rollout.py",
    "rules/lancaster/*.py",
    "rules/lorenzo/*.py",
    "rules/lorenzo/houses/*.py",
)
"""The modules compiled (package ``__init__`` files are not: they stay small and importable
first). Everything else in rules/ runs from source and is called from the compiled code."""

GROUP = "tavola_rules"
"""mypyc's shared library is ``tavola_rules__mypyc``; every compiled module imports it."""

SETUP = """
import glob, sys
from setuptools import setup
from mypyc.build import mypycify
paths = sorted(p for pattern in sys.argv[1].split(",") for p in glob.glob(pattern)
               if not p.endswith("__init__.py"))
setup(name="tavola-compiled", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(paths, opt_level="3", group_name="{group}"))
"""


def up_to_date() -> bool:
    """The record vouches for today's sources and interpreter (what the engines' own loader
    checks, ``rules.compiled.usable_build``) and for today's compiled list."""
    if not usable_build(environ={})[0]:
        return False
    return bool(json.loads(MANIFEST.read_text(encoding="utf-8")).get("compiled") == list(COMPILED))


def remove_old_build() -> None:
    """No binary may outlive the record that vouches for it."""
    MANIFEST.unlink(missing_ok=True)
    for binary in [*RULES.rglob(f"*{interpreter_tag()}"), *ROOT.glob(f"{GROUP}__mypyc*")]:
        binary.unlink()


def compile_copy(work: Path) -> dict[str, str]:
    """Compile a copy of rules/ under ``work``; returns module name -> binary path relative to
    the folder holding rules/ (where the shared library goes). Raises CalledProcessError."""
    # (Only the Python files matter to mypyc: no binaries, caches, records or game data.)
    shutil.copytree(RULES, work / "rules", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", work / "pyproject.toml")  # mypy's settings
    (work / "setup_compiled.py").write_text(SETUP.format(group=GROUP), encoding="utf-8")
    subprocess.run(
        [sys.executable, "setup_compiled.py", ",".join(COMPILED)],
        cwd=work,
        check=True,
        capture_output=True,
        text=True,
    )
    binaries: dict[str, str] = {}
    for binary in sorted(work.rglob(f"*{interpreter_tag()}")):
        if "build" in binary.relative_to(work).parts:
            continue
        relative = binary.relative_to(work)
        name = ".".join((*relative.parts[:-1], relative.name.split(".")[0]))
        binaries[name] = relative.as_posix()  # (the shared library is a top-level module)
    return binaries


def build() -> None:
    remove_old_build()
    print("compiling the engines with mypyc (a minute or two, again only when rules/ changes)...", flush=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tavola-compile-") as folder:
        work = Path(folder)
        binaries = compile_copy(work)
        digest = sources_digest(work / "rules")  # of what was compiled, whatever changed since
        for file in binaries.values():
            shutil.copy(work / file, ROOT / file)
    record = {**this_build(), "sources": digest, "binaries": binaries}
    MANIFEST.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    took = time.monotonic() - started
    print(f"compiled engine: {len(binaries) - 1} modules built with mypyc in {took:.0f} s")


FAILED = RULES / "compiled-failed.json"
"""The sources and interpreter a build last failed for: the next start does not try again (and
say it all again) until one of them changes; ``--force`` tries anyway."""


def this_build() -> dict[str, object]:
    """What a build is for: the compiled list (another list: build again), the interpreter,
    today's sources."""
    return {"compiled": list(COMPILED), "interpreter": interpreter_tag(), "sources": sources_digest()}


def failed_before() -> bool:
    try:
        failed = json.loads(FAILED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(failed == this_build())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even when up to date")
    args = parser.parse_args()
    required = bool(os.environ.get("TAVOLA_REQUIRE_COMPILED"))
    if not args.force and up_to_date():
        return 0
    if not args.force and not required and failed_before():
        print("compiled engine: not built (it failed for these sources; --force tries again)")
        return 0
    try:
        build()
    except (OSError, subprocess.CalledProcessError) as error:
        remove_old_build()
        FAILED.write_text(json.dumps(this_build()) + "\n", encoding="utf-8")
        detail = getattr(error, "stderr", "") or getattr(error, "stdout", "") or str(error)
        print(detail.strip()[-3000:], file=sys.stderr)
        print(
            "compiled engine: NOT built (see above); the engines run from their Python sources,"
            " which plays the same games with slower computer players.",
            file=sys.stderr,
        )
        return 1 if required else 0
    FAILED.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
