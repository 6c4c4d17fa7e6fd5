"""The README's quick start is `examples/quickstart.py`, word for word, and runs as written
against a real server (given as its first argument)."""

import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent
QUICK_START = HERE / "examples" / "quickstart.py"


def test_the_readme_shows_the_quick_start_program() -> None:
    # The repository's own README shows it too, when this runs inside the repository.
    readmes = [HERE / "README.md", HERE.parent.parent / "README.md"]
    for readme in [r for r in readmes if r.exists()]:
        match = re.search(r"```python\n(.*?)```", readme.read_text(), re.S)
        assert match, f"the first python block of {readme} is the quick start"
        assert match.group(1) == QUICK_START.read_text(), f"{readme} shows examples/quickstart.py as it is"


def test_the_quick_start_runs(server: str) -> None:
    result = subprocess.run(
        [sys.executable, str(QUICK_START), server], capture_output=True, text=True, timeout=60, cwd=HERE
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("1 game_created"), result.stdout
    assert any(" game_ended " in f" {line} " for line in lines), result.stdout
    assert lines[-1] == "StatusCode.FAILED_PRECONDITION GAME_OVER", result.stdout
