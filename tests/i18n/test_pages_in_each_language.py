"""The page in each language, in Chromium (issue 18): the start page, a table at your turn, a hint, a hand's
summary, a room lobby and a how-to page, at 390x844, 844x390 and 1280x800, show no English (no text that is
an English message whose translation differs), nothing overflowing its box or the screen, and ``<html lang>``
set; the picker switches every text at once and the choice outlives a reload. Screenshots of every page go to
``screenshots/i18n/<language>-<size>-<page>.png``, and what was found to ``screenshots/i18n/<language>.txt``.

Run with ``BONEPILE_LOCALES`` at a pseudo-translation (``tools/pseudo_locale.py``) to see which texts nobody
wrapped yet: every such text is reported here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from environment_helpers import require_module

playwright_api = require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from i18n_server import Server  # noqa: E402
from i18n_support import OTHER_LANGUAGES, ROOT, EnglishFinder  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)

SIZES = [(390, 844), (844, 390), (1280, 800)]
SHOTS = ROOT / "screenshots" / "i18n"
STORAGE_KEY = "bonepile.language"
EASY = {"kind": "ai", "level": "easy"}

# Every text a person sees: visible text nodes, and the words of aria-label, title, placeholder and alt.
TEXTS = """() => {
    const seen = (el) => el && el.checkVisibility && el.checkVisibility({ visibilityProperty: true })
        && el.getClientRects().length > 0;
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const parent = node.parentElement;
        if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
        if (seen(parent)) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        if (!seen(el)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            const value = el.getAttribute(name);
            if (value && value.trim()) out.push(value.trim());
        }
    }
    if (document.title) out.push(document.title);
    return out;
}"""

# Boxes whose text must fit: scrolled or cut text (scrollWidth past clientWidth), and any part of them
# outside the screen sideways (inside a box that scrolls sideways by design, sticking out is allowed).
OVERFLOWS = """() => {
    const vw = document.documentElement.clientWidth;
    const picked = 'button, h1, h2, h3, h4, h5, label, legend, summary, th, select, .tool, [role=menuitem], '
        + '[role=tab], [class*=card], [class*=badge], .side-name, .name, .lead';
    const scrolls = (el) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            const x = getComputedStyle(up).overflowX;
            if (x === 'auto' || x === 'scroll') return true;
        }
        return false;
    };
    const name = (el) => {
        const cls = typeof el.className === 'string' ? el.className : (el.className.baseVal || '');
        const text = (el.innerText || el.textContent || el.getAttribute('aria-label') || '').trim();
        const tag = el.tagName.toLowerCase() + (cls ? '.' + cls.trim().split(/\\s+/).join('.') : '');
        return `${tag} "${text.slice(0, 60)}"`;
    };
    const found = [];
    for (const el of document.querySelectorAll(picked)) {
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2 || r.right <= 0 || r.left >= vw) continue;
        if (el.tagName !== 'SELECT' && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto')
            found.push(`${name(el)} overflows its box: ${el.scrollWidth} > ${el.clientWidth} px`);
        else if ((r.left < -1 || r.right > vw + 1) && !scrolls(el))
            found.push(`${name(el)} sticks out of the screen: ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
        found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} px`);
    return found;
}"""


class Places:
    """Where the pages are: a game at the player's turn, one between hands, a room's lobby."""

    def __init__(self, server: Server) -> None:
        self.turn = self._game_at_turn(server)
        self.summary = self._game_between_hands(server)
        room = server.call(
            "POST", "/api/rooms", {"game": "dominoes", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]}
        )
        self.lobby = f"#/room/{room['room']['id']}?token={room['host_token']}"

    @staticmethod
    def _game_at_turn(server: Server) -> str:
        body = {"game": "dominoes", "preset": "draw", "seats": [{"kind": "human"}, EASY], "seed": 3}
        game_id: str = server.call("POST", "/api/games", body | {"options": {"target": 500}})["id"]
        wait(server, game_id, lambda view: view["turn"] == 0 and bool(view["legal_moves"]))
        return game_id

    @staticmethod
    def _game_between_hands(server: Server) -> str:
        for seed in range(1, 30):
            body = {"game": "dominoes", "preset": "draw", "seats": [{"kind": "human"}, EASY], "seed": seed}
            game_id: str = server.call("POST", "/api/games", body | {"options": {"target": 500}})["id"]
            for _move in range(80):
                view = wait(server, game_id, lambda v: v["status"] == "over" or v["between_hands"] or v["turn"] == 0)
                if view.get("between_hands"):
                    return game_id
                if view["status"] == "over":
                    break
                move = {"seat": 0, "move": view["legal_moves"][0]["text"], "move_number": view["move_number"]}
                server.call("POST", f"/api/games/{game_id}/moves", move)
        raise AssertionError("no seed ended a hand")


def wait(server: Server, game_id: str, until: Any, timeout: float = 30) -> dict[str, Any]:
    import time

    deadline = time.monotonic() + timeout
    while True:
        view: dict[str, Any] = server.call("GET", f"/api/games/{game_id}/view?seat=0")
        if until(view):
            return view
        assert time.monotonic() < deadline, "the game did not reach the wanted position"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def places(server: Server) -> Places:
    return Places(server)


def context_in(browser: Browser, language: str | None, size: tuple[int, int]) -> BrowserContext:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-US")
    if language is not None:
        context.add_init_script(f"localStorage.setItem({STORAGE_KEY!r}, {language!r});")
    return context


def errors_of(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


class Findings:
    """What a language's pages showed that they should not, by page; written out, then asserted."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.finder = EnglishFinder(language)
        self.english: dict[str, set[str]] = {}
        self.overflowing: dict[str, list[str]] = {}
        self.other: list[str] = []

    def look(self, page: Page, where: str, size: tuple[int, int]) -> None:
        page.wait_for_timeout(100)  # the page has laid out after its last change
        lang = page.evaluate("() => document.documentElement.lang")
        if lang != self.language:
            self.other.append(f"{where} {size}: <html lang={lang!r}>, not {self.language!r}")
        english = {found for text in page.evaluate(TEXTS) if (found := self.finder.english(text))}
        if english:
            self.english.setdefault(where, set()).update(english)
        overflowing = page.evaluate(OVERFLOWS)
        if overflowing:
            self.overflowing.setdefault(f"{where} {size[0]}x{size[1]}", []).extend(overflowing)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{self.language}-{size[0]}x{size[1]}-{where}.png"), animations="disabled")

    def report(self) -> str:
        lines = []
        for where, texts in self.english.items():
            why = "outside the pseudo-translation's brackets" if self.finder.pseudo else "translated differently"
            lines.append(f"{where}: {len(texts)} English texts ({why} in {self.language}):")
            lines.extend(f"    {text!r}" for text in sorted(texts))
        for where, found in self.overflowing.items():
            lines.append(f"{where}: {len(found)} overflowing:")
            lines.extend(f"    {item}" for item in found[:30])
        lines.extend(self.other)
        return "\n".join(lines)


