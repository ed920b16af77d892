"""The README and the pages in docs/: every link points at a file or a heading that exists, and every
picture the README shows is in docs/images/, a real image, and small.

Links are read as GitHub renders them: Markdown links and images (``[text](target)``, ``![alt](target)``,
``[name]: target``) and HTML ``href``/``src`` attributes, outside code blocks and code spans. A heading is
found by GitHub's anchor for it (lower case, punctuation dropped, spaces to hyphens, ``-1``, ``-2`` for
repeats) or by an HTML ``id``/``name``. Links to other sites are not fetched.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
IMAGES = ROOT / "docs" / "images"

# Pages linked before they land: written on a branch of their own. While such a file is missing its links
# are let through; once it exists it is checked like any other (and its headings too).
PENDING: set[Path] = set()

# The pictures together stay "a few hundred KB" (the README's pictures are WebP of a few tens of KB each).
IMAGES_BUDGET = 500 * 1024

FENCE = re.compile(r"^ {0,3}(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
MARKDOWN_LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
HTML_ATTRIBUTE = re.compile(r"""<(?:a|img|source)\b[^>]*?\b(?:href|src|srcset)\s*=\s*["']([^"']+)["']""", re.I)
HTML_ANCHOR = re.compile(r"""<[a-z]+\b[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']""", re.I)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # http:, https:, mailto:, ...


def pages() -> list[Path]:
    return [README, *sorted((ROOT / "docs").rglob("*.md"))]


def prose_lines(text: str, blank_code: bool = True) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1, with code spans blanked (unless not asked)."""
    lines: list[tuple[int, str]] = []
    fence: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        opened = FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1) == fence:
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        lines.append((number, CODE_SPAN.sub(lambda span: " " * len(span.group(0)), line) if blank_code else line))
    return lines


def links(path: Path) -> list[tuple[int, str]]:
    """Every link target of a page, with its line."""
    return links_in(path.read_text(encoding="utf-8"))


def links_in(text: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for number, line in prose_lines(text):
        targets = [match.group(1) for match in MARKDOWN_LINK.finditer(line)]
        targets += [match.group(1) for match in HTML_ATTRIBUTE.finditer(line)]
        reference = REFERENCE.match(line)
        if reference:
            targets.append(reference.group(1))
        found += [(number, target) for target in targets]
    return found


def pictures(path: Path) -> list[tuple[int, str]]:
    """The targets of a page's images: ``![alt](target)`` and ``<img src="target">``."""
    found: list[tuple[int, str]] = []
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        found += [(number, match.group(1)) for match in re.finditer(r"!" + MARKDOWN_LINK.pattern, line)]
        found += [
            (number, match.group(1)) for match in re.finditer(r"""<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']""", line)
        ]
    return found


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text (Markdown marks and links reduced to their words)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"(?<!\w)_|_(?!\w)", "", text)  # _emphasis_, not snake_case
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown page, repeats numbered as GitHub numbers them, and HTML ids."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8"), blank_code=False):
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        found.update(match.group(1) for match in HTML_ANCHOR.finditer(line))
    return found


def broken(path: Path, target: str) -> str | None:
    """Why a link of ``path`` to ``target`` leads nowhere, or None if it leads somewhere."""
    if EXTERNAL.match(target) or target.startswith("//"):
        return None
    address, _, fragment = target.partition("#")
    address = unquote(address.split("?", 1)[0])
    if address.startswith("/"):
        return f"{target}: an absolute path, which GitHub resolves from its own site root; use a relative link"
    destination = (path.parent / address).resolve() if address else path
    if destination in PENDING and not destination.exists():
        return None
    if not destination.exists():
        return f"{target}: no file {destination.relative_to(ROOT) if destination.is_relative_to(ROOT) else destination}"
    if not destination.is_relative_to(ROOT):
        return f"{target}: outside the repository"
    if fragment:
        if destination.suffix != ".md":
            return f"{target}: a heading in a file that is not Markdown"
        if unquote(fragment).lower() not in anchors(destination):
            return f"{target}: no heading #{fragment} in {destination.relative_to(ROOT)}"
    return None


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_leads_to_a_file_or_a_heading_that_exists(page: Path) -> None:
    problems = [
        f"{page.relative_to(ROOT)}:{number}: {why}" for number, target in links(page) if (why := broken(page, target))
    ]
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_the_readme_shows_its_pictures_and_each_is_a_real_image_in_docs_images() -> None:
    shown = pictures(README)
    assert len(shown) >= 5, (
        f"the README shows {len(shown)} pictures; it opens with the tables, the phone and the terminal"
    )
    for number, target in shown:
        assert not EXTERNAL.match(target), f"README.md:{number}: {target} is not a picture of the project's own"
        picture = (ROOT / unquote(target.split("#", 1)[0])).resolve()
        assert picture.parent == IMAGES, f"README.md:{number}: {target} is not in docs/images/"
        assert picture.is_file(), f"README.md:{number}: {target} is missing (make screenshots makes it)"
        head = picture.read_bytes()[:16]
        is_webp = head[:4] == b"RIFF" and head[8:12] == b"WEBP"
        is_png = head[:8] == b"\x89PNG\r\n\x1a\n"
        assert is_webp or is_png, f"README.md:{number}: {target} is neither a WebP nor a PNG image"


def test_the_pictures_stay_small() -> None:
    sizes = {picture.name: picture.stat().st_size for picture in IMAGES.iterdir() if picture.is_file()}
    assert sum(sizes.values()) <= IMAGES_BUDGET, f"docs/images holds {sum(sizes.values()) // 1024} KB: {sizes}"


# ------------------------------------------------------------------------------------------ the checker


def test_the_checker_finds_a_missing_file_a_missing_heading_and_a_missing_picture(tmp_path: Path) -> None:
    page = ROOT / "docs" / "README.md"
    assert broken(page, "web.md") is None
    assert broken(page, "web.md#all-fives-at-the-table") is None
    assert broken(page, "no-such-page.md") is not None
    assert broken(page, "web.md#no-such-heading") is not None
    assert broken(page, "images/no-such-picture.webp") is not None
    assert broken(page, "https://example.org/anything") is None


def test_anchors_are_github_s() -> None:
    assert slug("GET /api/games/{id}/view") == "get-apigamesidview"
    assert slug("All-fives against the `all-fives-domino` package") == "all-fives-against-the-all-fives-domino-package"
    assert slug("Hot seat (several humans at one screen)") == "hot-seat-several-humans-at-one-screen"
    assert slug("Against the peers' AI") == "against-the-peers-ai"
    assert slug("D1: the set") == "d1-the-set"


def test_links_are_read_as_github_renders_them_and_not_in_code() -> None:
    text = (
        "see `[x](nowhere.md)` and\n```sh\n[y](nowhere.md)\n```\n[z](here.md#a-heading) "
        '<img src="images/a.webp" width="5"> ![alt](images/b.webp "title")\n[ref]: other.md\n'
    )
    assert links_in(text) == [(5, "here.md#a-heading"), (5, "images/b.webp"), (5, "images/a.webp"), (6, "other.md")]
