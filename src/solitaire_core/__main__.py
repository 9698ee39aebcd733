"""``python -m solitaire_core``: the command line (see :mod:`solitaire_core.cli`)."""

from solitaire_core.cli import main

raise SystemExit(main())