def visit(page: Page, server: Server, places: Places, findings: Findings, size: tuple[int, int]) -> None:
    base = server.url
    language = findings.language
    page.goto(f"{base}/#/")
    expect(page.locator(f"html[lang='{language}']")).to_have_count(1)
    expect(page.locator(".start-page")).to_be_visible()
    findings.look(page, "start", size)

    page.goto(f"{base}/#/game/{places.turn}")
    expect(page.locator(".table-page[data-my-turn='true']")).to_be_visible()
    findings.look(page, "table", size)
    page.locator(".table-page").press("h")
    expect(page.locator(".hint-callout")).to_be_visible()
    findings.look(page, "hint", size)

    page.goto(f"{base}/#/game/{places.summary}")
    expect(page.locator(".summary-dialog.hand-end")).to_be_visible()
    findings.look(page, "summary", size)

    page.goto(f"{base}/#/room/x")  # leave the table: the room page below is a route of its own
    page.goto(f"{base}/{places.lobby}")
    expect(page.locator(".lobby-page")).to_be_visible()
    findings.look(page, "lobby", size)

    page.goto(f"{base}/#/how/dominoes")
    expect(page.locator(".how-page")).to_be_visible()
    findings.look(page, "how-to", size)


@pytest.fixture
def browser_pages(browser: Browser) -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_page_in_the_language_at_every_size(
    browser: Browser, server: Server, places: Places, language: str, browser_pages: list[BrowserContext]
) -> None:
    context = context_in(browser, language, SIZES[0])
    browser_pages.append(context)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = errors_of(page)
    findings = Findings(language)
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        visit(page, server, places, findings, size)
    report = findings.report()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{language}.txt").write_text(report + "\n")
    assert not errors, f"errors in the page: {errors}"
    assert not report, f"the pages in {language} (screenshots in {SHOTS}):\n{report}"


# ------------------------------------------------------------------------------------------ the picker

PICKER = "select:has(option[value='fil']):has(option[value='lt'])"


def test_the_picker_switches_every_text_at_once_and_is_remembered(
    browser: Browser, server: Server, browser_pages: list[BrowserContext]
) -> None:
    language = "de"
    context = context_in(browser, None, (1280, 800))
    browser_pages.append(context)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{server.url}/#/")
    expect(page.locator(".start-page")).to_be_visible()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    picker = page.locator(PICKER)
    assert picker.count(), f"no language picker on the start page (a <select> with an option per language: {PICKER})"
    english = EnglishFinder(language)
    before = {found for text in page.evaluate(TEXTS) if (found := english.english(text))}
    page.evaluate("() => { window.__notReloaded = true; }")
    picker.first.select_option(language)
    expect(page.locator(f"html[lang='{language}']")).to_have_count(1)
    page.wait_for_timeout(100)
    assert page.evaluate("() => window.__notReloaded === true"), "the page was loaded again to switch"
    left = {found for text in page.evaluate(TEXTS) if (found := english.english(text))}
    assert not left, f"still English after switching to {language}: {sorted(left)} (of {len(before)} English before)"
    assert page.evaluate(f"() => localStorage.getItem({STORAGE_KEY!r})") == language
    page.reload()
    expect(page.locator(".start-page")).to_be_visible()
    expect(page.locator(f"html[lang='{language}']")).to_have_count(1)
    page.wait_for_timeout(100)
    after = {found for text in page.evaluate(TEXTS) if (found := english.english(text))}
    assert not after, f"English again after a reload: {sorted(after)}"
    assert page.locator(PICKER).first.input_value() == language


def test_the_browsers_language_is_the_default(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fi-FI")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/#/")
        expect(page.locator("html[lang='fi']")).to_have_count(1)
    finally:
        context.close()
