"""Skips for something the machine lacks (a library, a program, a server): made here, so that they say what is
missing, and so that ``BONEPILE_TESTS_REQUIRE_ALL=1`` (set by ``.ci/run``) turns each into a failure
(``tests/conftest.py``).

Every skip in this suite is of that kind: a test skipped by anything else fails under the switch too, unless
its reason starts with ``DELIBERATE`` (a skip that would hold on any machine; there is none today).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

MISSING = "missing: "
"""How the reason of a skip for something missing begins."""
DELIBERATE = "deliberate: "
"""How the reason of a skip that is not about the machine begins (kept under BONEPILE_TESTS_REQUIRE_ALL)."""


def require_module(name: str, what: str | None = None) -> ModuleType:
    """The module ``name``, or a skip of the module or test that needs it (``what``: how to get it)."""
    __tracebackhide__ = True  # the skip is reported where the test module asked
    reason = f"{MISSING}the Python module {name}" + (f" ({what})" if what else "")
    return pytest.importorskip(name, reason=reason)


def require(present: bool, what: str) -> None:
    """Skip the test unless ``present``; ``what`` names what is missing."""
    __tracebackhide__ = True
    if not present:
        pytest.skip(f"{MISSING}{what}")


def unless(present: bool, what: str) -> pytest.MarkDecorator:
    """A mark that skips the test (or a module's tests) unless ``present``; ``what`` names what is missing."""
    return pytest.mark.skipif(not present, reason=f"{MISSING}{what}")


def program(name: str, *also: Path) -> str | None:
    """Where the program ``name`` is, on the PATH or at one of ``also``; None when nowhere."""
    return shutil.which(name) or next((str(path) for path in also if path.exists()), None)


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium: the browser of every browser test (a browser Playwright downloads cannot work here)."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
