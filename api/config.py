"""Settings: typed module constants read from the environment, with documented defaults.
README.md "Configuration" lists every LAIRSIDE_* variable with its default and meaning; the
sizes of what each worker keeps in memory are set here, in one place (README "Memory").
"""
from __future__ import annotations

import gc
import os
from typing import Any

# --- what each worker keeps in memory: every size set here, once (README "Memory") ----------
# Each is small enough to fill in the first minutes of a busy evening, so a worker's size stops
# growing there (make bench B5: within 10% from minute 5 to minute 30 of a mixed load).

ANSWER_CACHE_BYTES = 8 * 1024 * 1024
"""Bytes of finished answers each worker keeps (api/cache.py; README "Memory" lists them), each
counted as the body it keeps (a text: its gzip form) plus ANSWER_ENTRY_BYTES; least recently
used dropped first."""
# Measured (make bench B5, 30 minutes, when texts were kept whole as well): at 8 MiB a worker
# grew 2.7% from minute 5; at 16 MiB 10.1% (steps at minutes 11 and 20); at 32 MiB 64%.
ANSWER_ENTRY_BYTES = 2048
"""What a kept answer costs besides its body (its key, headers and record), counted against
ANSWER_CACHE_BYTES so that many small answers are bounded too. Measured with tracemalloc
(answers to rule look-ups, phone setup pages and calculators): 0.6 to 1.8 KiB."""
HISTORIES = 256
"""Folded session histories each worker keeps at most (api/storage/store.py)..."""
HISTORY_BYTES = 24 * 1024 * 1024
"""...and at most about this many bytes of them (estimated: store.py _Held.weight), least
recently used dropped first. A history holds its newest versions' small numbers (about 50 bytes
each) and its older ones' packed (about 23: assistant/tracker/columns.py), the events since its
newest snapshot (at most SNAPSHOT_EVERY) and a few whole states, however long its table: about
160 KiB at 5,000 events (the estimate within 10% of what tracemalloc counts), so the 100 tables
of 5,000 events make bench C writes in turn fit with room (at 20 MiB a worker dropped some, and
an append cost 1.99x the INSERT floor instead of 1.88x). The estimate counts each whole state
held on its own, while the states of one table share its notes: for a table of a few hundred
notes it says five to nine times what tracemalloc counts, so such tables weigh less than the
budget says (make bench B5's tables, whose events are notes, reach it about minute 9-13). A
table dropped is resumed from its newest snapshot and the events after it (README "Memory")."""
SETUPS = 256
"""Parsed session setups each worker keeps (a setup never changes once stored)."""
SQLITE_CACHE_KIB = 512
"""SQLite's page cache per connection (PRAGMA cache_size; SQLite's default is 2,000 KiB): the
operating system caches the file for every process anyway, and a write by another worker
empties the page caches of the others."""
PAGE_TEXTS = 8192
"""Rules texts the pages' helpers keep marked up (api/pages_text.py): numbers highlighted (this
many), rich text (a quarter), humanised names (half). Keys are texts of the rules, so these
fill with the pages read and stop there."""
FOLLOWED_SEEN = 8192
"""Followed tables whose latest version each worker remembers hearing of (api/followers.py):
only tables a phone follows in that worker, so tables created and written without followers
never fill it (make bench B5 creates ~5,000 a worker in 30 minutes)."""
RATE_HELD = 10_000
"""Clients at a rate limit a worker remembers (api/ratelimit.py): all forgotten at once past
this (they are counted again from the shared table)."""

DB_POOL = 10
"""Database connections per worker (LAIRSIDE_DB_POOL): a request holds one only while it asks
the database (one round trip for a read, one transaction for a write); followers hold none."""
DB_WAIT = 10.0
"""Seconds a request may wait in line for a connection (LAIRSIDE_DB_WAIT) before a 503 with
Retry-After: far above the longest wait measured (README "The database under load")."""


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return default if raw in (None, "") else int(raw)


