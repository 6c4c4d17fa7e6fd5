"""The package as published: every contract type in `pb`, one version, the license, the
metadata, and the Python versions it declares."""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

from google.protobuf import descriptor_pool
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

import tabula_client
from tabula_client import pb

HERE = Path(__file__).resolve().parents[1]
REPO = HERE.parents[1]
PYPROJECT = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]


def test_pb_has_every_message_and_enum_of_every_proto_file() -> None:
    pool = descriptor_pool.Default()
    files = sorted((REPO / "proto" / "tabula" / "v1").glob("*.proto"))
    assert len(files) >= 8
    for path in files:
        proto = pool.FindFileByName(f"tabula/v1/{path.name}")
        for name in [*proto.message_types_by_name, *proto.enum_types_by_name]:
            assert name in pb.__all__, f"pb.{name} ({path.name}) is missing"
            assert getattr(pb, name).DESCRIPTOR.full_name == f"tabula.v1.{name}"
    assert pb.Timestamp.DESCRIPTOR.full_name == "google.protobuf.Timestamp"
    assert {"GameServiceStub", "GameServiceAsyncStub"} <= set(pb.__all__)


def test_the_version_is_the_one_pyproject_declares() -> None:
    assert tabula_client.__version__ == PYPROJECT["version"] == metadata.version("tabula-client") == "0.1.0"


def test_the_license_is_the_repository_one() -> None:
    assert (HERE / "LICENSE").read_bytes() == (REPO / "LICENSE").read_bytes(), "copy the root LICENSE here"
    assert PYPROJECT["license"] == "MIT" and PYPROJECT["license-files"] == ["LICENSE"]


def test_the_metadata_is_complete() -> None:
    meta = metadata.metadata("tabula-client")
    assert meta["Name"] == "tabula-client" and meta["Summary"]
    assert meta["License-Expression"] == "MIT"
    assert "Repository, https://github.com/tabula-games/tabula" in meta.get_all("Project-URL", [])
    assert meta["Description-Content-Type"] == "text/markdown"


def test_the_declared_pythons_are_the_tested_ones_and_the_dependencies_own() -> None:
    declared = SpecifierSet(PYPROJECT["requires-python"])
    tested = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert tested in declared, f"the tests run on {tested}, which the package does not declare"
    floor = str(PYPROJECT["requires-python"]).removeprefix(">=")
    classifiers = [c for c in PYPROJECT["classifiers"] if c.startswith("Programming Language :: Python :: 3.")]
    assert f"Programming Language :: Python :: {floor}" in classifiers, "the floor is a listed version"
    for requirement in map(Requirement, PYPROJECT["dependencies"]):
        needs = metadata.metadata(requirement.name)["Requires-Python"] or ""
        assert tested in SpecifierSet(needs), f"{requirement.name} needs Python {needs}"
        assert metadata.version(requirement.name) in requirement.specifier
