"""Typo-tolerant search over rules entries, built once, queried in microseconds.

Players type on a phone at a noisy table: "betrayl", "fundng", "comflict", "tl", "vp".
Each query word is matched against the index vocabulary exactly, as a prefix, or within a
small edit distance (transpositions count as one edit), then documents are scored by where the
word was found: a title hit outweighs an alias hit, which outweighs a body hit. An exact title
match always ranks first. Abbreviations and synonyms are expanded before matching.

Questions are read as players ask them (issue 44): a verb finds the rules' other forms of it
("recruiting" → recruit, "dealt" → deal), a spelled-out number its figure, "what happens to X"
leans on X, an alias said inside a longer question counts, and an entry answering every word of
a question beats one answering a single word strongly.
"""
from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache, partial
from operator import is_, itemgetter
from typing import Any, NamedTuple

from rapidfuzz import process
from rapidfuzz.distance import OSA

from assistant.errors import InvalidInput
from assistant.rules import Entry

MAX_QUERY_LENGTH = 120
TITLE, ALIAS, BODY = 3.0, 2.2, 1.0
COVERAGE = 6.0
PHRASE = 2.0
"""For each word of an alias of two words or more found whole inside a question ("what
happens when I run out of weeks" holds "out of weeks")."""
WHOLE = 0.5
"""How much of a document's score rides on answering every word of a question (it keeps
half its score for answering some of them)."""
ROOTED = 0.9
"""A match through a word's root ("injured" meeting "injury") counts a little less than the
word as typed."""
STOPWORDS = frozenset("a an and are as at be by for from if in is it of on or the to with".split())
QUESTIONS: dict[tuple[str, ...], str] = {("how", "many"): "number"}
"""What players ask → the word the rules use for it: "how many henchmen" reads as "number of
henchmen". The question as typed still matches titles and aliases exactly ("How many players")."""
_QUESTION_STARTS = frozenset(phrase[0] for phrase in QUESTIONS)
OPENERS = frozenset("how what where when who which why can do does is are should".split())
"""Words a question starts with ("how do I heal", "can I fire a henchman")."""
FILLER = frozenset("how what where when who which why can do does did i me my we us our you "
                   "your have has get got should will would happen happens there this that "
                   "want need work works mean means much someone anyone they them their".split())
"""In a question, words that say how it is asked, not what about: left out of the scoring,
so "how do I heal" is a search for "heal" (issue 31, item 19). Outside a question they stay
("Phase I" is a title)."""

_WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    # ASCII text (nearly every query) has nothing to fold: NFKD leaves it as it is
    folded = text if text.isascii() else \
        unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return folded.lower().replace("'s", "")


IRREGULAR = {"dealt": "deal", "paid": "pay", "won": "win", "drew": "draw", "drawn": "draw",
             "took": "take", "taken": "take", "held": "hold", "sold": "sell", "bought": "buy",
             "built": "build", "fought": "fight", "gave": "give", "given": "give",
             "kept": "keep", "chose": "choose", "chosen": "choose", "ran": "run",
             "spent": "spend", "hit": "hit", "went": "go", "gone": "go", "knocked": "knock"}
