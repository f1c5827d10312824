"""Typo-tolerant search over rules entries, built once, queried in microseconds.

Players type on a phone at a noisy table: "betrayl", "fundng", "comflict", "tl", "vp".
Each query word is matched against the index vocabulary exactly, as a prefix, or within a
small edit distance (transpositions count as one edit), then documents are scored by where the
word was found: a title hit outweighs an alias hit, which outweighs a body hit. An exact title
match always ranks first. Abbreviations and synonyms are expanded before matching.
"""
from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, KeysView, Mapping
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from assistant.errors import InvalidInput
from assistant.rules import Entry

MAX_QUERY_LENGTH = 120
TITLE, ALIAS, BODY = 3.0, 2.2, 1.0
COVERAGE = 6.0
STOPWORDS = frozenset("a an and are as at be by for from if in is it of on or the to with".split())
QUESTIONS: dict[tuple[str, ...], str] = {("how", "many"): "number"}
"""What players ask → the word the rules use for it: "how many henchmen" reads as "number of
henchmen". The question as typed still matches titles and aliases exactly ("How many players")."""

_WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return folded.lower().replace("'s", "")


def stem(word: str) -> str:
    """A deliberately tiny stemmer: plural and possessive endings only."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def tokens(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(normalise(text)) if w not in STOPWORDS]


@dataclass(frozen=True)
class Hit:
    game: str
    entry: Entry
    score: float
    snippet: str


class SearchIndex:
    """An inverted index over (game slug, entry) pairs."""

    def __init__(self, documents: Iterable[tuple[str, Entry]],
                 synonyms: Mapping[str, Mapping[str, tuple[str, ...]]] | None = None) -> None:
        """`synonyms`: per game slug, the words its players type → the words its rules use;
        a game's synonyms only lead to that game's entries."""
        self._docs: list[tuple[str, Entry]] = list(documents)
        self._synonyms = {game: dict(words) for game, words in (synonyms or {}).items()}
        self._titles: list[str] = [" ".join(tokens(e.title)) for _, e in self._docs]
        self._title_words: list[set[str]] = [set(tokens(e.title)) for _, e in self._docs]
        self._sentences: list[list[tuple[str, frozenset[str]]]] = [
            [(s, frozenset(tokens(s))) for s in _sentences(e.text)] for _, e in self._docs]
        self._aliases: list[set[str]] = [
            {" ".join(tokens(a)) for a in e.aliases} for _, e in self._docs]
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        for i, (_, entry) in enumerate(self._docs):
            fields = ((entry.text + " " + " ".join(n.label for n in entry.numbers), BODY),
                      (" ".join(entry.aliases), ALIAS), (entry.title, TITLE))
            for text, weight in fields:
                for word in tokens(text):
                    if postings[word].get(i, 0.0) < weight:
                        postings[word][i] = weight
        self._postings = dict(postings)
        self._vocabulary = sorted(self._postings)
        total = len(self._docs) or 1
        self._idf = {w: 1.0 + math.log(total / len(p)) for w, p in self._postings.items()}
        self._expand = lru_cache(maxsize=4096)(self._expand_uncached)

    def __len__(self) -> int:
        return len(self._docs)

    def _expand_uncached(self, word: str) -> tuple[tuple[str, float], ...]:
        """Vocabulary words a query word may mean, each with a match quality in (0, 1].

        Exact and prefix matches first; otherwise only the nearest spelling tier (one edit
        before two), as a spell checker would, so a rare word two edits away cannot outrank
        the common word one edit away."""
        found: dict[str, float] = {}
        if word in self._postings:
            found[word] = 1.0
        if len(word) >= 3:
            for term in self._starting_with(word):
                found.setdefault(term, 0.8)
        if word not in self._postings and len(word) >= 6:
            for term in self._starting_with(word[:-1]):  # "betrayl" → "betrayer"
                found.setdefault(term, 0.6)
        if word not in self._postings and len(word) >= 3:
            max_edits = 1 if len(word) <= 5 else 2
            near = process.extract(word, self._vocabulary, scorer=OSA.distance,
                                   score_cutoff=max_edits, limit=12)
            nearest = min((edits for _, edits, _ in near), default=None)
            tier = [term for term, edits, _ in near if edits == nearest]
            # Among equally near spellings, a common word is the likelier intent: weigh by
            # how often each appears, without dropping the rare ones.
            common = max((len(self._postings[t]) for t in tier), default=1)
            base = 0.75 if nearest == 1 else 0.55
            for term in tier:
                share = len(self._postings[term]) / common
                found.setdefault(term, base * (0.6 + 0.4 * share))
        return tuple(found.items())

    def _starting_with(self, prefix: str) -> list[str]:
        start = bisect_left(self._vocabulary, prefix)
        end = bisect_left(self._vocabulary, prefix + "\uffff", start)
        return self._vocabulary[start:end]

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        asked = validate_query(query)
        words = rephrase(asked)
        scores: dict[int, float] = defaultdict(float)
        matched: dict[str, float] = {}
        for word in words:
            alternatives: list[tuple[str, float, str | None]] = [(word, 1.0, None)]
            alternatives += [(s, 0.9, game) for game, words in self._synonyms.items()
                             for s in words.get(word, ())]
            best: dict[int, float] = {}
            for alt, alt_weight, only in alternatives:
                for term, quality in self._expand(stem(alt)):
                    matched[term] = max(matched.get(term, 0.0), quality * alt_weight)
                    idf = self._idf[term]
                    for doc, field_weight in self._postings[term].items():
                        if only is not None and self._docs[doc][0] != only:
                            continue
                        value = quality * alt_weight * field_weight * idf
                        if value > best.get(doc, 0.0):
                            best[doc] = value
            for doc, value in best.items():
                scores[doc] += value
        wanted = {" ".join(stem(w) for w in form) for form in (asked, words)}
        for doc in scores:
            if self._titles[doc] in wanted:
                scores[doc] += 1000.0  # the exact name of an entry always comes first
            elif not wanted.isdisjoint(self._aliases[doc]):
                scores[doc] += 500.0
            title = self._title_words[doc]
            if title:  # a title the query covers well beats one it merely touches
                coverage = sum(matched.get(t, 0.0) for t in title) / len(title)
                scores[doc] += COVERAGE * coverage
        ranked = sorted(scores.items(), key=lambda item: (-item[1], self._docs[item[0]][1].id))
        return [Hit(self._docs[d][0], self._docs[d][1], round(s, 3),
                    snippet(self._sentences[d], matched.keys()))
                for d, s in ranked[:limit]]


def validate_query(query: str) -> list[str]:
    if len(query) > MAX_QUERY_LENGTH:
        raise InvalidInput("q", f"The search is {len(query)} characters long; that is too long.",
                           f"1 to {MAX_QUERY_LENGTH} characters")
    words = _WORD.findall(normalise(query))
    if not words:
        raise InvalidInput("q", "The search has no letters or digits to look for.",
                           "a word such as 'betrayal' or 'funding'")
    meaningful = [w for w in words if w not in STOPWORDS]
    return meaningful or words


def rephrase(words: list[str]) -> list[str]:
    """The query with each question phrase ("how many") replaced by the rules' word for it."""
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = tuple(words[i:i + 2])
        if pair in QUESTIONS:
            out.append(QUESTIONS[pair])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out or words


def _sentences(text: str) -> list[str]:
    parts = (p.strip().lstrip("- ").strip() for p in re.split(r"(?<=[.!?])\s+|\n+", text))
    return [p for p in parts if p] or [""]


def snippet(sentences: list[tuple[str, frozenset[str]]], terms: KeysView[str],
            width: int = 160) -> str:
    """The first sentence that mentions a matched word, shortened for a phone screen."""
    chosen = next((s for s, words in sentences if not words.isdisjoint(terms)), sentences[0][0])
    return chosen if len(chosen) <= width else chosen[: width - 1].rstrip() + "…"
