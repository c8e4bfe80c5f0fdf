"""Run a command (the test suite) with a PostgreSQL server for the tests' PostgreSQL half.

usage: python scripts/with_postgres.py [--throwaway] COMMAND [ARG...]

Where the server comes from, first that works:
1. ``TEST_DATABASE_URL``, or a server answering at the ``PG*`` environment variables or at
   postgresql://postgres@127.0.0.1:5432/postgres (``tests/postgres.locate``). The tests create
   their own databases on it and drop them; nothing else there is touched.
2. Otherwise (or with ``--throwaway``) a throw-away server from the distribution's PostgreSQL
   packages, when they are installed (``initdb`` and ``pg_ctl`` on PATH or under
   /usr/lib/postgresql/*/bin): initdb into a new temporary folder, listening only on a Unix socket
   in that folder (no TCP port, so nothing to collide with), durability off (its data is thrown
   away); stopped and deleted when COMMAND ends. As root it runs as the ``postgres`` system user,
   since PostgreSQL refuses to run as root.
3. Neither: COMMAND runs with the PostgreSQL half off, and this says so plainly, before and (in
   pytest's summary) after. ``TAVOLA_REQUIRE_POSTGRES=1`` (CI) makes that an error.
Nothing is installed here.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import postgres  # after the path: the repository root is not installed

PORT = 5432  # only names the socket file inside the private folder


def say(text: str) -> None:
    print(f"with_postgres: {text}", file=sys.stderr, flush=True)


def server_programs() -> Path | None:
    """The folder holding initdb and pg_ctl, newest version first; None if not installed."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def as_server_user() -> tuple[list[str], int | None]:
    """The command prefix (and uid to own the folder) that runs server programs; PostgreSQL
    refuses root, so root runs them as the ``postgres`` system user."""
    if os.geteuid() != 0:
        return [], None
    try:
        uid = pwd.getpwnam("postgres").pw_uid
    except KeyError as exc:
        raise RuntimeError("running as root and there is no 'postgres' user to run the server") from exc
    runuser = shutil.which("runuser")
    if runuser is None:
        raise RuntimeError("running as root and runuser is missing")
    return [runuser, "-u", "postgres", "--"], uid


@contextmanager
def throwaway_server(programs: Path) -> Iterator[str]:
    prefix, uid = as_server_user()
    folder = Path(tempfile.mkdtemp(prefix="tavola-pg-"))
    if uid is not None:
        os.chown(folder, uid, -1)
    data, log = folder / "data", folder / "server.log"
    run = prefix
    try:
        initdb = [str(programs / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"]
        initdb += ["--no-sync", "-E", "UTF8", "--locale=C"]  # thrown away: no need to reach the disk
        subprocess.run([*run, *initdb], check=True, capture_output=True, text=True)
        settings = f"-c listen_addresses='' -k {folder} -p {PORT} -c fsync=off -c full_page_writes=off"
        subprocess.run(
            [*run, str(programs / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-o", settings, "start"],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        yield f"postgresql://postgres@/postgres?host={folder}&port={PORT}"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [*run, str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                capture_output=True,
            )
        shutil.rmtree(folder, ignore_errors=True)


def run_with(command: list[str], env: dict[str, str]) -> int:
    return subprocess.call(command, env=env)


def main(argv: list[str]) -> int:
    force = bool(argv) and argv[0] == "--throwaway"
    command = argv[1:] if force else argv
    if not command:
        print(__doc__, file=sys.stderr)
        return 2
    env = dict(os.environ)
    required = env.get(postgres.REQUIRE_VAR) == "1"
    if not force:
        try:
            url, how = postgres.locate()
        except postgres.NoPostgres as exc:
            say(str(exc))
            return 2
        if url is not None:
            say(f"PostgreSQL half on {how}")
            return run_with(command, {**env, postgres.URL_VAR: url})
        say(f"no PostgreSQL server answers ({how})")
    programs = server_programs()
    if programs is not None:
        try:
            with throwaway_server(programs) as url:
                say(f"PostgreSQL half on a throw-away server from {programs} ({url})")
                return run_with(command, {**env, postgres.URL_VAR: url})
        except (subprocess.CalledProcessError, RuntimeError, OSError) as exc:
            detail = getattr(exc, "stderr", "") or ""
            reason = f"could not start a throw-away server: {exc} {' '.join(detail.split())[-300:]}"
    else:
        reason = "PostgreSQL's server programs (initdb, pg_ctl) are not installed"
    if required:
        say(f"{postgres.REQUIRE_VAR}=1 but the PostgreSQL half cannot run: {reason}")
        return 1
    say(f"PostgreSQL half NOT RUN: {reason}")
    return run_with(command, {**env, postgres.OFF_VAR: reason})


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
