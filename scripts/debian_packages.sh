#!/usr/bin/env bash
# Meant to be sourced: `need_command COMMAND PACKAGE` installs Debian's PACKAGE when
# COMMAND is not on the PATH (as root, or through sudo), so that a fresh machine runs the
# tests that need it: tmux for the terminal client's tests, chromium for the web page's.

need_command() {
    local command=$1 package=$2
    command -v "$command" >/dev/null 2>&1 && return 0
    echo "installing $package (Debian package) for $command" >&2
    local as_root=()
    [ "$(id -u)" -eq 0 ] || as_root=(sudo)
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >&2
    command -v "$command" >/dev/null 2>&1
}
