"""TLS with a private certificate authority: a server whose certificate a CA made here
signed, reached with that CA as the client's only trusted root."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from conftest import start_server
from tabula_client import AsyncClient, Client, TabulaError


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server over TLS and the CA certificate (PEM file) that signed its certificate."""
    d = tmp_path_factory.mktemp("tls")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", *ec, "-keyout", str(d / "ca.key"), "-out", str(d / "ca.pem"), "-days", "2",
            "-subj", "/CN=Tabula test CA")
    openssl("req", *ec, "-keyout", str(d / "server.key"), "-out", str(d / "server.csr"), "-subj", "/CN=localhost")
    (d / "san.ext").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", str(d / "server.csr"), "-CA", str(d / "ca.pem"), "-CAkey", str(d / "ca.key"),
            "-CAcreateserial", "-out", str(d / "server.pem"), "-days", "2", "-extfile", str(d / "san.ext"))
    with start_server("--tls-cert", str(d / "server.pem"), "--tls-key", str(d / "server.key")) as address:
        yield address, d / "ca.pem"


def test_a_client_trusting_the_ca_plays_over_tls(tls_server: tuple[str, Path]) -> None:
    address, ca = tls_server
    with Client(address, root_certificates=ca) as client:
        assert "connect_four" in [kind.name for kind in client.list_game_kinds()]
        created = client.create_game_from_preset("connect_four", "classic")
        events = client.events(created.game.game_id)
        assert [event.seq for _, event in zip(range(1), events)] == [1]
        events.close()
    creds = grpc.ssl_channel_credentials(root_certificates=ca.read_bytes())
    with Client(address, tls=creds) as client:
        assert client.get_game(created.game.game_id).game_id == created.game.game_id


async def test_an_async_client_trusting_the_ca_plays_over_tls(tls_server: tuple[str, Path]) -> None:
    address, ca = tls_server
    async with AsyncClient(address, root_certificates=ca.read_bytes()) as client:
        assert len(await client.list_game_kinds()) > 0


def test_a_client_that_does_not_trust_the_ca_cannot_connect(tls_server: tuple[str, Path]) -> None:
    address, _ = tls_server
    for client in (Client(address, tls=True, timeout=3), Client(address, timeout=3)):
        with client, pytest.raises(TabulaError) as refused:
            client.list_game_kinds()
        assert refused.value.code == grpc.StatusCode.UNAVAILABLE
