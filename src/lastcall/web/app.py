"""The FastAPI application: its life (database, bots, broker, sweeper) and the HTTP edge.

Domain errors become HTTP answers here and nowhere else: every refusal is a
JSON ``{"detail": ...}`` with a 4xx status, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lastcall.core import __version__, game, games
from lastcall.web.db.engine import make_engine, migrate
from lastcall.web.errors import ServiceError
from lastcall.web.routers import api, pages, ws
from lastcall.web.service.bots import BotPool
from lastcall.web.service.broker import Broker
from lastcall.web.service.hub import Hub
from lastcall.web.service.store import Store
from lastcall.web.settings import Settings

HERE = Path(__file__).parent
log = logging.getLogger("lastcall.web")


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413, declared or streamed (chunked).

    The body is read here, before the application sees it: every body the API
    takes is small, and a streamed one is refused the moment it passes the limit.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(scope, receive, send, self.limit)
                return
        chunks: list[bytes] = []
        seen = 0
        first: Message | None = None
        while True:
            message = await receive()
            if message["type"] != "http.request":
                first = message
                break
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _too_large(scope, receive, send, self.limit)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        pending: list[Message] = [
            first or {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        ]

        async def buffered() -> Message:
            return pending.pop() if pending else await receive()

        await self.app(scope, buffered, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse({"detail": f"the request body is over {limit} bytes"}, 413)
    await response(scope, receive, send)


# Pages run only the server's own scripts and styles, and talk only to the server.
CONTENT_POLICY = (
    b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    b"frame-ancestors 'none'"
)
# FastAPI's own API explorer loads its scripts from elsewhere; it shows no game data.
_EXPLORER = ("/docs", "/redoc")


class SecurityHeaders:
    """Tokens live in page addresses: no referrer leaves a page, no frame holds one, and
    no script but the server's own runs in a page (Content-Security-Policy)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        policy = not str(scope.get("path", "")).startswith(_EXPLORER)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"cache-control", b"no-store"),
                ]
                if policy:
                    headers.append((b"content-security-policy", CONTENT_POLICY))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(settings: Settings, on_ready: Callable[[], None] | None = None) -> FastAPI:
    """The application for ``settings``; the database is migrated when it starts.

    ``on_ready`` is called once the database, the bots and the broker are up.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.db_url, settings.sqlite_synchronous)
        await migrate(engine)
        bots = BotPool(settings.bot_workers)
        bots.warm()
        hub = Hub(
            Store(engine),
            bots,
            shared=settings.redis_url is not None,
            bot_delay=settings.bot_delay,
            settings=settings,
        )
        broker = None
        if settings.redis_url is not None:
            broker = Broker(settings.redis_url, hub.remote_change, hub.holds)
            await broker.start()
            hub.publish = broker.publish
        app.state.hub = hub
        await hub.sweep(bot_idle=0.0)
        loops = [
            asyncio.create_task(_sweep_forever(hub, settings.sweep_seconds)),
            asyncio.create_task(_presence_forever(hub)),
        ]
        _settle_heap()
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            for task in loops:
                task.cancel()
            for task in loops:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await hub.close()
            if broker is not None:
                await broker.close()
            await asyncio.to_thread(bots.close)
            await engine.dispose()

    app = FastAPI(
        title="lastcall",
        version=__version__,
        summary="Bar-themed tabletop games in the browser: tables, invite links, bots.",
        lifespan=lifespan,
    )
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.state.settings = settings
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid request", "type": ""}
        if first.get("type") == "json_invalid":
            return JSONResponse({"detail": "the body is not valid JSON"}, 400)
        where = ".".join(str(p) for p in first.get("loc", ())) or "request"
        return JSONResponse({"detail": f"{where}: {first.get('msg', 'invalid')}"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(_allowed(app, request.url.path))
        return JSONResponse({"detail": str(exc.detail)}, exc.status_code, headers=headers)

    return app


def _allowed(app: FastAPI, path: str) -> list[str]:
    """Every method some route serves at ``path`` (one path may have a route per method)."""
    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, APIRoute) and route.path_regex.match(path):
            methods |= route.methods or set()
    return sorted(methods)


# A move makes thousands of short-lived objects (a seat's presentation alone has a few
# hundred): young collections every 700 allocations, as by default, took about 4% of a
# loaded server's time, against 0.6% at 10,000 (docs/web.md).
GC_THRESHOLDS = (10_000, 20, 10)


def _settle_heap() -> None:
    """Load every game, then take what start-up made out of the garbage collector's sight.

    Modules, game content and the framework live as long as the server, yet
    every full collection walked all of them again, in pauses that set the
    latency of whichever move was waiting (p99 54-67 ms before, 22-31 ms after,
    100 tables at 200 ms think, docs/web.md). Frozen, a collection walks only
    what the tables made since.
    """
    for game_id in games():
        game(game_id)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _sweep_forever(hub: Hub, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await hub.sweep()
            hub.evict_idle()
        except Exception:
            log.exception("the sweep for tables nobody drives failed")


async def _presence_forever(hub: Hub) -> None:
    """Write down, every few seconds, that connected people are here (for every process)."""
    while True:
        await asyncio.sleep(hub.presence_every)
        try:
            await hub.heartbeat()
        except Exception:
            log.exception("writing down who is connected failed")
