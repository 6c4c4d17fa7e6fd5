#!/usr/bin/env bash
# Meant to be sourced: `need_command COMMAND PACKAGE` installs Debian's PACKAGE when
# COMMAND is not on the PATH (as root, or through sudo), so that a fresh machine runs the
# tests that need it: tmux for the terminal client's tests, chromium for the web page's.
# `need_command_from_package COMMAND PACKAGE FOLDER` takes only the program COMMAND out of
# Debian's PACKAGE into FOLDER, without installing the package.

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

# For a package that would bring more than the one program a test needs: Debian's
# `prometheus` is a 19 MB download that installs a server, creates its user and starts its
# service, where the metrics tests need only its promtool. The package is downloaded, not
# installed, and /usr/bin/COMMAND unpacked from it into FOLDER, which the caller puts on
# its PATH; nothing outside FOLDER changes.
need_command_from_package() {
    local command=$1 package=$2 folder=$3
    command -v "$command" >/dev/null 2>&1 && return 0
    echo "fetching $command from Debian's $package package into $folder" >&2
    local as_root=() download
    [ "$(id -u)" -eq 0 ] || as_root=(sudo)
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    download=$(mktemp -d)
    # Into a private folder apt's own download user cannot write to: without its sandbox.
    (cd "$download" && apt-get download -qq -o APT::Sandbox::User=root "$package" >&2) &&
        mkdir -p "$folder" &&
        dpkg-deb --fsys-tarfile "$download"/"$package"_*.deb |
        tar -x -C "$folder" --strip-components=3 "./usr/bin/$command"
    local status=$?
    rm -rf "$download"
    [ "$status" -eq 0 ] && command -v "$command" >/dev/null 2>&1
}
