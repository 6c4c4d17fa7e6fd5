"""examples/lobby.py, run as a user runs it, against a real server on a SQLite file that
this test restarts when the example asks: it must say what it did and exit 0."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from conftest import RestartableServer

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "lobby.py"


def run_example(server: RestartableServer) -> tuple[int, list[str]]:
    """Runs the example to its end, restarting the server when it says so: its exit status
    and what it printed. The server stays down until the example says it saw it gone, so
    that the example cannot miss the restart however slowly it is scheduled."""
    example = subprocess.Popen(
        [sys.executable, str(EXAMPLE), server.address], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    watchdog = threading.Timer(90, example.kill)
    watchdog.start()
    lines: list[str] = []
    try:
        assert example.stdout is not None
        for line in example.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("restart the server now"):
                server.stop()
            elif line.startswith("the server is gone"):
                server.start()
        return example.wait(timeout=30), lines
    finally:
        watchdog.cancel()
        example.kill()


def test_the_lobby_example_plays_a_game_through_a_server_restart(restartable: RestartableServer) -> None:
    status, lines = run_example(restartable)
    output = "\n".join(lines)
    assert status == 0, output
    for expected in [
        "created game ",
        "Bob is refused: ERROR_REASON_NOT_YOUR_TURN",
        "restart the server now",
        "the server is gone: the next calls are retried until it is back",
        "game over: OUTCOME_TYPE_WIN, Alice wins",
        "spectator: event 1, game_created",
        "across the restart",
        "every step held",
    ]:
        assert expected in output, f"{expected!r} missing from:\n{output}"
    gone = lines.index("the server is gone: the next calls are retried until it is back")
    assert any(line.startswith("spectator: event") for line in lines[gone:]), "the stream resumed"
    assert any(line.startswith(("Alice plays", "Bob plays")) for line in lines[gone:]), "so did the game"
