"""What a worker keeps in memory is bounded, each size set once in api/config.py (README
"Memory")."""
from __future__ import annotations

from api import config, create_app, pages_text
from api.cache import AnswerCache, Kept


def test_kept_answers_are_bounded_by_bytes_counting_each_entry():
    cache = AnswerCache(10_000, per_entry=1_000)
    assert cache.get("first") is None
    for n in range(100):  # tiny bodies: their records are what weighs
        cache.put(n, Kept(b"x" * 10, "text/plain", []))
    assert len(cache) == 9 and cache.size <= 10_000
    assert cache.get(99) is not None and cache.get(0) is None  # least recently used went first
    big = Kept(b"x" * 50_000, "application/pdf", [])  # one answer alone may pass it
    cache.put("big", big)
    assert len(cache) == 1 and cache.get("big") is not None


def test_every_worker_cache_takes_its_size_from_the_config():
    app = create_app({"TESTING": True})
    answers = app.extensions["lairside.answers"]
    assert (answers.budget, answers.per_entry) == (config.ANSWER_CACHE_BYTES,
                                                   config.ANSWER_ENTRY_BYTES)
    sizes = {f.__name__: f.cache_parameters()["maxsize"]
             for f in (pages_text._highlighted, pages_text._rich, pages_text._humanized)}
    assert sizes == {"_highlighted": config.PAGE_TEXTS, "_rich": config.PAGE_TEXTS // 4,
                     "_humanized": config.PAGE_TEXTS // 2}
    # small enough to fill in the first minutes of a busy evening (make bench B5)
    assert config.ANSWER_CACHE_BYTES <= 8 * 2**20 and config.HISTORY_BYTES <= 32 * 2**20
