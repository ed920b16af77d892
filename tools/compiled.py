"""The optional compiled engine: the Dominoes engine's typed modules built by mypyc, beside the pure source.

Why it exists: the pure-Python engine is the reference and what every install runs; a C build of the
same modules, unchanged, plays the same games faster (docs/performance.md) for those who have a C
compiler and want the speed (benchmarks, AI training, long arena runs). It never shadows the source:
``build`` writes a copy of the ``bonepile`` package to ``build/compiled/`` with the compiled modules
(``.so``) next to their ``.py``, and a program uses it only when asked, through its path first:

    make compiled                                   # or: .venv/bin/python tools/compiled.py build
    PYTHONPATH=build/compiled .venv/bin/bonepile ...

``test`` builds it when it can and runs the compiled games' test folders against it (``make test`` does
this after the whole suite on the pure engine). A machine without a C compiler or the Python headers
gets a clear message: ``build`` fails with it, ``test`` prints it and skips, unless
``BONEPILE_TESTS_REQUIRE_ALL`` is set (CI), where nothing may be missing.

The C extensions are kept in ``build/compiled/.cache/<key>``, keyed by the compiled modules' sources and
the Python and mypy versions, so a rebuild happens only when one of those changes; the copy of the rest
of the package is refreshed on every ``build``, so it is never older than the source.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "bonepile"
BUILD = ROOT / "build" / "compiled"
CACHE = BUILD / ".cache"

MODULES: tuple[str, ...] = (
    "bonepile/core/bits.py",
    "bonepile/dominoes/_tiles.py",
    "bonepile/dominoes/_masks.py",
    "bonepile/dominoes/_layout.py",
    "bonepile/dominoes/_position.py",
    "bonepile/dominoes/_hand.py",
)
"""What mypyc compiles: the Dominoes engine below ``Game`` (the deal, the moves, the layout, the scoring).

Left pure, and why:

* ``dominoes/_values.py``: a compiled frozen dataclass does not survive ``pickle`` or ``copy.deepcopy``,
  and its ``Event``, ``HandOutcome`` and ``Observation`` travel inside a copied or pickled hand
  (OpenSpiel's clones, the rooms' process pool);
* ``dominoes/_rules.py``: a compiled dataclass checks each field's type in ``__init__`` (a ``TypeError``)
  before ``Rules`` can refuse a bad option from a record or a form with its ``RulesError`` naming it;
* ``dominoes/_game.py``: its ``Game`` extends ``core.match.Match``, and a compiled class cannot extend an
  interpreted one;
* ``core/match.py``: the Tri-Ominos and Mexican Train games extend ``Match`` too, and an interpreted class
  cannot extend a compiled one; ``core/errors.py``: other modules extend its errors, likewise;
* ``core/protocol.py``: mypyc makes its ``Protocol`` classes ordinary ones, which ``@runtime_checkable``
  refuses.

None of them is on the path of a move. The Tri-Ominos and Mexican Train engines are not compiled yet.
"""

TEST_FOLDERS: tuple[str, ...] = ("tests/dominoes", "tests/envs")
"""The test folders run a second time against the compiled build: its games' own, and the research interfaces
(OpenSpiel clones and serializes states, which is where a compiled class first behaved differently)."""

MIN_MYPY = (1, 18)
"""mypyc makes an instance without ``__init__`` through a class's own ``__new__`` from mypy 1.18 on."""


class Unavailable(Exception):
    """This machine cannot build the compiled engine; the message says what is missing."""


