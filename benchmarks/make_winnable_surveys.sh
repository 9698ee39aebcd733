#!/bin/sh
# The surveys behind docs/winnable.md, "How winnable is each game" (issue 36): deals
# 0..DEALS-1 (default 1,000) of every shipped game with a deal code, each at its catalogue's
# budget, one worker, no time limit, in resumable pieces of 100 deals (survey_pieces.sh),
# into SURVEYS/<prefix>-<budget>.sqlite3 (default /work/surveys, outside the repository: the
# survey files are bulk output and stay out of git). First every game's deals 0..99 (so
# that each has a cost measured), then the games in turn, cheapest first by the seconds a
# deal their surveys took so far (winnable_summary.py --order). Run from the repository's
# root with SURVEY a compiled install (default /tmp/s37-cv/bin/solitaire-core) and PYTHON the
# checkout's (it reads the survey files); run it again to go on after a stop: a finished
# piece costs only the command's start. On a machine without the survey files of the
# committed summary (benchmarks/results/winnable.json), a game starts after its committed
# deals (winnable_summary.py --order), and the summary then needs --surveyed-with. Then, at
# any time, even while it runs:
#   .venv/bin/python benchmarks/winnable_summary.py "$SURVEYS" && .venv/bin/python benchmarks/winnable_page.py
set -e
SURVEY=${SURVEY:-/tmp/s37-cv/bin/solitaire-core}; export SURVEY
PYTHON=${PYTHON:-.venv/bin/python}
SURVEYS=${SURVEYS:-/work/surveys}
DEALS=${DEALS:-1000}
mkdir -p "$SURVEYS"
for deals in 100 "$DEALS"; do
  order=$("$PYTHON" benchmarks/winnable_summary.py "$SURVEYS" --deals "$DEALS" --order)
  for spec in $order; do
    game=${spec%%:*}; rest=${spec#*:}; budget=${rest%%:*}; start=${rest#*:}
    "$(dirname "$0")/survey_pieces.sh" "$game" "$budget" "$deals" \
      "$SURVEYS/$game-$budget.sqlite3" "$start"
  done
done
echo "$(date -u +%H:%M:%S) done: deals 0..$((DEALS - 1)) of every game" >&2
