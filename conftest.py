"""Leaves out what needs an extra that is not installed (its own tests skip themselves).

``solitaire_core.rl`` and ``docs/rl.md`` need Gymnasium and NumPy (the ``rl``
extra, part of the ``test`` extra): without them their doctests are not
collected, rather than failing at import.
"""

import importlib.util

collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(name) is None for name in ("gymnasium", "numpy")):
    collect_ignore_glob += ["src/solitaire_core/rl/*", "docs/rl.md"]