"""Past forms of the verbs players use ("how are the supers dealt") → the rules' present."""
_ENDINGS = ("ingly", "edly", "ing", "ed", "ly")
NUMBERS = {word: str(n) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
"""Numbers players spell out ("fewer than three") → the figures the rules print ("below 3")."""


def stem(word: str) -> str:
    """A deliberately tiny stemmer: plural and possessive endings only."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def root(word: str) -> str:
    """The root of a word a player types, for matching other forms of it: verb endings and
    adverbs come off (recruited, recruiting → recruit; injured → injur, which the rules'
    "injury" begins with; instantly → instant; tied → tie) and a past form players use becomes
    the rules' present (dealt → deal). Only the query is rooted, as an extra way to match (the
    index keeps its words whole, so a typo still finds them)."""
    word = stem(word)
    if word in IRREGULAR:
        return IRREGULAR[word]
    if len(word) == 4 and word.endswith("ed"):
        return word[:-1]  # tied → tie
    if len(word) <= 4 or not word.isalpha():
        return word
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[:-len(ending)]
            break
    if len(word) > 3 and (word[-1] == "e" or word.endswith("ry")):
        word = word[:-1]  # resolve(d) → resolv; injury, injured → injur
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # stopp(ed) → stop; "knock" stays
    return word


def tokens(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(normalise(text)) if w not in STOPWORDS]


class Hit(NamedTuple):
    """One result (a named tuple: a search makes up to 50 of them, and a frozen dataclass
    costs several times as much to build)."""

    game: str
    entry: Entry
    score: float
    snippet: str


_new_hit = partial(tuple.__new__, Hit)
"""`_new_hit((game, entry, score, snippet))`: a Hit built without the named tuple's own
__new__, a Python function that costs as much again as the tuple itself."""


class SearchIndex:
    """An inverted index over (game slug, entry) pairs."""

    def __init__(self, documents: Iterable[tuple[str, Entry]],
                 synonyms: Mapping[str, Mapping[str, tuple[str, ...]]] | None = None) -> None:
        """`synonyms`: per game slug, the words its players type → the words its rules use;
        a game's synonyms only lead to that game's entries."""
        self._docs: list[tuple[str, Entry]] = list(documents)
        self._synonyms = {game: dict(words) for game, words in (synonyms or {}).items()}
        # what each typed word may also mean, over every game: (rules' word, its game)
        self._alternatives: dict[str, list[tuple[str, float, str | None]]] = defaultdict(list)
        for game, words in self._synonyms.items():
            for typed, meant in words.items():
                self._alternatives[typed].extend((s, 0.9, game) for s in meant)
        self._titles: list[str] = [" ".join(tokens(e.title)) for _, e in self._docs]
        self._title_words: list[set[str]] = [set(tokens(e.title)) for _, e in self._docs]
        self._snippets: list[Snippets] = [Snippets(_sentences(e.text)) for _, e in self._docs]
        self._aliases: list[set[str]] = [
            {" ".join(tokens(a)) for a in e.aliases} for _, e in self._docs]
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        for i, (_, entry) in enumerate(self._docs):
            # A key number's label names what "how many ..." asks for: weighed as an alias.
            fields = ((entry.text, BODY),
                      (" ".join((*entry.aliases, *(n.label for n in entry.numbers))), ALIAS),
                      (entry.title, TITLE))
            for text, weight in fields:
                for word in tokens(text):
                    if postings[word].get(i, 0.0) < weight:
                        postings[word][i] = weight
        self._postings = dict(postings)
        self._vocabulary = sorted(self._postings)
        total = len(self._docs) or 1
        self._idf = {w: 1.0 + math.log(total / len(p)) for w, p in self._postings.items()}
        # The same postings grouped by field weight, so a term's documents are scored a group
        # at a time; where each title and alias leads, so the bonuses touch only those.
        self._groups: dict[str, tuple[tuple[float, tuple[int, ...]], ...]] = {}
        for word, posting in self._postings.items():
            by_weight: dict[float, list[int]] = defaultdict(list)
            for doc, weight in posting.items():
                by_weight[weight].append(doc)
            self._groups[word] = tuple((w, tuple(d)) for w, d in by_weight.items())
        self._by_title: dict[str, list[int]] = defaultdict(list)
        self._by_alias: dict[str, list[int]] = defaultdict(list)
        self._by_title_word: dict[str, list[int]] = defaultdict(list)
        self._phrases: dict[str, list[tuple[tuple[str, ...], int]]] = defaultdict(list)
        for i, title in enumerate(self._titles):
            self._by_title[title].append(i)
            for alias in self._aliases[i]:
                self._by_alias[alias].append(i)
                if " " in alias:  # by its first word, to be found inside a longer question
                    first, *_ = phrase = tuple(alias.split())
                    self._phrases[first].append((phrase, i))
            for word in self._title_words[i]:
                self._by_title_word[word].append(i)
        # Spelling slips: every vocabulary word under each of its one-letter deletions, and
        # the vocabulary by length (a word two edits away differs in length by two at most;
        # each window keeps the vocabulary's order, so ties among near words keep theirs).
        deletions: dict[str, list[int]] = defaultdict(list)
        for i, term in enumerate(self._vocabulary):
            for key in _deletions(term):
                deletions[key].append(i)
        self._deletions = dict(deletions)
        longest = max(map(len, self._vocabulary), default=0)
        self._windows = {length: [w for w in self._vocabulary if abs(len(w) - length) <= 2]
                         for length in range(6, longest + 3)}
        by_id = sorted(range(len(self._docs)), key=lambda doc: (self._docs[doc][1].id, doc))
        self._rank = {doc: rank for rank, doc in enumerate(by_id)}
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
            tier, nearest = self._one_edit(word), 1
            if not tier and len(word) > 5:
                near = process.extract(word, self._windows.get(len(word), ()),
                                       scorer=OSA.distance, score_cutoff=2, limit=12)
                tier, nearest = [term for term, _, _ in near], 2
            # Among equally near spellings, a common word is the likelier intent: weigh by
            # how often each appears, without dropping the rare ones.
            common = max((len(self._postings[t]) for t in tier), default=1)
            base = 0.75 if nearest == 1 else 0.55
            for term in tier:
                share = len(self._postings[term]) / common
                found.setdefault(term, base * (0.6 + 0.4 * share))
        return tuple(found.items())

    def _one_edit(self, word: str) -> list[str]:
        """Vocabulary words one edit from `word` (a letter dropped, added, changed, or two
        swapped), the first 12 in vocabulary order. Two such words lose the same letter or
        none, so the candidates come from the table of one-letter deletions."""
        candidates: set[int] = set()
        for key in _deletions(word):
            candidates.update(self._deletions.get(key, ()))
        vocabulary, distance = self._vocabulary, OSA.distance
        return [vocabulary[i] for i in sorted(candidates)
                if distance(word, vocabulary[i], score_cutoff=1) == 1][:12]

    def _starting_with(self, prefix: str) -> list[str]:
        start = bisect_left(self._vocabulary, prefix)
        end = bisect_left(self._vocabulary, prefix + "\uffff", start)
        return self._vocabulary[start:end]

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        asked = validate_query(query)
        words = rephrase(asked)
        focus = subject(query)
        scores: dict[int, float] = {}
        matched: dict[str, float] = {}
        hits: dict[int, int] = {}  # how many of the query's words each document answers
        for word in words:
            lift = SUBJECT if word == focus else 1.0
            alternatives: list[tuple[str, float, str | None]] = [(word, lift, None)]
            if root(word) != stem(word):  # "recruited" also as "recruit", "dealt" as "deal"
                alternatives.append((root(word), ROOTED * lift, None))
            if word in NUMBERS:
                alternatives.append((NUMBERS[word], lift, None))
            alternatives += [(alt, weight * lift, only)
                             for alt, weight, only in self._alternatives.get(word, ())]
            found: list[tuple[float, tuple[int, ...]]] = []  # (value, documents)
            for alt, alt_weight, only in alternatives:
                for term, quality in self._expand(stem(alt)):
                    weight = quality * alt_weight
                    if weight > matched.get(term, 0.0):
                        matched[term] = weight
                    idf = self._idf[term]
                    for field_weight, docs in self._groups[term]:
                        if only is not None:
                            docs = tuple(d for d in docs if self._docs[d][0] == only)
                        found.append((weight * field_weight * idf, docs))
            # Each document keeps its best value for this word: writing the values from the
            # smallest up leaves the largest.
            found.sort(key=itemgetter(0))
            best: dict[int, float] = {}
            for value, docs in found:
                best.update(dict.fromkeys(docs, value))
            for doc in best:
                hits[doc] = hits.get(doc, 0) + 1
            if not scores:
                scores = best
            elif best:
                scores = {doc: scores.get(doc, 0.0) + best.get(doc, 0.0)
                          for doc in scores.keys() | best.keys()}
        if len(words) > 1:  # an entry that answers every word of the question beats one that
            # answers a word of it strongly ("crew after an assault": the assault rule, which
            # says what becomes of the crew, before the crew entry)
            share = {doc: hits.get(doc, 0) / len(words) for doc in scores}
            scores = {doc: value * (1 - WHOLE + WHOLE * share[doc])
                      for doc, value in scores.items()}
        wanted = {" ".join(map(stem, words))}  # as a title or an alias reads, stemmed
        if words != asked:
            wanted.add(" ".join(map(stem, asked)))
        bonus: dict[int, float] = {}
        for form in wanted:
            for doc in self._by_alias.get(form, ()):
                bonus[doc] = 500.0
        for form in wanted:
            for doc in self._by_title.get(form, ()):
                bonus[doc] = 1000.0  # the exact name of an entry always comes first
        for doc, extra in bonus.items():
            if doc in scores:
                scores[doc] += extra
        said = tuple(map(stem, words))
        inside: dict[int, float] = {}  # aliases found whole inside the question
        for at, word in enumerate(said):
            for phrase, doc in self._phrases.get(word, ()):
                if doc in scores and said[at:at + len(phrase)] == phrase:
                    inside[doc] = max(inside.get(doc, 0.0), PHRASE * len(phrase))
        for doc, extra in inside.items():
            scores[doc] += extra
        covered = {doc for term in matched for doc in self._by_title_word.get(term, ())}
        for doc in covered.intersection(scores):
            title = self._title_words[doc]
            # a title the query covers well beats one it merely touches
            coverage = sum([matched.get(t, 0.0) for t in title]) / len(title)
            scores[doc] += COVERAGE * coverage
        # best first; equal scores by entry id, then in index order
        floor = -math.inf
        if 0 < limit < len(scores):  # only the best `limit` need ranking
            floor = sorted(scores.values(), reverse=True)[limit - 1]
        ranked = sorted((-value, self._rank[doc], doc) for doc, value in scores.items()
                        if value >= floor)[:limit]
        found_in, snippets, terms = self._docs, self._snippets, list(matched)
        return [_new_hit((*found_in[d], round(-s, 3), snippets[d].first(terms)))
                for s, _, d in ranked]


def _deletions(word: str) -> set[str]:
    """The word and every word made by dropping one of its letters."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


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


