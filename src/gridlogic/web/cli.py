"""``gridlogic serve``: run the web app with uvicorn."""

from __future__ import annotations

import click

from gridlogic.params import Int, Seconds


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind (127.0.0.1: this machine only).")
@click.option("--port", default=8000, show_default=True, type=Int(1, 65535))
@click.option("--workers", default=2, show_default=True, type=Int(1, 64),
              help="Solver worker processes.")
@click.option("--time-limit", default=10.0, show_default=True, type=Seconds(0.1, 3600),
              help="Seconds of solver work per request; past it the worker is stopped and the answer is 503.")
@click.option("--max-body", default=1_000_000, show_default=True, type=Int(1_000, 100_000_000),
              help="Largest request body in bytes (larger: 413).")
def serve(host: str, port: int, workers: int, time_limit: float, max_body: int) -> None:
    """Serve the web app: play at http://HOST:PORT/play (solve, explain, grade, check, generate too)."""
    import uvicorn

    from gridlogic.web.app import create_app

    click.echo(f"gridlogic: warming up {workers + 1} workers, then open http://{host}:{port}/play  (Ctrl-C stops)",
               err=True)
    uvicorn.run(create_app(workers=workers, time_limit=time_limit, max_body=max_body, host=host), host=host, port=port,
                log_level="warning")
