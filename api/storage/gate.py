"""The queue in front of a worker's connection pool: first come, first served.

SQLAlchemy's pool lets a newcomer take a returned connection ahead of those waiting, so under a
closed-loop load a few requests timed out while most were quick (README "The database under
load"). The gate hands each returned place to the longest waiter. Works for threads and, under
gevent's patching, for greenlets alike.
"""
from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager


class GateTimeout(Exception):
    """No place came free within the gate's wait."""


class Gate:
    """At most `size` holders at once; the others wait in arrival order, each at most `wait`
    seconds (then GateTimeout)."""

    def __init__(self, size: int, wait: float) -> None:
        self.size = size
        self.wait = wait
        self._free = size
        self._waiting: deque[threading.Event] = deque()
        self._lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """Requests waiting for a place now."""
        return len(self._waiting)

    @contextmanager
    def place(self) -> Iterator[None]:
        self.enter()
        try:
            yield
        finally:
            self.leave()

    def enter(self) -> None:
        with self._lock:
            if self._free > 0 and not self._waiting:
                self._free -= 1
                return
            turn = threading.Event()
            self._waiting.append(turn)
        if turn.wait(self.wait):
            return
        with self._lock:
            if turn.is_set():  # handed a place just as the wait ran out: it is ours
                return
            self._waiting.remove(turn)
        raise GateTimeout()

    def leave(self) -> None:
        with self._lock:
            if self._waiting:  # the place passes straight to the longest waiter
                self._waiting.popleft().set()
            else:
                self._free += 1
