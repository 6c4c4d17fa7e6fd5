#!/usr/bin/env bash
# Installs the locked dependencies, builds and packs the package (`npm pack`, whose prepack
# type-checks and builds dist, examples/lobby.ts included), runs the tests against a real
# server (TABULA_BIN, default target/debug/tabula; the lobby example among them, through a
# server restart), builds the reference docs with TypeDoc, failing on any warning (one more
# test), then installs the packed tarball into a fresh project outside the repository and
# plays a Connect Four game through it against a live server (one more test).
# The last line is the summary: `typescript client: N passed, M failed`.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$here"
summary() { echo "typescript client: $1 passed, $2 failed"; }
export TABULA_BIN="${TABULA_BIN:-$repo/target/debug/tabula}"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT

if ! npm ci --no-audit --no-fund --loglevel=error; then
  echo "typescript client: npm ci failed" >&2; summary 0 1; exit 1
fi
# prepack builds dist (src and tests, type-checked) and brings in the repository's LICENSE.
if ! npm pack --pack-destination "$work" --loglevel=error >"$work/pack.log" 2>&1; then
  cat "$work/pack.log" >&2
  echo "typescript client: npm pack (type check and build) failed" >&2; summary 0 1; exit 1
fi
tarball="$(ls "$work"/tabula-client-*.tgz)"

output="$work/test-output"
node --test --test-timeout=60000 --test-reporter=spec dist/test/*.test.js | tee "$output"
status=${PIPESTATUS[0]}
passed="$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$output" | tail -1)"
failed="$(sed -n 's/^ℹ fail \([0-9]*\)$/\1/p' "$output" | tail -1)"
passed="${passed:-0}"
failed="${failed:-1}"

# The reference docs (dist/docs), from the sources' doc comments; typedoc.json turns any
# warning into a failure.
echo "# the reference docs build with TypeDoc, with no warning"
if npm run docs --silent >"$work/docs.log" 2>&1; then
  echo "✔ the reference docs build with no warning"
  passed=$((passed + 1))
else
  cat "$work/docs.log"
  echo "✖ the reference docs build with no warning"
  failed=$((failed + 1))
  status=1
fi

# The packed package, installed the ecosystem's way into a fresh project: its dependencies
# resolve from the configured registry (refusing any whose engines exclude this Node), its
# types load through the exports map and check (its declarations included: no skipLibCheck;
# Connect's need the DOM's HeadersInit), and a program plays a whole game through it.
install_check() {
  local listing app addr line
  listing="$(tar tzf "$tarball")" || return 1
  for file in package/package.json package/README.md package/LICENSE package/dist/src/index.js \
    package/dist/src/index.d.ts package/dist/src/web.js package/dist/src/web.d.ts \
    package/dist/src/gen/tabula/v1/game_service_pb.js; do
    grep -qx "$file" <<<"$listing" || { echo "the tarball lacks $file" >&2; return 1; }
  done
  if grep -q '^package/dist/test/' <<<"$listing"; then echo "the tarball ships the tests" >&2; return 1; fi

  app="$work/app"
  mkdir -p "$app"
  cp examples/connect-four.ts examples/lobby.ts examples/quickstart.mjs "$app/"
  local typescript types_node
  typescript="$(node -p 'require("./package-lock.json").packages["node_modules/typescript"].version')"
  types_node="$(node -p 'require("./package-lock.json").packages["node_modules/@types/node"].version')"
  (
    cd "$app" || exit 1
    cat >package.json <<'EOF'
{ "name": "tabula-install-check", "version": "1.0.0", "private": true, "type": "module" }
EOF
    cat >tsconfig.json <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "lib": ["ES2022", "DOM"],
    "types": ["node"], "strict": true, "outDir": "."
  },
  "files": ["connect-four.ts", "lobby.ts"]
}
EOF
    npm install --no-audit --no-fund --loglevel=error --engine-strict \
      "$tarball" "typescript@$typescript" "@types/node@$types_node" &&
      node_modules/.bin/tsc -p tsconfig.json
  ) || return 1

  "$TABULA_BIN" serve --listen 127.0.0.1:0 --store memory >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  for _ in $(seq 1 100); do
    line="$(head -n 1 "$work/server.out")"
    [[ "$line" == "listening on "* ]] && break
    sleep 0.1
  done
  [[ "$line" == "listening on "* ]] || { echo "the server did not start" >&2; cat "$work/server.err" >&2; return 1; }
  addr="${line#listening on }"
  (cd "$app" && node connect-four.js "$addr" && node quickstart.mjs "$addr" >/dev/null)
}

echo "# the packed package installed in a fresh project plays Connect Four"
if install_check; then
  echo "✔ the packed package installs and plays a whole game"
  passed=$((passed + 1))
else
  echo "✖ the packed package installs and plays a whole game"
  failed=$((failed + 1))
  status=1
fi
summary "$passed" "$failed"
[[ $status -eq 0 ]]
