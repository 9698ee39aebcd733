#!/bin/sh
# The surveys behind the shipped catalogues (src/solitaire_core/catalogue/data/), and the
# catalogues made from them: docs/catalogues.md. Run from the repository's root with a
# compiled install of the commit to record (python3 -m venv /tmp/cvs &&
# /tmp/cvs/bin/pip install '.[survey]'), one worker, each survey in resumable pieces of 500
# deals (survey_pieces.sh; run the script again to finish a stopped one). The survey files
# are bulk output and stay out of git (SURVEYS, default /tmp/catalogue).
set -e
SURVEY=${SURVEY:-/tmp/cvs/bin/solitaire-core}; export SURVEY
PYTHON=${PYTHON:-.venv/bin/python}  # the checkout, which reads survey files and writes catalogues
SURVEYS=${SURVEYS:-/tmp/catalogue}
COMMIT=${COMMIT:-$(git rev-parse HEAD)}
mkdir -p "$SURVEYS"
for spec in KL1-D3N:100000 KL1-D1N:100000 KL1-D3V:100000 TF1-D1N:100000 TF1-D3N:50000 \
            KL1-D1V:100000; do
  game=${spec%%:*}; budget=${spec##*:}
  file="$SURVEYS/$game-0-1999-$budget.sqlite3"
  PIECE=500 "$(dirname "$0")/survey_pieces.sh" "$game" "$budget" 2000 "$file"
  "$PYTHON" -m solitaire_core.catalogue.build "$file" --prefix "$game" --deals 2000 \
    --commit "$COMMIT" --out "src/solitaire_core/catalogue/data/$game.sccat" \
    --command "solitaire-core survey $game --deals A..B --max-positions $budget --workers 1 --resume --out $game-0-1999-$budget.sqlite3, for A..B = 0..499, 500..999, 1000..1499, 1500..1999 (benchmarks/make_catalogues.sh)"
done
