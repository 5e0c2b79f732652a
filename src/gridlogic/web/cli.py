"""``gridlogic serve``: run the web app with uvicorn."""

from __future__ import annotations

import click

from gridlogic.params import Int


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=Int(1, 65535))
def serve(host: str, port: int) -> None:
    """Serve the web app (solve, explain step by step, grade, check, convert, generate)."""
    import uvicorn

    from gridlogic.web.app import create_app

    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
