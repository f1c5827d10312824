"""Phones following tables, cheaply: one asyncio process holding every follower's Server-Sent
Events stream (GET /api/v1/sessions/<code>/stream), for live.py and soak.py.

    python follow.py < commands

The first line of stdin is JSON: {"streams": [[port, code, after], ...]}. Each stream sends
Last-Event-ID (the version its phone shows), reads the chunked event stream, and notes the
moment each `id:` (a version) arrives, on the machine's monotonic clock (the one
time.monotonic() reads in every process). A stream that ends is opened again from the last
version it got. A stream refused with 503 does what the page does (api/static/session.js): it
reads the session every Retry-After seconds (If-None-Match: a 304 while nothing changed), four
times, then asks to follow again. Once every stream is open or refused the process prints
{"ready": n, "refused": r, "failed": k}; then each line "report" prints {"arrivals": [[stream,
version, seconds], ...], "reconnects": n, "refused": n, "polls": n, "open": n} (arrivals since
the last report), and "stop" closes everything. Its limit of open files is raised first (one
per stream).
"""
from __future__ import annotations

import asyncio
import json
import re
import resource
import sys
import time

CONNECTING_AT_ONCE = 100


class Followers:
    def __init__(self, streams: list[list[object]]) -> None:
        self.streams = [(int(port), str(code), int(after)) for port, code, after in streams]
        self.arrivals: list[tuple[int, int, float]] = []
        self.reconnects = 0
        self.refused = 0
        self.polls = 0
        self.open = 0
        self.opened = [asyncio.Event() for _ in self.streams]
        """Set once a stream is open, or refused (then it polls)."""
        self.gate = asyncio.Semaphore(CONNECTING_AT_ONCE)

    async def follow(self, index: int) -> None:
        port, code, version = self.streams[index]
        first = True
        while True:
            try:
                async with self.gate if first else _nothing():
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.write(f"GET /api/v1/sessions/{code}/stream HTTP/1.1\r\n"
                                 f"Host: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
                                 f"Last-Event-ID: {version}\r\n\r\n".encode())
                    head = await reader.readuntil(b"\r\n\r\n")
                if not head.startswith(b"HTTP/1.1 200"):
                    writer.close()
                    if head.startswith(b"HTTP/1.1 503"):
                        self.refused += 1
                        self.opened[index].set()
                        version = await self.politely(port, code, version, _retry_after(head))
                    else:
                        await asyncio.sleep(1)
                    continue
                self.open += 1
                self.opened[index].set()
                try:
                    async for got in _events(reader, b"chunked" in head.lower()):
                        version = max(version, got)
                        self.arrivals.append((index, got, time.monotonic()))
                finally:
                    self.open -= 1
                    writer.close()
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                await asyncio.sleep(0.5)
            first = False
            self.reconnects += 1

    async def politely(self, port: int, code: str, version: int, seconds: float) -> int:
        """What the page does when the server is full of followers: the session read every
        `seconds`, four times (If-None-Match); the version it then shows."""
        for _ in range(4):
            await asyncio.sleep(seconds)
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(f"GET /api/v1/sessions/{code} HTTP/1.1\r\nHost: 127.0.0.1:{port}"
                             f"\r\nIf-None-Match: \"v{version}\"\r\nConnection: close\r\n\r\n"
                             .encode())
                answer = await reader.read()
                writer.close()
            except OSError:
                continue
            self.polls += 1
            found = re.search(rb'"version":(\d+)', answer)
            if answer.startswith(b"HTTP/1.1 200") and found:
                version = max(version, int(found.group(1)))
        return version

    def report(self) -> dict[str, object]:
        got, self.arrivals = self.arrivals, []
        return {"arrivals": [[i, v, round(t, 6)] for i, v, t in got],
                "reconnects": self.reconnects, "refused": self.refused, "polls": self.polls,
                "open": self.open}


class _nothing:  # noqa: N801 - an `async with` that holds nothing
    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc: object) -> None:
        return None


async def _events(reader: asyncio.StreamReader, chunked: bool):  # type: ignore[no-untyped-def]
    """The version of each event of an SSE stream, as it arrives."""
    pending = b""
    while True:
        if chunked:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                return
            data = (await reader.readexactly(size + 2))[:-2]
        else:
            data = await reader.read(65536)
            if not data:
                return
        pending += data
        *lines, pending = pending.split(b"\n")
        for line in lines:
            if line.startswith(b"id:"):
                yield int(line[3:].strip())


def _retry_after(head: bytes) -> float:
    found = re.search(rb"(?i)\r\nRetry-After: *(\d+)", head)
    return float(found.group(1)) if found else 15.0


def _raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def main() -> None:
    _raise_open_files()
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader(limit=2**26)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    spec = json.loads(await commands.readline())
    followers = Followers(spec["streams"])
    tasks = [asyncio.create_task(followers.follow(i)) for i in range(len(followers.streams))]
    waits = [asyncio.create_task(e.wait()) for e in followers.opened]
    await asyncio.wait(waits, timeout=spec.get("timeout", 120))
    settled = sum(e.is_set() for e in followers.opened)
    print(json.dumps({"ready": followers.open, "refused": followers.refused,
                      "failed": len(tasks) - settled}), flush=True)
    while True:
        line = (await commands.readline()).strip()
        if line == b"report":
            print(json.dumps(followers.report()), flush=True)
        elif line in (b"stop", b""):
            break
    for task in tasks + waits:
        task.cancel()


if __name__ == "__main__":
    asyncio.run(main())
