#!/bin/sh
# The surveys behind the shipped catalogues of the family's games (every shipped game with a
# deal code beyond the six app rule sets of make_catalogues.sh), and the catalogues made from
# them: docs/catalogues.md. Same setup as make_catalogues.sh (a compiled install of the
# commit to record in SURVEY's environment, the checkout's PYTHON to write the catalogues);
# deals 0..DEALS-1 of each game (default 200) at BUDGET positions a deal (default 50,000; the
# shipped catalogues of TP, WH, SH, EC, WC, PS, TR and DK were made at BUDGET=100000),
# one worker, in resumable pieces of 100 deals (survey_pieces.sh): run the script again to
# finish a stopped run (a game whose catalogue exists is skipped). GAMES (default: every
# shipped game with a deal code and no catalogue) names the prefixes to do. The survey files
# are bulk output and stay out of git (SURVEYS, default /tmp/family-catalogue).
set -e
SURVEY=${SURVEY:-/tmp/cvs/bin/solitaire-core}; export SURVEY
PYTHON=${PYTHON:-.venv/bin/python}
SURVEYS=${SURVEYS:-/tmp/family-catalogue}
COMMIT=${COMMIT:-$(git rev-parse HEAD)}
DEALS=${DEALS:-200}
BUDGET=${BUDGET:-50000}
DATA=src/solitaire_core/catalogue/data
GAMES=${GAMES:-$("$PYTHON" -c '
from solitaire_core.catalogue import shipped_prefixes
from solitaire_core.variants import SHIPPED_VARIANTS, code_header
done = set(shipped_prefixes())
for variant in SHIPPED_VARIANTS.values():
    prefix = code_header(variant)
    if prefix is not None and str(prefix) not in done:
        print(prefix)
')}
mkdir -p "$SURVEYS"
last=$((DEALS - 1))
for game in $GAMES; do
  [ -e "$DATA/$game.sccat" ] && continue
  file="$SURVEYS/$game-0-$last-$BUDGET.sqlite3"
  "$(dirname "$0")/survey_pieces.sh" "$game" "$BUDGET" "$DEALS" "$file"
  "$PYTHON" -m solitaire_core.catalogue.build "$file" --prefix "$game" --deals "$DEALS" \
    --commit "$COMMIT" --out "$DATA/$game.sccat" \
    --command "solitaire-core survey $game --deals A..B --max-positions $BUDGET --workers 1 --resume --out $game-0-$last-$BUDGET.sqlite3, for A..B = 0..99, 100..199, ... (benchmarks/make_family_catalogues.sh)"
done
