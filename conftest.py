"""What pytest leaves out: the training example, and what needs a missing extra.

* ``docs/examples/train_maskable_ppo.py`` trains an agent with PyTorch and
  sb3-contrib, which the test extra does not install (and importing them for
  its doctests, which it has none of, would take seconds): never collected.
* ``solitaire_core.rl`` and ``docs/rl.md`` need Gymnasium and NumPy (the
  ``rl`` extra, part of the ``test`` extra): without them their doctests are
  not collected, rather than failing at import (the ``tests/test_rl_*`` files
  skip themselves).
"""

import importlib.util


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):
        return True


collect_ignore_glob: list[str] = ["docs/examples/train_maskable_ppo.py"]
if _missing("gymnasium") or _missing("numpy"):
    collect_ignore_glob += ["src/solitaire_core/rl/*", "docs/rl.md"]
