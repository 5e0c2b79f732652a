"""Every route of the web app under hostile requests (derandomized; thousands more in
benchmarks/bench_web_fuzz.py): no 5xx, no error that quotes the request, no live markup, bounded answers."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridlogic.web import fuzz
from gridlogic.web.app import MAX_ANSWER_BYTES, create_app


@pytest.fixture(scope="module")
def fuzz_client() -> Any:
    app = create_app(workers=1, time_limit=10.0, extra_hosts=("testserver",))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
    app.state.pool.close()


def test_every_post_route_has_a_good_request(fuzz_client: TestClient) -> None:
    posts = {path for path, ops in fuzz_client.app.openapi()["paths"].items() if "post" in ops}  # type: ignore[attr-defined]
    assert posts == set(fuzz.BASES)
    for path, body in fuzz.BASES.items():
        r = fuzz_client.post(path, json=body)
        assert r.status_code == 200, (path, r.text[:300])


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_hostile_requests_break_no_rule(fuzz_client: TestClient, rng: random.Random) -> None:
    request = fuzz.mutated(rng)
    if request.method == "GET":
        r = fuzz_client.get(request.path)
    else:
        r = fuzz_client.post(request.path, content=request.body, headers={"content-type": "application/json"})
    found = fuzz.problems(request, r.status_code, r.headers.get("content-type", ""), r.text, MAX_ANSWER_BYTES)
    assert not found, (request, r.status_code, r.text[:300])
