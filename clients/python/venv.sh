# Sourced by this package's scripts: makes (once) the git-ignored venv with pinned tools.
VENV="${TABULA_PY_VENV:-$here/.venv}"
ensure_venv() {
  local stamp="$VENV/.requirements.sha256"
  local want
  want="$(cat "$here/requirements-dev.txt" | sha256sum | cut -d' ' -f1)"
  if [[ ! -x "$VENV/bin/python" || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements-dev.txt"
    echo "$want" >"$stamp"
  fi
}
