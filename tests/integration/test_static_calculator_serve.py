"""The static calculator's server (``python -m apps.static_calculator.serve``), on a small site of its
own: a file's gzipped twin is sent to a browser that takes gzip (and the file as it is to one that
does not), nothing but the folder's files is served, a class's connections wait in its listen queue
instead of being refused, and its options (port, address, queue, folder) are taken or refused."""

from __future__ import annotations

import gzip
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from apps.static_calculator.serve import Server, accepts_gzip, make_server

ROOT = Path(__file__).resolve().parents[2]
PAGE = b"<!DOCTYPE html><title>page</title>" + b"<p>words</p>" * 200
WASM = b"\0asm\1\0\0\0" + bytes(range(256)) * 100


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    (folder / "pyodide").mkdir(parents=True)
    (folder / "index.html").write_bytes(PAGE)
    (folder / "index.html.gz").write_bytes(gzip.compress(PAGE))
    (folder / "pyodide" / "pyodide.asm.wasm").write_bytes(WASM)
    (folder / "pyodide" / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(WASM))
    (folder / "version.txt").write_text("1\n")
    (tmp_path / "secret.txt").write_text("not the site's")
    return folder


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    server = make_server(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def get(url: str, encoding: str | None = "gzip, deflate") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_gzipped_twins_to_a_browser_that_takes_gzip(served: str) -> None:
    status, headers, body = get(served + "/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"] == "application/wasm"
    assert int(headers["Content-Length"]) == len(body) < len(WASM) and gzip.decompress(body) == WASM
    # The page itself, under any link to it.
    status, headers, body = get(served + "/?hand=5H5D6H7S&starter=8C&lang=pt")
    assert headers["Content-Type"] == "text/html" and gzip.decompress(body) == PAGE


@pytest.mark.parametrize("encoding", [None, "identity", "br, gzip;q=0"])
def test_the_file_as_it_is_to_one_that_does_not(served: str, encoding: str | None) -> None:
    status, headers, body = get(served + "/pyodide/pyodide.asm.wasm", encoding)
    assert status == 200 and "Content-Encoding" not in headers and body == WASM


def test_only_the_folders_files(served: str) -> None:
    assert get(served + "/pyodide/")[0] == 404   # no listing
    assert get(served + "/version.txt")[2] == b"1\n"
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/pyodide/..%2f..%2fsecret.txt"):
        _, _, body = get(served + path)
        assert b"not the site's" not in body, path


@pytest.mark.parametrize(("header", "taken"), [("gzip", True), ("GZIP;q=0.5", True), ("*", True), ("gzip;q=0", False),
                                               ("deflate, br", False), ("gzip;q=x", False), ("", False)])
def test_accept_encoding(header: str, taken: bool) -> None:
    assert accepts_gzip(header) is taken


def test_a_class_waits_in_the_listen_queue(site: Path) -> None:
    """Connections made while the server is not accepting any (as when all its threads are busy) wait
    in its queue; ``http.server``'s queue of 5 left the rest to retry a second later, then three."""
    server: Server = make_server(site, port=0, backlog=256)
    port = server.server_address[1]
    clients: list[socket.socket] = []
    try:
        for _ in range(100):
            # Refused or dropped past the queue, a connection would time out here.
            clients.append(socket.create_connection(("127.0.0.1", port), timeout=0.5))
    finally:
        for client in clients:
            client.close()
        server.server_close()
    assert len(clients) == 100


def test_the_command_line(site: Path) -> None:
    command = [sys.executable, "-m", "apps.static_calculator.serve", "--port", "0", "--backlog", "64",
               "--bind", "127.0.0.1", "--directory", str(site)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()   # "Serving <folder> on http://127.0.0.1:<port>/ ..."
        address = line.split(" on ", 1)[1].split()[0]
        status, _, body = get(address + "index.html")
        assert status == 200 and gzip.decompress(body) == PAGE
    finally:
        server.terminate()
        server.wait(30)


@pytest.mark.parametrize(("arguments", "said"), [(["--port", "70000"], "--port 70000"), (["--backlog", "0"], "--backlog 0"),
                                                 (["--port", "x"], "--port"), (["--directory", "{empty}"], "index.html")])
def test_wrong_options_are_named(tmp_path: Path, arguments: list[str], said: str) -> None:
    arguments = [argument.replace("{empty}", str(tmp_path)) for argument in arguments]
    done = subprocess.run([sys.executable, "-m", "apps.static_calculator.serve", *arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and said in done.stderr and "Traceback" not in done.stderr
