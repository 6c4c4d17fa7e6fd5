"""A real `tabula serve` per test module, on an ephemeral loopback port; and one on a SQLite
file that a test stops and starts again."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def server_binary() -> str:
    return os.environ.get("TABULA_BIN", str(REPO / "target" / "debug" / "tabula"))


def _serve(listen: str, store: str, *options: str) -> tuple[subprocess.Popen[str], str]:
    """Starts `tabula serve` and waits for it to print `listening on ADDR` once bound: the
    process and the address."""
    binary = server_binary()
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no server binary at {binary}: build it or set TABULA_BIN")
    process = subprocess.Popen(
        [binary, "serve", "--listen", listen, "--store", store, *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("listening on "):
        process.kill()
        process.wait(timeout=10)
        pytest.fail(f"server did not start: {line!r}")
    return process, line.removeprefix("listening on ")


@contextmanager
def start_server(*options: str) -> Iterator[str]:
    """Starts the server (with `options`) and yields its address. Its store is in memory, so
    it starts empty (request ids of earlier runs find nothing) and leaves no file behind."""
    process, address = _serve("127.0.0.1:0", "memory", *options)
    try:
        yield address
    finally:
        process.terminate()
        process.wait(timeout=10)


class RestartableServer:
    """A server on a SQLite file, stopped and started again on the same address and file as
    a test says, as an operator restarting it would."""

    def __init__(self, database: Path) -> None:
        self._store = f"sqlite:{database}"
        self._process, self.address = _serve("127.0.0.1:0", self._store)

    def stop(self) -> None:
        """Stops the server (SIGTERM, as a service manager does) and waits for it to exit."""
        if self._process.poll() is None:
            self._process.terminate()
            self._process.wait(timeout=10)

    def start(self) -> None:
        """Starts the server again on the same address and file."""
        assert self._process.poll() is not None, "stop it first"
        self._process, address = _serve(self.address, self._store)
        assert address == self.address

    def restart_after(self, seconds: float) -> threading.Thread:
        """Starts the server again `seconds` from now, from another thread; join the thread
        to wait for it."""
        def later() -> None:
            time.sleep(seconds)
            self.start()

        thread = threading.Thread(target=later)
        thread.start()
        return thread


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[RestartableServer]:
    """A server of the test's own on a SQLite file in the test's temporary folder."""
    server = RestartableServer(tmp_path / "tabula.db")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A server of the test module's own (see `start_server`), its address."""
    with start_server() as address:
        yield address