def _list(name: str) -> list[str]:
    return [part.strip() for part in os.environ.get(name, "").split(",") if part.strip()]


def flask_config() -> dict[str, Any]:
    """The app's settings, read from the environment when an app is built."""
    env = os.environ.get
    return {"MAX_CONTENT_LENGTH": _int("LAIRSIDE_MAX_BODY_BYTES", 65536),
            "TRUSTED_HOSTS": _list("LAIRSIDE_TRUSTED_HOSTS") or None,
            "LAIRSIDE_PUBLIC_URL": (env("LAIRSIDE_PUBLIC_URL") or "").rstrip("/") or None,
            "LAIRSIDE_LISTEN": env("LAIRSIDE_LISTEN") or None,
            "LAIRSIDE_TLS_DIR": env("LAIRSIDE_TLS_DIR") or None,
            "LAIRSIDE_PROXIES": _int("LAIRSIDE_PROXIES", 0),
            "LAIRSIDE_DATABASE_URL": env("LAIRSIDE_DATABASE_URL") or env("DATABASE_URL") or None,
            "LAIRSIDE_CACHE_SECONDS": _int("LAIRSIDE_CACHE_SECONDS", 300),
            "LAIRSIDE_RETENTION_DAYS": _int("LAIRSIDE_RETENTION_DAYS", 90),
            "LAIRSIDE_MAX_EVENTS": _int("LAIRSIDE_MAX_EVENTS", 10000),
            "LAIRSIDE_MAX_SESSION_BYTES": _int("LAIRSIDE_MAX_SESSION_BYTES", 4 * 1024 * 1024),
            "LAIRSIDE_DB_POOL": _int("LAIRSIDE_DB_POOL", DB_POOL),
            "LAIRSIDE_DB_WAIT": float(env("LAIRSIDE_DB_WAIT") or DB_WAIT),
            "LAIRSIDE_FOLLOWERS": follower_limit()}


# --- serving: gunicorn reads these names with `gunicorn -c python:api.config` (make run) ------
# gevent workers: a following phone costs a greenlet, not a thread (README "Serving" says why).
worker_class = "gevent"
CONNECTIONS = 6000
"""Default open connections per worker (LAIRSIDE_CONNECTIONS): 2 workers hold 10,800 phones
following and keep 600 connections each for everything else."""
worker_connections = _int("LAIRSIDE_CONNECTIONS", CONNECTIONS)
"""Open connections per worker (followers, slow clients and ordinary requests together): past
it gunicorn stops accepting, so followers are held to fewer (follower_limit)."""
reuse_port = True
"""Each worker listens on a socket of its own (SO_REUSEPORT), the kernel spreading new
connections evenly over them: on one shared socket the worker that happened to be idle took
them, and 10,000 followers arrived 4,600 and 5,400, one worker at its follower limit."""
FILES_SPARE = 64
"""Open files a worker needs besides its connections (database, logs, the listening socket)."""


def follower_limit(connections: int | None = None) -> int:
    """Phones one worker lets follow (streams and long polls) before it answers 503: its
    connections (as many as it may open files for) less the room kept for ordinary requests,
    a tenth of them and at least 32, so a server full of followers still answers lookups."""
    most = worker_connections if connections is None else connections
    most = min(most, open_files()[0] - FILES_SPARE)
    return max(1, most - max(32, most // 10))


def open_files() -> tuple[int, int]:
    """This process's (soft, hard) limit on open files (unlimited: a very large number)."""
    import resource  # noqa: PLC0415  (POSIX)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    unlimited = resource.RLIM_INFINITY
    return (1 << 30 if soft == unlimited else soft), (1 << 30 if hard == unlimited else hard)


def raise_open_files(wanted: int) -> None:
    """Raise the soft limit on open files to `wanted` (at most the hard limit, which only the
    system raises): each connection is a file, and the usual soft limit (1,024) would cap a
    worker far below its worker_connections."""
    import resource  # noqa: PLC0415

    soft, hard = open_files()
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), resource.getrlimit(
            resource.RLIMIT_NOFILE)[1]))