_SUBJECT = re.compile(r"\bhappens? (?:to|when|if|after|with) (?:(?:the|a|an|my|our|your|their|"
                      r"his|her|its|all|some|every|only|one) )?([a-z0-9]+)")
_NOT_SUBJECTS = frozenset("i we you he she it they me us them someone somebody nobody "
                          "everyone player players".split())
SUBJECT = 1.3
"""In "what happens to X after Y" the question is about X: its word counts this much more."""


def subject(query: str) -> str | None:
    """What a consequence question asks about ("what happens to mercenaries at the end of the
    round" → mercenaries), as a query word, or None."""
    found = _SUBJECT.search(normalise(query))
    if found is None or found.group(1) in _NOT_SUBJECTS or found.group(1) in STOPWORDS:
        return None
    return found.group(1)


def rephrase(words: list[str]) -> list[str]:
    """The query with each question phrase ("how many") replaced by the rules' word for it,
    and, in a question, the words that only ask (FILLER) left out."""
    if words and words[0] in OPENERS:
        kept = [w for i, w in enumerate(words)
                if w not in FILLER or tuple(words[i:i + 2]) in QUESTIONS
                or tuple(words[i - 1:i + 1]) in QUESTIONS]
        words = kept or words
    if _QUESTION_STARTS.isdisjoint(words):  # the usual search: no question in it
        return list(words)
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


