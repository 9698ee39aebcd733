#!/bin/sh
# One game's survey in resumable pieces, the loop of make_catalogues.sh,
# make_family_catalogues.sh and make_winnable_surveys.sh:
#
#   benchmarks/survey_pieces.sh GAME BUDGET DEALS FILE [START]
#
# solves deals START..DEALS-1 (START default 0) of GAME (a deal-code prefix) at BUDGET
# positions a deal into the survey file FILE, PIECE deals a piece (default 100), one
# worker, no time limit, with the command SURVEY (default /tmp/cvs/bin/solitaire-core, a
# compiled install). Each piece runs with --resume, so the deals FILE already holds are not
# solved again (a finished piece costs the command's start, under a second): running it
# again finishes a stopped survey. Each piece's start and its CPU and wall seconds
# (/usr/bin/time) go to standard error.
set -e
SURVEY=${SURVEY:-/tmp/cvs/bin/solitaire-core}
PIECE=${PIECE:-100}
game=$1; budget=$2; deals=$3; file=$4; start=${5:-0}
last=$((deals - 1))
while [ "$start" -lt "$deals" ]; do
  end=$((start + PIECE - 1)); [ "$end" -gt "$last" ] && end=$last
  echo "$(date -u +%H:%M:%S) $game $start..$end" >&2
  /usr/bin/time -f "TIME $game $start..$end user=%U sys=%S wall=%e" \
    "$SURVEY" survey "$game" --deals "$start..$end" --max-positions "$budget" --workers 1 \
    --resume --no-progress --json --out "$file" > /dev/null
  start=$((end + 1))
done
