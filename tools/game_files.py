"""Write the shipped games' rules files (``src/solitaire_core/variants/games/*.toml``).

Each game defined in Python (``SHIPPED_VARIANTS`` of
``solitaire_core.variants.shipped``) gets the file ``rules_text`` writes for it;
``tests/test_rules_files.py`` fails when a committed file differs. A game
defined only by its file (one in the folder without a Python definition) is
left as it is: that file is its source. Run from the repository root after a
change to a shipped game::

    .venv/bin/python tools/game_files.py           # rewrite the files
    .venv/bin/python tools/game_files.py --check   # only report stale files (exit 1)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from solitaire_core.variants.rules_files import GAMES_FOLDER, rules_text
from solitaire_core.variants.shipped import PYTHON_GAMES, SHIPPED_VARIANTS

FOLDER = Path(__file__).resolve().parents[1] / "src" / "solitaire_core" / "variants" / GAMES_FOLDER


def expected_files() -> dict[str, str]:
    """The text of each Python-defined shipped game's file, by file name."""
    return {f"{key}.toml": rules_text(SHIPPED_VARIANTS[key]) for key in PYTHON_GAMES}


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check only compare) the files; the exit status is 1 for stale files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report stale files, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for name, text in expected_files().items():
        path = FOLDER / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    verb = "stale" if args.check else "written"
    for name in stale:
        print(f"{verb}: {FOLDER / name}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
