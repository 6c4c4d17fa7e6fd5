#!/usr/bin/env python3
"""Checks that the four clients are alike: the table "Every concept in each language" of
clients/README.md names, for every concept, what it is called in each client, and this
check fails when a row lacks a language, when a name the table gives is not defined in
that client's public source, or when an RPC of the contract has no row. It also checks
that the four packages declare the same version.

Usage: python3 clients/concepts.py   (from anywhere; exits 1 and says why on a failure)
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

CLIENTS = Path(__file__).resolve().parent
REPO = CLIENTS.parent
LANGUAGES = ["Python", "TypeScript", "Go", "Java"]
TABLE_HEADING = "## Every concept in each language"

# Where each client's hand-written public code lives, and how a name is defined there.
SOURCES = {
    "Python": (CLIENTS / "python/src/tabula_client", "*.py", r"(?:def|class)\s+{name}\b|^{name}\s*[:=]|self\.{name}\s*[:=]"),
    "TypeScript": (
        CLIENTS / "typescript/src",
        "*.ts",
        r"(?:function|class|interface|type|const)\s+{name}\b|^\s+(?:static\s+)?(?:get\s+)?(?:async\s+)?(?:\*\s*)?{name}\s*[(<]|^\s+(?:readonly\s+)?{name}\s*[:?]",
    ),
    "Go": (CLIENTS / "go/tabula", "*.go", r"func\s+(?:\([^)]*\)\s*)?{name}\b|type\s+{name}\b|^\s+{name}\s+\S"),
    "Java": (
        CLIENTS / "java/src/main/java",
        "*.java",
        r"public\s+(?:static\s+)?(?:final\s+)?(?:<[^>]+>\s+)?(?:class|interface|record|[\w.<>\[\], ?]+)\s+{name}(?:\s*[({]|\s+(?:extends|implements)\b)",
    ),
}


def public_source(language: str) -> str:
    folder, pattern, _ = SOURCES[language]
    files = [p for p in folder.rglob(pattern) if "_gen" not in p.parts and "gen" not in p.parts and not p.name.endswith("_test.go")]
    return "\n".join(p.read_text() for p in files)


def table_rows(readme: str) -> list[list[str]]:
    """The rows of the concept table, as lists of cells (concept first)."""
    start = readme.index(TABLE_HEADING)
    lines = readme[start:].splitlines()[1:]
    rows = []
    in_table = False
    for line in lines:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if in_table:
                break
            continue
        in_table = True
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        rows.append(cells)
    header, _separator, *body = rows
    if header[1:] != LANGUAGES:
        raise SystemExit(f"the concept table's header must be concept, {', '.join(LANGUAGES)}; it is {header}")
    return body


def names_in(cell: str) -> list[str]:
    """The identifiers a cell names: from each `code` span, the name called or referred to
    last (`client.with_credential(c)` names with_credential, `moves.drop` names drop)."""
    names = []
    for code in re.findall(r"`([^`]+)`", cell):
        head = code.split("(")[0].split("<")[0].strip()
        head = re.sub(r"^(?:new|for|await|const|with)\s+", "", head)
        match = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*$", head)
        if match:
            names.append(match.group(1))
    return names


def rpcs() -> list[str]:
    text = (REPO / "proto/tabula/v1/game_service.proto").read_text()
    return re.findall(r"^\s*rpc\s+(\w+)\s*\(", text, flags=re.M)


def versions() -> dict[str, str]:
    found = {}
    pyproject = (CLIENTS / "python/pyproject.toml").read_text()
    found["Python"] = re.search(r'^version\s*=\s*"([^"]+)"', pyproject, flags=re.M).group(1)
    found["TypeScript"] = json.loads((CLIENTS / "typescript/package.json").read_text())["version"]
    go = "\n".join(p.read_text() for p in (CLIENTS / "go/tabula").glob("*.go"))
    found["Go"] = re.search(r'\bVersion\s*=\s*"v?([^"]+)"', go).group(1)
    pom = ElementTree.parse(CLIENTS / "java/pom.xml").getroot()
    namespace = {"m": "http://maven.apache.org/POM/4.0.0"}
    found["Java"] = pom.find("m:version", namespace).text.strip()
    return found


def main() -> int:
    problems = []
    rows = table_rows((CLIENTS / "README.md").read_text())
    sources = {language: public_source(language) for language in LANGUAGES}
    concepts = set()
    for row in rows:
        concept, *cells = row
        concepts.add(concept.strip("` "))
        for language, cell in zip(LANGUAGES, cells):
            names = names_in(cell)
            if not names:
                problems.append(f"{concept}: no {language} name")
            for name in names:
                _, _, definition = SOURCES[language]
                if not re.search(definition.replace("{name}", re.escape(name)), sources[language], flags=re.M):
                    problems.append(f"{concept}: {language} names `{name}`, which its public source does not define")
    for rpc in rpcs():
        if rpc not in concepts:
            problems.append(f"the RPC {rpc} has no row in the concept table")
    declared = versions()
    if len(set(declared.values())) != 1:
        problems.append(f"the packages declare different versions: {declared}")
    for problem in problems:
        print(f"concepts: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"concepts: {len(rows)} concepts named in all four clients; every RPC has a row; version {declared['Python']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
