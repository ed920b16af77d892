"""The optional compiled engine's build script (tools/compiled.py): what a machine without a compiler sees.

The pure engine needs no compiler; the compiled one is opt-in. These tests make the build's checks fail on
purpose and assert that ``build`` stops with a message naming what is missing, and that ``test`` (the second
run of ``make test``) skips with that message, except under ``BONEPILE_TESTS_REQUIRE_ALL``, where CI fails.
"""

from __future__ import annotations

import importlib.util
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "compiled.py"


@pytest.fixture
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compiled_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_compiler_is_named(tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sysconfig, "get_config_var", lambda name: "no-such-cc -pthread" if name == "CC" else None)
    reason = tool.missing()
    assert reason is not None and "no C compiler" in reason and "no-such-cc" in reason
    with pytest.raises(tool.Unavailable, match="no C compiler"):
        tool.build(quiet=True)


def test_no_headers_are_named(tool: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    paths = dict(sysconfig.get_paths(), include=str(tmp_path))
    monkeypatch.setattr(sysconfig, "get_paths", lambda: paths)
    monkeypatch.setattr(tool.shutil, "which", lambda name: f"/usr/bin/{name}")  # a compiler, whatever this machine has
    reason = tool.missing()
    assert reason is not None and "no Python headers" in reason and str(tmp_path) in reason


def test_test_run_skips_without_a_compiler_but_ci_fails(
    tool: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tool, "missing", lambda: "no C compiler: 'cc' is not on PATH")
    monkeypatch.delenv("BONEPILE_TESTS_REQUIRE_ALL", raising=False)
    assert tool.test([]) == 0
    assert "compiled engine tests skipped: no C compiler" in capsys.readouterr().out
    monkeypatch.setenv("BONEPILE_TESTS_REQUIRE_ALL", "1")
    assert tool.test([]) == 1
    assert "cannot be built here: no C compiler" in capsys.readouterr().err


def test_the_compiled_modules_are_engine_modules_that_exist(tool: ModuleType) -> None:
    source = TOOL.parents[1] / "src"
    assert tool.MODULES, "nothing would be compiled"
    for module in tool.MODULES:
        assert (source / module).is_file(), module
        assert module.startswith(("bonepile/dominoes/", "bonepile/core/")), module
