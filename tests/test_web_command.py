"""solitaire-core serve (issue 32): its arguments, a real start and stop, and what stops it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from web_support import free_port

import solitaire_core as sc
from solitaire_core.cli import main
from solitaire_core.web.command import default_data_path


def test_serve_is_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "--data FILE" in out and "--port" in out and "--host" in out


def test_a_file_it_cannot_use_stops_it_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("uvicorn")
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database")
    assert main(["serve", "--data", str(notes), "--no-stats"]) == 2
    assert "not a SQLite database" in capsys.readouterr().err
    assert main(["serve", "--port", "0", "--data", str(tmp_path / "g")]) == 2


def test_without_the_extra_it_says_which_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now raises ImportError
    assert main(["serve", "--data", str(tmp_path / "g")]) == 2
    assert "pip install 'solitaire-core[web]'" in capsys.readouterr().err


def test_the_default_data_file_lies_beside_the_statistics() -> None:
    path = default_data_path({"XDG_DATA_HOME": "/data", "SOLITAIRE_CORE_STATS": "/x/s.db"})
    assert str(path) == "/data/solitaire-core/web-games.sqlite3"


def test_it_serves_until_sigterm(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    port = free_port()
    command = [sys.executable, "-m", "solitaire_core", "serve", "--port", str(port)]
    command += ["--data", str(tmp_path / "games.sqlite3"), "--stats", str(tmp_path / "s.db")]
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert server.stderr is not None
        line = server.stderr.readline()  # said once the store is open, before serving
        assert f"http://127.0.0.1:{port}/" in line
        url = f"http://127.0.0.1:{port}/api/variants"
        for _ in range(200):  # polls, until uvicorn listens
            try:
                with urllib.request.urlopen(url) as answer:
                    assert len(json.load(answer)["games"]) == len(sc.SHIPPED_VARIANTS)
                break
            except OSError:
                server.poll()
                assert server.returncode is None
                time.sleep(0.05)
        else:
            raise AssertionError("the server never answered")
    finally:
        server.send_signal(signal.SIGTERM)
        # uvicorn shuts down gracefully, then raises the signal again: killed by SIGTERM
        assert server.wait(timeout=60) in (0, -signal.SIGTERM)
