"""Long stretches of CPU (drawing a PDF, laying out the sheets at start-up) run on a real
thread when the server runs on gevent, so every other connection of the worker goes on being
served meanwhile; elsewhere (tests, `make dev`) they simply run where they are called."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def green() -> bool:
    """Whether this process serves on gevent (gunicorn's gevent worker patched it)."""
    try:
        from gevent import monkey  # noqa: PLC0415
    except ImportError:
        return False
    return bool(monkey.is_module_patched("threading"))


def off_the_loop(work: Callable[..., T], *args: Any) -> T:
    """work(*args), on gevent's thread pool when serving on gevent (others are served meanwhile)."""
    if not green():
        return work(*args)
    from gevent import get_hub  # noqa: PLC0415

    result: T = get_hub().threadpool.apply(work, args)
    return result


def in_background(work: Callable[[], Any]) -> None:
    """work() on a real thread, not waited for (a worker shutting down does not wait)."""
    if green():
        from gevent import get_hub  # noqa: PLC0415

        get_hub().threadpool.spawn(work)
        return
    threading.Thread(target=work, name="lairside-background", daemon=True).start()
