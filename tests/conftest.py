"""The whole suite: what its skips mean, and ``BONEPILE_TESTS_REQUIRE_ALL``.

A skip here always means the machine lacks something a test needs (``environment_helpers``: a Python
module of an optional extra, Playwright, Chromium, tmux, redis-server, a PostgreSQL server). On a
developer's machine those tests are skipped, and the run's last line says how many and why.
With ``BONEPILE_TESTS_REQUIRE_ALL=1`` (``.ci/run`` sets it) nothing may be missing: every such skip, of a
test or of a whole module at collection, is a failure that names what is missing. Only a skip whose
reason starts with ``environment_helpers.DELIBERATE`` is kept as a skip under the switch.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Generator, Iterator
from typing import Any

import pytest
from environment_helpers import CHROMIUM, CHROMIUM_ARGS, DELIBERATE, require, require_module

REQUIRE_ALL = "BONEPILE_TESTS_REQUIRE_ALL"


def required_all() -> bool:
    return os.environ.get(REQUIRE_ALL, "") not in ("", "0")


def skip_reason(report: pytest.CollectReport | pytest.TestReport) -> str:
    """The reason a skipped report gives, without pytest's ``Skipped: `` prefix."""
    longrepr: Any = report.longrepr
    reason = str(longrepr[2]) if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return reason.removeprefix("Skipped: ")


def refuse_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    """Under the switch, a skip for something missing becomes a failure saying what."""
    if not (required_all() and report.skipped) or hasattr(report, "wasxfail"):
        return
    reason = skip_reason(report)
    if reason.startswith(DELIBERATE):
        return
    report.outcome = "failed"
    report.longrepr = f"{REQUIRE_ALL}=1, so nothing may be missing, but this was skipped: {reason}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    report = yield
    refuse_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, Any]:
    report = yield
    refuse_skip(report)
    return report


def pytest_unconfigure(config: pytest.Config) -> None:
    """The run's last line: how many were skipped, and why (most frequent reason first)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or hasattr(config, "workerinput"):  # an xdist worker: the controller reports
        return
    skipped = [r for r in reporter.stats.get("skipped", []) if not hasattr(r, "wasxfail")]
    if not skipped:
        return
    reasons = Counter(skip_reason(r) for r in skipped)
    why = "; ".join(f"{count} {reason}" for reason, count in reasons.most_common())
    hint = "" if required_all() else f" ({REQUIRE_ALL}=1 makes these failures)"
    reporter.write_line(f"{len(skipped)} skipped{hint}: {why}", yellow=True, bold=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium per test process, for every folder's browser tests (Playwright's sync API allows one
    running instance a process: two folders each starting their own would fail in the same worker)."""
    sync_playwright = require_module("playwright.sync_api", "Playwright (the test extra)").sync_playwright
    require(CHROMIUM.exists(), f"Chromium at {CHROMIUM} (Debian package chromium; .ci/run installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