def on_starting(server: Any) -> None:
    """In gunicorn's master, before any worker starts (they inherit it): room for every
    connection a worker may hold."""
    raise_open_files(worker_connections + FILES_SPARE)
timeout = 30  # a worker whose loop is stuck this long is restarted
graceful_timeout = 10
keepalive = 5
"""Seconds an idle connection is kept between requests, and the most a client may take to
send a request's line and headers (gunicorn's gevent worker reads them under this timeout)."""
limit_request_line = 8190  # gunicorn's maximum; the app answers 414 problem+json above 4096
limit_request_field_size = 16380  # the app answers 431 problem+json above 16384 bytes in all
limit_request_fields = 100


def post_worker_init(worker: Any) -> None:
    """Called once the worker has built the app: freeze what it built, collect in full on a
    clock (api/collector.py), then lay out the sheets hosts print first in the background
    (printables/warm.py; LAIRSIDE_WARM_SHEETS=0: not)."""
    freeze_what_was_built()
    from api.collector import collect_on_a_clock  # noqa: PLC0415

    collect_on_a_clock()
    followers_leave_first(worker)
    if _int("LAIRSIDE_WARM_SHEETS", 1):
        from api.offload import in_background  # noqa: PLC0415
        from printables.warm import warm_sheets  # noqa: PLC0415

        in_background(warm_sheets)


def followers_leave_first(worker: Any) -> None:
    """On SIGTERM a worker stops accepting and waits for its open answers to end, which a
    stream never does by itself: its phones are let go first (each follows again through a
    worker that runs, from the version it shows), so it stops in a moment, not after
    graceful_timeout."""
    import signal  # noqa: PLC0415

    from gevent import spawn  # noqa: PLC0415

    followers = getattr(getattr(worker, "wsgi", None), "extensions", {}).get("lairside.followers")
    previous = signal.getsignal(signal.SIGTERM)
    if followers is None or not callable(previous):
        return

    def stopping(number: int, frame: Any) -> None:
        spawn(followers.release_all)  # a greenlet of its own: a signal may land in the hub
        previous(number, frame)

    signal.signal(signal.SIGTERM, stopping)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn set it: requests run on


def worker_exit(server: Any, worker: Any) -> None:
    """A worker that is done leaves at once, with the status it was leaving with, as
    multiprocessing's children do: the interpreter's own finalization, once gevent's modules
    are torn down, ends in tracebacks (logging's handler references call into gevent). Its
    database connections are closed first, its logs flushed."""
    import logging  # noqa: PLC0415
    import sys  # noqa: PLC0415

    leaving = sys.exc_info()[1]
    if not isinstance(leaving, SystemExit) or not isinstance(leaving.code, int | None):
        return  # anything else: the usual way out
    store = getattr(getattr(worker, "wsgi", None), "extensions", {}).get("lairside.sessions")
    if store is not None:
        store.dispose()
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(leaving.code or 0)


def freeze_what_was_built() -> None:
    """Everything built so far (rules, search indexes, the PDF stack: ~150,000 objects) lives
    as long as the worker, yet each full collection walked it all (~80 ms of CPU taken from
    running requests). Frozen, collections walk only what requests leave behind."""
    gc.collect()  # nothing already unreachable is kept for good
    gc.freeze()


def when_ready(server: Any) -> None:
    """Once listening, before the workers start: tell them where (LAIRSIDE_LISTEN: the codes
    they show point only where phones reach), and print the address phones open with its QR
    code, or plainly why no phone can (printables/announce.py)."""
    import sys  # noqa: PLC0415

    from printables.announce import banner, listen_host  # noqa: PLC0415

    binds = list(server.cfg.bind)
    os.environ.setdefault("LAIRSIDE_LISTEN", listen_host(binds))
    print(banner(binds, os.environ.get("LAIRSIDE_PUBLIC_URL"),
                 "https" if server.cfg.is_ssl else "http"), file=sys.stderr, flush=True)
