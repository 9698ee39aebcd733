"""Load on the web table (issue 32): many games at once through the real server, on loopback.

Starts ``solitaire-core serve`` in a process of its own (uvicorn, a fresh data
file), then plays ``--games`` games at once (50 by default), each a client of its
own on one keep-alive connection: it deals a game (``POST /api/games``, Klondike
draw 1 by deal number), then plays ``--moves`` moves (100) one after another,
each a random legal move of the last view (``POST /api/games/{id}/moves``, the
structured move sent back as the view gave it). It measures each move's time
from sending the request to reading the whole answer, and afterwards reads every
game back (``GET``) to check that no move was lost: each game's move counter is
the number of moves its client saw accepted, and every request answered 200.

It runs twice by default (``--think-ms 0,250``): with no pause at all between a
client's moves (50 requests always in flight: a saturation test, whose times are
mostly the queue's, by Little's law 50 x the server's time per move) and with a
pause of 250 ms after each answer (four moves a second per game, still several
times a person's pace). Reported for each: the p50, p95, p99 and worst time per
move (milliseconds), the moves per second, lost moves; and the machine (CPU,
Python, commit, build, the load average: other work on the machine shows there).
The target is a p95 of at most 50 ms on a 2-core machine. Not a test: timings
are never asserted in the suite.

    python benchmarks/bench_web_load.py                   # 50 games x 100 moves
    python benchmarks/bench_web_load.py --games 10 --moves 20 --out /tmp/r

Writes ``web-load.md`` and ``web-load.json`` into ``--out`` (benchmarks/results).
Only 127.0.0.1 is ever contacted; the run is bounded by its counts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from common import machine_info, machine_line, percentile

HOST = "127.0.0.1"
TARGET_P95_MS = 50.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


class Connection:
    """One keep-alive HTTP/1.1 connection to the server (a minimal client: JSON in, JSON out)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection(HOST, port)
        return cls(reader, writer)

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload) if payload else None

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


async def play_one(port: int, index: int, moves: int, seed: int, think: float) -> dict[str, Any]:
    """One client: deal, then ``moves`` random legal moves; its timings and what it saw."""
    rng = random.Random(seed * 1_000 + index)
    connection = await Connection.open(port)
    status, table = await connection.request(
        "POST", "/api/games", {"game": "klondike", "deal": index}
    )
    assert status == 201, table
    game_id = table["id"]
    timings: list[float] = []
    failures = 0
    accepted = 0
    view = table["view"]
    for _ in range(moves):
        choices = view["legal_moves"] or []
        if not choices:
            break
        move = rng.choice(choices)
        started = time.perf_counter()
        status, answer = await connection.request("POST", f"/api/games/{game_id}/moves", move)
        timings.append(time.perf_counter() - started)
        if status == 200:
            accepted += 1
            view = answer["view"]
        else:
            failures += 1
        if think:
            await asyncio.sleep(think)
    status, final = await connection.request("GET", f"/api/games/{game_id}")
    await connection.close()
    return {
        "id": game_id,
        "timings": timings,
        "accepted": accepted,
        "failures": failures,
        "server_moves": final["view"]["moves_made"] if status == 200 else None,
    }


async def run_load(
    port: int, games: int, moves: int, seed: int, think: float
) -> tuple[list[dict[str, Any]], float]:
    started = time.perf_counter()
    results = await asyncio.gather(*(play_one(port, i, moves, seed, think) for i in range(games)))
    return list(results), time.perf_counter() - started


def wait_until_serving(port: int, server: subprocess.Popen[bytes]) -> None:
    for _ in range(600):  # polls, at most a minute
        if server.poll() is not None:
            raise SystemExit(f"the server stopped with status {server.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server never listened")


def report(
    results: list[dict[str, Any]], seconds: float, args: argparse.Namespace, think_ms: int
) -> dict[str, Any]:
    timings = [t * 1000 for result in results for t in result["timings"]]
    lost = [
        result["id"]
        for result in results
        if result["failures"] or result["server_moves"] != result["accepted"]
    ]
    p95 = percentile(timings, 0.95)
    return {
        "think_ms": think_ms,
        "games": args.games,
        "moves_per_game": args.moves,
        "seed": args.seed,
        "moves": len(timings),
        "seconds": round(seconds, 3),
        "moves_per_second": round(len(timings) / seconds, 1),
        "ms": {
            "p50": round(percentile(timings, 0.50), 2),
            "p95": round(p95, 2),
            "p99": round(percentile(timings, 0.99), 2),
            "max": round(max(timings), 2),
            "mean": round(sum(timings) / len(timings), 2),
        },
        "lost_moves": sum(result["accepted"] - (result["server_moves"] or 0) for result in results),
        "failed_requests": sum(result["failures"] for result in results),
        "games_with_a_problem": lost,
        "target_p95_ms": TARGET_P95_MS,
        "target_met": p95 <= TARGET_P95_MS and not lost,
    }


def markdown(runs: list[dict[str, Any]], machine: dict[str, Any]) -> str:
    first = runs[0]
    lines = [
        "# Web table under load (`benchmarks/bench_web_load.py`)",
        "",
        f"{first['games']} games at once x {first['moves_per_game']} moves each, on loopback:"
        " `solitaire-core serve` (uvicorn, one process) in its own process; each game a client"
        " on its own keep-alive connection playing random legal moves one after another"
        f" (seed {first['seed']}), pausing `think` ms after each answer; the time of a move is"
        " from sending its request to reading its whole answer (the view, the events and the"
        " move). Every game is read back after the run: a lost move is one its client saw"
        " accepted that the server's move counter does not hold.",
        "",
        "| think ms | moves | seconds | moves/s | p50 ms | p95 ms | p99 ms | max ms"
        " | failed | lost moves | p95 <= 50 ms |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for data in runs:
        ms = data["ms"]
        verdict = "met" if data["target_met"] else "NOT met"
        lines.append(
            f"| {data['think_ms']} | {data['moves']:,} | {data['seconds']} |"
            f" {data['moves_per_second']:,} | {ms['p50']} | {ms['p95']} | {ms['p99']} |"
            f" {ms['max']} | {data['failed_requests']} | {data['lost_moves']} | {verdict} |"
        )
    lines += [
        "",
        "With no pause the 50 requests are always in flight, so a move waits for the others"
        " in the queue: its time is about 50 x the server's time per move (Little's law).",
        "",
        machine_line(machine) + f" Build: {machine['build']}; load average at the start:"
        f" {machine['load_average_at_start']}.",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think-ms", default="0,250", help="pauses after each answer, one run each (0,250)"
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    machine = machine_info()
    folder = Path(tempfile.mkdtemp(prefix="solitaire-web-load-"))
    port = free_port()
    command = [sys.executable, "-m", "solitaire_core", "serve", "--host", HOST]
    command += ["--port", str(port), "--data", str(folder / "games.sqlite3"), "--no-stats"]
    server = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    runs = []
    try:
        wait_until_serving(port, server)
        for think_ms in (int(value) for value in args.think_ms.split(",")):
            results, seconds = asyncio.run(
                run_load(port, args.games, args.moves, args.seed, think_ms / 1000)
            )
            runs.append(report(results, seconds, args, think_ms))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    args.out.mkdir(parents=True, exist_ok=True)
    document = {"runs": runs, "machine": machine}
    (args.out / "web-load.json").write_text(json.dumps(document, indent=2) + "\n", "utf-8")
    text = markdown(runs, machine)
    (args.out / "web-load.md").write_text(text, encoding="utf-8")
    print(text)
    return 0 if all(run["lost_moves"] == 0 and not run["failed_requests"] for run in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
