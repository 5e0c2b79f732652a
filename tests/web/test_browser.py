"""The page in a real browser (Debian's chromium, driven by Playwright): solve and explain."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from gridlogic.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="Debian chromium not installed (.ci/run installs it)")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(timeout=5)


def test_solve_and_step_through_explanation(server: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(server + "tools")
        page.fill("#puzzle", URL)
        page.click("#solve")
        page.wait_for_function("document.getElementById('status').textContent.includes('unique')")
        assert "unique solution" in page.inner_text("#status")
        page.click("#explain")
        page.wait_for_function("document.getElementById('status').textContent.startsWith('solved')")
        n = page.locator("#steps li").count()
        assert n > 0
        assert page.locator("#board td").count() == 36
        assert page.locator("#board td", has_text="★").count() == 0  # before the first step
        for _ in range(n):
            page.click("#next")
        assert page.locator("#board td", has_text="★").count() == 6
        page.fill("#puzzle", "nonsense")
        page.click("#solve")
        page.wait_for_function("document.getElementById('status').textContent.startsWith('error')")
        assert "not a puzzle" in page.inner_text("#status")
        browser.close()
