"""Build the compiled copy of the package: the hot modules turned into C extensions by mypyc.

The source tree stays pure Python. This script copies ``src/lastcall`` to a
folder of its own (``build/compiled`` by default) and compiles there the
modules that random play, search, views and observations spend their time in:
the core's state, events, generator and action space, and each game's state,
flow, view, knowledge and game modules. Putting that folder first on
``PYTHONPATH`` runs the compiled build; without it the source runs unchanged,
so an edit is never hidden by a stale extension.

A build is skipped when the copy was made from the same sources with the same
compiler and Python. Where no C compiler is found, or the build fails, the
script says so and removes the copy (exit status 0, so ``make run`` goes on in
pure Python); ``--require`` makes that an error, for CI.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "lastcall"
RULES = ROOT / "docs" / "rules"
"""The rules documents, which the copy carries as ``lastcall/_rules`` as a wheel does."""
STAMP = ".compiled-from"
GAMES = ("barista", "bartender", "distilled", "on_the_rocks", "the_mix")
GAME_MODULES = ("state", "flow", "view", "knowledge", "game")
# Modules left interpreted: ``actions`` and ``errors`` subclass ``tuple`` and the
# builtin exceptions (which mypyc cannot compile); the rest runs once per command
# or per page.
MODULES = (
    "bots/search.py",
    "core/events.py",
    "core/observe.py",
    "core/rng.py",
    "core/space.py",
    "core/state.py",
    *(f"games/{game}/{module}.py" for game in GAMES for module in GAME_MODULES),
    "games/the_mix/automaton.py",
    "games/the_mix/design.py",
    # The learning environments' observations and masks, where NumPy is installed
    # (``lastcall[rl]``): mypyc reads the modules a compiled one imports.
    *(("envs/common.py",) if importlib.util.find_spec("numpy") else ()),
)


def fingerprint() -> str:
    """What the compiled copy depends on: every source file, mypy's version, the Python."""
    import mypy.version

    digest = hashlib.sha256()
    digest.update(f"{mypy.version.__version__} {sys.version} {MODULES}".encode())
    for folder in (SOURCE, RULES):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def compiler_found() -> bool:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None


def build(target: Path) -> None:
    """Copy the package into ``target`` and compile the listed modules in place there."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(SOURCE, target / "lastcall", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(RULES, target / "lastcall" / "_rules")
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "paths = sys.argv[1:]\n"
        "setup(name='lastcall-compiled', packages=[], ext_modules=mypycify(paths, "
        "opt_level='3', multi_file=True), script_args=['build_ext', '--inplace', '-j', "
        f"'{os.cpu_count() or 1}'])\n"
    )
    paths = [f"lastcall/{module}" for module in MODULES]
    env = {**os.environ, "MYPYC_OPT_LEVEL": "3"}
    done = subprocess.run(
        [sys.executable, "-c", script, *paths],
        cwd=target,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise RuntimeError(f"mypyc exited with status {done.returncode}")
    shutil.rmtree(target / "build", ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", nargs="?", default=str(ROOT / "build" / "compiled"))
    parser.add_argument("--require", action="store_true", help="fail if it cannot be built")
    args = parser.parse_args()
    target = Path(args.target)
    wanted = fingerprint()
    stamp = target / STAMP
    if stamp.exists() and stamp.read_text() == wanted:
        print(f"compiled build in {target} is up to date")
        return 0
    problem = None
    if not compiler_found():
        problem = "no C compiler found"
    else:
        try:
            build(target)
        except (OSError, RuntimeError) as exc:
            problem = f"the build failed ({exc})"
    if problem:
        shutil.rmtree(target, ignore_errors=True)
        print(f"compiled build: {problem}; the pure-Python modules run", file=sys.stderr)
        return 1 if args.require else 0
    stamp.write_text(wanted)
    print(f"compiled build ready in {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