def missing() -> str | None:
    """What the build lacks here (a C compiler, the Python headers, mypy with mypyc), or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler!r} is not on PATH (Debian: apt-get install gcc)"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        return f"no Python headers: {include} is missing (Debian: apt-get install python3-dev)"
    try:
        version = importlib.metadata.version("mypy")
    except importlib.metadata.PackageNotFoundError:
        return "mypy (which ships mypyc) is not installed: pip install -e '.[test]'"
    numbers = tuple(int(part) for part in version.split(".")[:2] if part.isdigit())
    if numbers < MIN_MYPY:
        return f"mypy {version} is too old for this build: mypy>={'.'.join(map(str, MIN_MYPY))} is needed"
    if importlib.util.find_spec("setuptools") is None:  # mypyc builds through it; Python 3.12's venvs lack it
        return "setuptools (which mypyc builds with) is not installed: pip install -e '.[test]'"
    return None


def cache_key() -> str:
    digest = hashlib.sha256()
    digest.update(f"{sys.version} {importlib.metadata.version('mypy')}".encode())
    for module in MODULES:
        digest.update(module.encode())
        digest.update((SOURCE.parent / module).read_bytes())
    return digest.hexdigest()[:20]


def compile_modules(into: Path) -> float:
    """Run mypyc on ``MODULES`` in a scratch copy of the package; keep the extensions in ``into``."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bonepile-mypyc-") as scratch:
        work = Path(scratch)
        shutil.copytree(SOURCE, work / "bonepile", ignore=shutil.ignore_patterns("__pycache__"))
        command = [sys.executable, "-m", "mypyc", *MODULES]
        result = subprocess.run(command, cwd=work, capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
            raise SystemExit(f"mypyc failed (exit {result.returncode}): {' '.join(command)}")
        staging = into.with_name(into.name + ".part")
        shutil.rmtree(staging, ignore_errors=True)
        for built in work.rglob("*.so"):
            if "build" in built.relative_to(work).parts[:1]:
                continue  # setuptools' own copies under build/lib.*
            target = staging / built.relative_to(work)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, target)
        staging.rename(into)
    return time.perf_counter() - start


def build(quiet: bool = False) -> Path:
    """``build/compiled``: a fresh copy of the package with the compiled modules in it; compiles when needed."""
    reason = missing()
    if reason is not None:
        raise Unavailable(reason)
    extensions = CACHE / cache_key()
    if not extensions.is_dir():
        shutil.rmtree(CACHE, ignore_errors=True)
        CACHE.mkdir(parents=True)
        if not quiet:
            print(f"compiling {len(MODULES)} engine modules with mypyc ...", flush=True)
        seconds = compile_modules(extensions)
        if not quiet:
            print(f"compiled in {seconds:.0f} s", flush=True)
    package = BUILD / "bonepile"
    shutil.rmtree(package, ignore_errors=True)
    for stale in BUILD.glob("*.so"):
        stale.unlink()
    shutil.copytree(SOURCE, package, ignore=shutil.ignore_patterns("__pycache__"))
    for built in extensions.rglob("*.so"):
        target = BUILD / built.relative_to(extensions)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)
    if not quiet:
        print(f"compiled engine in {BUILD}: use it with PYTHONPATH={BUILD.relative_to(ROOT)}")
    return BUILD


def check_loaded(env: dict[str, str]) -> None:
    """Fail unless the build's modules really import compiled (a stale or partial build would test the pure ones)."""
    names = [module.removesuffix(".py").replace("/", ".") for module in MODULES]
    probe = f"import importlib; print(' '.join(importlib.import_module(n).__file__ for n in {names!r}))"
    files = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    pure = [path for path in files.stdout.split() if not path.endswith(".so")]
    if pure:
        raise SystemExit(f"the compiled build imports pure modules: {', '.join(pure)}")


def test(pytest_args: list[str]) -> int:
    """The compiled games' tests against the build; a machine that cannot build skips them (CI fails)."""
    try:
        where = build(quiet=True)
    except Unavailable as error:
        if os.environ.get("BONEPILE_TESTS_REQUIRE_ALL", "") not in ("", "0"):
            print(f"the compiled engine cannot be built here: {error}", file=sys.stderr)
            return 1
        print(f"compiled engine tests skipped: {error}")
        return 0
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(where), *filter(None, [env.get("PYTHONPATH")])])
    check_loaded(env)
    print(f"the compiled engine ({where.relative_to(ROOT)}): {' '.join(TEST_FOLDERS)}", flush=True)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *pytest_args, *TEST_FOLDERS]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("action", choices=("build", "test", "check"), help="build it; test it; say if it can be built")
    parser.add_argument("pytest_args", nargs=argparse.REMAINDER, help="for test: pytest's options (e.g. -n auto -q)")
    args = parser.parse_args()
    if args.action == "check":
        reason = missing()
        print(reason or "the compiled engine can be built here")
        return 0 if reason is None else 1
    if args.action == "test":
        return test(args.pytest_args)
    try:
        build()
    except Unavailable as error:
        print(f"the compiled engine cannot be built here: {error}; the pure engine needs none of this", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