SNIPPET_WIDTH = 160


def snippet(sentences: list[tuple[str, frozenset[str]]], terms: Collection[str],
            width: int = SNIPPET_WIDTH) -> str:
    """The first sentence that mentions a matched word, shortened for a phone screen."""
    chosen = next((s for s, words in sentences if not words.isdisjoint(terms)), sentences[0][0])
    return shorten(chosen, width)


def shorten(sentence: str, width: int = SNIPPET_WIDTH) -> str:
    return sentence if len(sentence) <= width else sentence[: width - 1].rstrip() + "…"


class Snippets:
    """One entry's sentences, shortened once, and the first sentence each word appears in:
    a hit's snippet is then a lookup per matched word, not a scan of every sentence (what
    `snippet` does, and what this answers)."""

    __slots__ = ("_shown", "_first")

    def __init__(self, sentences: list[str]) -> None:
        self._shown = [shorten(s) for s in sentences]
        self._first: dict[str, int] = {}
        for i, sentence in enumerate(sentences):
            for word in tokens(sentence):
                self._first.setdefault(word, i)

    def first(self, terms: Iterable[str]) -> str:
        first, last = self._first, len(self._shown)
        at = last
        for term in terms:  # a plain loop: a search matches one or two terms, seldom more
            found = first.get(term, last)
            if found < at:
                at = found
        return self._shown[at if at < last else 0]


OFFLINE_STOP_WORDS = frozenset(
    "a an and are at be can do does for from how i in is it many much of on or the to what "
    "when where which who why with you your".split())
"""Words the phones' offline search (static/app.js) skips."""


def offline_index(slug: str, entries: Iterable[Entry],
                  synonyms: Mapping[str, Iterable[str]]) -> dict[str, Any]:
    """Every word of every rule (title, text, aliases, numbers) of one game, for the phones'
    search without a signal (moved here from api/routes/pages.py: plain data over the rules)."""
    found = []
    for entry in entries:
        text = " ".join([entry.title, entry.text, *entry.aliases,
                         *(f"{n.label} {n.unit}" for n in entry.numbers)])
        words = sorted(set(re.findall(r"[a-z0-9]+", text.lower())) - OFFLINE_STOP_WORDS)
        found.append({"id": entry.id, "title": entry.title, "section": entry.section,
                      "aliases": " ".join(entry.aliases).lower(),
                      "numbers": bool(entry.numbers), "words": " " + " ".join(words)})
    return {"game": slug, "stop": sorted(OFFLINE_STOP_WORDS),
            "synonyms": {k: list(v) for k, v in synonyms.items()}, "entries": found}


_indexes: list[tuple[tuple[Any, ...], dict[str | None, SearchIndex]]] = []


def game_indexes(games: tuple[Any, ...]) -> dict[str | None, SearchIndex]:
    """One index over every game (key None) and one per game, built once for these very game
    objects: every app of a process (tests make hundreds) shares them; building is ~0.4 s."""
    if _indexes and len(_indexes[0][0]) == len(games) and all(map(is_, _indexes[0][0], games)):
        return _indexes[0][1]
    documents = [(game.slug, entry) for game in games for entry in game.rules]
    synonyms = {game.slug: game.synonyms for game in games}
    indexes: dict[str | None, SearchIndex] = {None: SearchIndex(documents, synonyms)}
    for game in games:
        indexes[game.slug] = SearchIndex([(game.slug, e) for e in game.rules],
                                         {game.slug: game.synonyms})
    _indexes[:] = [(games, indexes)]
    return indexes
