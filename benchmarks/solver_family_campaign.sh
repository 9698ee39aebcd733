#!/bin/sh
# The solver report per game (issue 36): deals 0..199 of every shipped game with a deal code
# at solve's default budget (1,000,000 positions), no time limit, one worker, gathered game by
# game into benchmarks/results/solver-family-0-199-1000000.{json,md} so that the report grows
# across sessions and machines: the gathered JSON is committed, the rows are not. A game
# already gathered is skipped; the others run in turn, cheapest first by the 50,000-position
# report (solver-family-0-49-50000.md; the games it lacks after them, in the registry's
# order), each with bench_solver.py --resume into WORK/<prefix>/ (default
# /work/solver-family, outside the repository), then solver_family_report.py takes it in.
# Run from the repository's root with PYTHON a compiled install's python (default
# .venv/bin/python) and BUILD_COMMIT the commit that install was built from (bench_solver.py
# records the checkout's, which a non-editable install does not follow), and run it again
# to go on after a stop: the game under way resumes from its rows, if WORK survived. Give
# game prefixes as arguments to run only those. A game whose run ends with an error row
# stops the campaign (a solver error to look at).
set -e
PYTHON=${PYTHON:-.venv/bin/python}
WORK=${WORK:-/work/solver-family}
GATHERED=benchmarks/results/solver-family-0-199-1000000.json
CHEAP="KL1-D3V RU1-D0N TR1-D1N WC1-D1N KL1-D1N EH1-D0N SH1-D1N KL1-D3N TF1-D3N TF1-D1N \
SA1-D3N YU1-D0N TP1-D1N SO1-D0N"
if [ $# -gt 0 ]; then games="$*"; else
  games=$("$PYTHON" -c "
import sys; sys.path.insert(0, 'benchmarks'); import bench_solver
cheap = '$CHEAP'.split()
print(' '.join(cheap + [g for g in bench_solver.family_games() if g not in cheap]))")
fi
mkdir -p "$WORK"
for game in $games; do
  if [ -f "$GATHERED" ] && grep -q "\"game\": \"$game\"" "$GATHERED"; then continue; fi
  echo "$(date -u +%H:%M:%S) $game" >&2
  "$PYTHON" benchmarks/bench_solver.py --games "$game" --deals 0..199 \
    --max-positions 1000000 --workers 1 --resume --out "$WORK/$game" > /dev/null
  "$PYTHON" benchmarks/solver_family_report.py ${BUILD_COMMIT:+--build-commit "$BUILD_COMMIT"} \
    "$WORK/$game/solver-$game-0-199-1000000.json"
done
echo "$(date -u +%H:%M:%S) done: every game asked for is gathered" >&2
