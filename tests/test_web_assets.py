"""The web table's assets (issue 32): all in the package, none fetched from elsewhere.

Every page's scripts and style sheets, and every ES module's imports, are files of
``solitaire_core/web/static`` (which the wheel ships whole), and no asset names
another host: the table works offline, with no CDN and no build step.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable

STATIC = resources.files("solitaire_core.web").joinpath("static")
REFERENCE = re.compile(r'(?:src|href)="(/static/[^"]+)"')
IMPORT = re.compile(r'from "\./([^"]+)"')


def _files(folder: Traversable) -> list[Traversable]:
    found: list[Traversable] = []
    for entry in folder.iterdir():
        found.extend(_files(entry) if entry.is_dir() else [entry])
    return found


def test_every_page_names_only_its_own_assets() -> None:
    for page in ("index.html", "statistics.html"):
        text = STATIC.joinpath(page).read_text("utf-8")
        references = REFERENCE.findall(text)
        assert references, page
        for reference in references:
            assert STATIC.joinpath(*reference.removeprefix("/static/").split("/")).is_file()


def test_every_module_imports_only_modules_that_ship() -> None:
    modules = STATIC.joinpath("js")
    for module in modules.iterdir():
        for name in IMPORT.findall(module.read_text("utf-8")):
            assert modules.joinpath(name).is_file(), (module.name, name)


def test_no_asset_reaches_another_host() -> None:
    for asset in _files(STATIC):
        text = asset.read_text("utf-8")
        assert not re.search(r"https?://|//cdn|@import url", text), asset.name
