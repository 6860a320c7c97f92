"""How the hub's services run: a tornado app on its address until the hub stops it."""

from __future__ import annotations

import signal

from tornado import ioloop, web


def serve(app: web.Application, host: str, port: int, **listen: object) -> None:
    """Serve ``app`` on ``host``:``port`` until SIGTERM or SIGINT (the hub stops its services with these:
    the service ends at once)."""
    app.listen(port, host, **listen)  # type: ignore[arg-type]
    loop = ioloop.IOLoop.current()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: loop.add_callback_from_signal(loop.stop))
    loop.start()
