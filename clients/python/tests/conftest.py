"""A real `tabula serve` per test module, on an ephemeral loopback port."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def server_binary() -> str:
    return os.environ.get("TABULA_BIN", str(REPO / "target" / "debug" / "tabula"))


@contextmanager
def start_server(*options: str) -> Iterator[str]:
    """Starts the server (with `options`) and yields its address; it prints `listening on
    ADDR` once bound. Its store is in memory, so it starts empty (request ids of earlier runs
    find nothing) and leaves no file behind."""
    binary = server_binary()
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no server binary at {binary}: build it or set TABULA_BIN")
    process = subprocess.Popen(
        [binary, "serve", "--listen", "127.0.0.1:0", "--store", "memory", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        if not line.startswith("listening on "):
            pytest.fail(f"server did not start: {line!r}")
        yield line.removeprefix("listening on ")
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A server of the test module's own (see `start_server`), its address."""
    with start_server() as address:
        yield address
