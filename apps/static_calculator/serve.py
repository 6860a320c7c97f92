"""Serves the built static calculator (``make static-calculator``) to a class: compressed, many at once.

    python -m apps.static_calculator.serve [--port 8000] [--bind 127.0.0.1] [--backlog 1024]
                                           [--directory build/static-calculator]

``python -m http.server`` would serve the folder too, but as a test server: it sends every file as it
is (the 8.6 MB of Pyodide's WebAssembly where 2.8 MB gzipped would do) and listens with a queue of 5
connections, so a class opening the page at once waits seconds for connections it refused. This is
the same standard-library server (a thread per connection) with two changes:

- a file with a gzipped twin (``name.gz``, written by the build) is sent as that twin, with
  ``Content-Encoding: gzip``, to a browser that accepts gzip (all do), and as it is to one that does not;
- the listen queue holds ``--backlog`` connections (the system may cap it: ``net.core.somaxconn``).

It serves the folder's files and nothing else: no listing of a folder, nothing outside it.
``--bind 0.0.0.0`` serves the class's machines on the network; the default serves this machine only.
"""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DIRECTORY = ROOT / "build" / "static-calculator"
#: Connections waiting to be accepted: a class's browsers, each opening a few at once.
DEFAULT_BACKLOG = 1024
DEFAULT_PORT = 8000
#: The page's files' types, whatever this system's mimetypes say (WebAssembly is compiled while it
#: downloads only when it comes as application/wasm).
TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json",
         ".py": "text/x-python", ".whl": "application/zip", ".zip": "application/zip", ".html": "text/html",
         ".css": "text/css", ".txt": "text/plain"}


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header lets a response be gzipped (``gzip`` or ``*``, not ``q=0``).

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br;q=1, gzip;q=0"), accepts_gzip(None)
    (True, False, False)
    """
    for part in (header or "").split(","):
        coding, _, parameters = part.strip().partition(";")
        if coding.strip().lower() not in {"gzip", "*"}:
            continue
        quality = parameters.strip().lower().removeprefix("q=").strip() if parameters.strip().lower().startswith("q=") else "1"
        try:
            return float(quality) > 0
        except ValueError:
            return False
    return False


class Handler(SimpleHTTPRequestHandler):
    """The standard library's file handler, sending a file's gzipped twin when the browser takes it."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(os.path.splitext(path)[1].lower()) or super().guess_type(path)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, "index.html")
            if not self.path.partition("?")[0].endswith("/") or not os.path.isfile(index):
                return super().send_head()   # the redirect to "folder/", or no such page
            path = index
        twin = path + ".gz"
        if not os.path.isfile(twin) or not os.path.isfile(path):
            return super().send_head()
        if not accepts_gzip(self.headers.get("Accept-Encoding")):
            return super().send_head()
        with open(path, "rb") as original:
            modified = os.fstat(original.fileno()).st_mtime
        handle = open(twin, "rb")  # noqa: SIM115  (closed by the caller, as send_head's file is)
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
            self.send_header("Last-Modified", self.date_time_string(modified))
            self.end_headers()
        except BaseException:
            handle.close()
            raise
        return handle

    # Each request is logged once its headers are done, with the bytes its body sends (the gzipped
    # twin's size when it is sent): the log says what a visit downloaded.
    def send_response(self, code: int, message: str | None = None) -> None:
        self._logged = (code, "-")
        self.send_response_only(code, message)
        self.send_header("Server", self.version_string())
        self.send_header("Date", self.date_time_string())

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._logged = (self._logged[0], value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        self.log_request(*getattr(self, "_logged", ("-", "-")))
        super().end_headers()


class Server(ThreadingHTTPServer):
    """A thread per connection, with a listen queue of ``backlog``."""

    def __init__(self, address: tuple[str, int], handler: Any, backlog: int = DEFAULT_BACKLOG) -> None:
        self.request_queue_size = backlog
        super().__init__(address, handler)


def make_server(directory: Path, port: int = DEFAULT_PORT, bind: str = "127.0.0.1",
                backlog: int = DEFAULT_BACKLOG) -> Server:
    """The server of ``directory`` on ``bind``:``port`` (port 0: any free one), not yet serving."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"{directory} holds no index.html: build the page first (make static-calculator)")
    return Server((bind, port), partial(Handler, directory=str(directory)), backlog=backlog)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port to listen on ({DEFAULT_PORT})")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (127.0.0.1: this machine only; 0.0.0.0: the network)")
    parser.add_argument("--backlog", type=int, default=DEFAULT_BACKLOG,
                        help=f"connections waiting to be accepted ({DEFAULT_BACKLOG})")
    parser.add_argument("--directory", type=Path, default=DEFAULT_DIRECTORY,
                        help="the built page (make static-calculator writes build/static-calculator)")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: a port is 0 to 65535")
    if args.backlog < 1:
        parser.error(f"--backlog {args.backlog}: at least 1")
    with make_server(args.directory.resolve(), args.port, args.bind, args.backlog) as server:
        host, port = server.server_address[:2]
        print(f"Serving {args.directory} on http://{host!s}:{port}/ (Ctrl-C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print(file=sys.stderr)


if __name__ == "__main__":
    main()
