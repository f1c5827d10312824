"""A worker's kept session histories are bounded by sessions and by bytes in all; SQLite's
page cache by api/config.py's size (README "Memory")."""
from __future__ import annotations

from sqlalchemy import text

from api import config
from api.storage import Store
from api.storage import store as store_module
from tests.games.tdt.tracker.kit import TRACKER, parse_event, parse_setup

from .helpers import CUTTHROAT


def test_kept_histories_are_bounded_by_their_bytes_in_all(sqlite_url, monkeypatch):
    store = Store(sqlite_url).ready()
    try:
        infos = []
        for n in range(6):
            info, _ = store.create(TRACKER, parse_setup(CUTTHROAT))
            for v in range(10):
                store.append(info, parse_event({"kind": "note", "text": f"{n}.{v}"}), v)
            infos.append(store.info(info.code))
            if n == 0:  # room for about two such tables
                one = store._histories[(info.id, info.code)].weight()
                monkeypatch.setattr(store_module, "HISTORY_BYTES", 2 * one + one // 2)
        kept = list(store._histories.values())
        assert sum(h.counted for h in kept) <= 2 * one + one // 2 + one  # the one just used
        assert store._held_bytes == sum(h.counted for h in kept) == sum(h.weight() for h in kept)
        first = infos[0]  # dropped long ago: folded again when asked
        assert first.id not in {key[0] for key in store._histories}
        assert store.history(first).version == 10
        assert [n.text for n in store.state_at(first).notes][-1] == "0.9"
    finally:
        store.dispose()


def test_sqlite_page_cache_is_the_configured_size(sqlite_url):
    store = Store(sqlite_url).ready()
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA cache_size")).scalar_one() \
                == -config.SQLITE_CACHE_KIB
    finally:
        store.dispose()
