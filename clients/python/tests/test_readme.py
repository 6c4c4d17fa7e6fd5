"""The README's quick start, run as written against a real server (only its address is
the test server's)."""

import pathlib
import re
import subprocess
import sys

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def quick_start() -> str:
    match = re.search(r"python - <<'PY'\n(.*?)\nPY\n", README.read_text(), re.S)
    assert match, "the README's quick start is a `python - <<'PY' ... PY` block"
    return match.group(1)


def test_the_readme_quick_start_runs(server: str) -> None:
    code = quick_start().replace("127.0.0.1:50051", server)
    result = subprocess.run([sys.executable, "-"], input=code, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("1 game_created"), result.stdout
    assert any(" game_ended " in f" {line} " for line in lines), result.stdout
    assert lines[-1] == "StatusCode.FAILED_PRECONDITION GAME_OVER", result.stdout
