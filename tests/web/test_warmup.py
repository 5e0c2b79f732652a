"""Warming at start-up: the server's side of every route (web/warmup.py) and the workers' garbage set aside."""

from __future__ import annotations

import asyncio
import gc

from gridlogic.web import workerproc
from gridlogic.web.app import create_app
from gridlogic.web.warmup import request, warm_requests, warm_routes


def test_warm_requests_take_every_get_and_post_but_paths_with_parameters() -> None:
    paths = {"/a": {"get": {}}, "/b": {"post": {}}, "/c/{name}": {"get": {}}, "/d": {"put": {}, "post": {}}}
    assert warm_requests(paths) == [("GET", "/a"), ("POST", "/b"), ("POST", "/d")]


def test_every_route_is_warmed_and_no_post_reaches_the_pool() -> None:
    app = create_app()
    wanted = warm_requests(app.openapi()["paths"])
    assert ("POST", "/api/hint") in wanted and ("GET", "/api/kinds") in wanted
    statuses = asyncio.run(warm_routes(app, wanted))
    assert set(statuses) == {f"{m} {p}" for m, p in wanted}
    posts = {k: v for k, v in statuses.items() if k.startswith("POST")}
    assert posts["POST /api/hint"] == posts["POST /api/solve"] == 422
    assert all(400 <= v < 500 or k == "POST /api/starstar/state" for k, v in posts.items()), posts
    gets = {k: v for k, v in statuses.items() if k.startswith("GET")}
    needs_query = {"GET /api/daily": 422, "GET /api/starstar/progress": 400}  # refused without their parameters
    assert gets and {k: v for k, v in gets.items() if v != 200} == needs_query, gets
    assert app.state.pool.pids() == []  # no POST reached the pool: no worker was ever started


def test_request_answers_through_the_guard() -> None:
    app = create_app()
    assert asyncio.run(request(app, "GET", "/api/kinds")) == 200
    assert asyncio.run(request(app, "POST", "/api/hint", b"[")) == 422
    assert asyncio.run(request(app, "POST", "/api/hint", b"[" * 400)) == 400  # the guard's depth limit


def test_settle_freezes_what_survived() -> None:
    try:
        workerproc.settle()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_route_that_raises_does_not_stop_the_warming() -> None:
    async def broken(scope: object, receive: object, send: object) -> None:
        raise RuntimeError("boom")

    assert asyncio.run(warm_routes(broken, [("GET", "/x"), ("POST", "/y")])) == {"GET /x": 0, "POST /y": 0}
