"""Rule search: find a rule by words, in English or in its sources' own languages.

A judge at a table knows the situation, not the rule id.  :func:`search` ranks the rules of
every catalogue (or of one game) against a few words and answers the best matches, each with
everything a ruling cites: id, game, title, text, source and confidence label.

Tokens (:func:`tokens`), the same for rules and queries, so a query finds what it spells:

* the text is NFKC-normalised (full-width Latin and half-width kana become ordinary ones)
  and case-folded;
* a run of letters or digits outside the CJK scripts is a word; a few common English words
  (:data:`STOPWORDS`) are dropped and a small suffix stripper (:func:`stem`) makes
  ``blocks``, ``blocked`` and ``blocking`` one word;
* a run of CJK text (kanji, hiragana, katakana, ``ー``) has no spaces to split on, so it is
  read as overlapping character **bigrams** (``常駐オペ``: ``常駐``, ``駐オ``, ``オペ``), the
  usual choice of search engines for Chinese and Japanese; a rule's fields also index each
  single character, so a one-character query (``撃``) finds it too.  Traditional Chinese and
  Japanese forms of a character (``擊``/``撃``) are different characters: the rules' sources
  quote the seeds as written, and so does the index.

Score: BM25F (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and
Beyond", 2009) over the fields of :data:`FIELD_WEIGHTS`.  For a query term ``t`` and a rule
``d``::

    tf(t, d) = Σ_f  weight(f) · count(t, f) / (1 - B(f) + B(f) · len(f) / avglen(f))
    idf(t)   = ln(1 + (N - n(t) + 0.5) / (n(t) + 0.5))
    score(d) = Σ_t  idf(t) · tf(t, d) · (K1 + 1) / (K1 + tf(t, d))

``avglen(f)`` is the mean length of the field over the rules that have it.  ``N`` is the
number of rules of all games and ``n(t)`` those containing ``t`` (whatever the game filter: a
game's hits are the all-games hits of that game, in the same order).  The id
and title weigh most, then the rule's extra search ``terms``, the section, the text and the
source, then the text of its rule options.  To that is added :data:`TITLE_COVER` times the
share of the rule's title tokens that the query has, so that the rule a query names outright
comes before the rules that merely mention it.  A query that is exactly a rule id puts that rule
first (:data:`ID_BONUS`).  Equal scores (rounded to 9 places) are ordered by rule id, so the
same query always gives the same list.

The index is built once per process, on the first search (a few milliseconds for the whole
catalogue); a search is a dictionary look-up per query term.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.core.rules import LABELS, Catalogue, Rule

#: How much a match in each field counts; id and title above the rest.
FIELD_WEIGHTS: dict[str, float] = {
    "id": 2.0,
    "title": 3.0,
    "terms": 3.0,
    "section": 1.5,
    "text": 1.0,
    "source": 1.0,
    "options": 0.5,
}
#: BM25's term-frequency saturation.
K1 = 3.0
#: BM25's length normalisation by field: full for the short fields (a one-word title that is
#: the query beats a long title that contains it), the usual 0.75 for the long ones.
B: dict[str, float] = {
    "id": 1.0,
    "title": 1.0,
    "terms": 1.0,
    "section": 1.0,
    "text": 0.75,
    "source": 0.75,
    "options": 0.75,
}
#: Added in proportion to the share of a rule's title the query names: "snipe block" names
#: all of "Snipe" but a third of "Snipe attack on a character: not-blocked effects".
TITLE_COVER = 3.0
#: Added to the score of the rule whose id is the whole query.
ID_BONUS = 1000.0
#: Hits answered when the caller does not say.
DEFAULT_LIMIT = 10
MAX_LIMIT = 200

#: English words too common to tell rules apart.
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "has",
        "have",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "this",
        "to",
        "was",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "does",
        "do",
        "did",
        "how",
    ]
)

_CJK = "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>(?:(?![{_CJK}])[^\W_])+)")


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """``word`` without an English plural or verb ending (``-s``, ``-es``, ``-ed``,
    ``-ing``, ``-ies``) and a final ``e``: a few deterministic rules, no dictionary, enough
    for ``block``/``blocks``/``blocked``/``blocking`` and ``damage``/``damaged`` to meet.

    >>> [stem(w) for w in ("blocks", "blocked", "blocking", "damage", "damaged", "abilities")]
    ['block', 'block', 'block', 'damag', 'damag', 'ability']
    >>> [stem(w) for w in ("pass", "status", "bp", "simultaneous")]
    ['pass', 'status', 'bp', 'simultaneous']
    """
    if len(word) <= 3 or not word.isascii() or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    else:
        if word.endswith(("sses", "shes", "ches", "xes")):
            word = word[:-2]
        elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
            word = word[:-1]
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def tokens(text: str, *, query: bool = False) -> list[str]:
    """The search tokens of ``text`` (see the module's docstring), in order.

    A rule's text (``query=False``) gives each CJK character and each bigram; a query gives
    the bigrams of a CJK run, or its one character when it has only one.

    >>> tokens("The Snipe attacker's BLOCKS")
    ['snip', 'attacker', 'block']
    >>> tokens("常駐オペ", query=True)
    ['常駐', '駐オ', 'オペ']
    >>> tokens("激躍", query=False)
    ['激', '躍', '激躍']
    >>> tokens("ＵＡ－ＫＷ　ｽﾅｲﾌﾟ")
    ['ua', 'kw', 'ス', 'ナ', 'イ', 'プ', 'スナ', 'ナイ', 'イプ']
    """
    out: list[str] = []
    # (findall's pairs, not finditer's matches: a rule's text is most of the index's build,
    # which every API process makes as it starts; the stems are cached for the same reason)
    for run, word in _TOKEN.findall(unicodedata.normalize("NFKC", text).casefold()):
        if not run:
            if word not in STOPWORDS and (len(word) > 1 or word.isdigit()):
                out.append(stem(word))
            continue
        bigrams = [run[i : i + 2] for i in range(len(run) - 1)]
        if query:
            out.extend(bigrams or [run])
        else:
            out.extend(run)
            out.extend(bigrams)
    return out


@dataclass(frozen=True)
class Hit:
    """One rule a search found, with what a ruling cites and why it matched."""

    game: str
    rule: Rule
    score: float
    matched: tuple[str, ...]  # the fields with a query term, in FIELD_WEIGHTS order

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            **self.rule.to_dict(),
            "score": round(self.score, 4),
            "matched": list(self.matched),
        }


@dataclass(frozen=True)
class SearchResult:
    """The ranked hits of one query, and how many rules matched in all."""

    query: str
    game: str | None
    terms: tuple[str, ...]
    total: int
    hits: tuple[Hit, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "game": self.game,
            "terms": list(self.terms),
            "total": self.total,
            "labels": {h.rule.confidence: LABELS[h.rule.confidence] for h in self.hits},
            "hits": [h.to_dict() for h in self.hits],
        }


class SearchError(ValueError):
    """A query that cannot be searched: ``parameter`` names it (``q``, ``game``, ``limit``)."""

    def __init__(self, parameter: str, message: str) -> None:
        super().__init__(f"{parameter}: {message}")
        self.parameter = parameter
        self.message = message


def _fields(rule: Rule, catalogue: Catalogue) -> dict[str, str]:
    options = [
        f"{opt.name} {opt.text}" for opt in catalogue.options.values() if opt.rule == rule.id
    ]
    return {
        "id": rule.id,
        "title": rule.title,
        "terms": " ".join(rule.terms),
        "section": rule.section,
        "text": rule.text,
        "source": rule.source,
        "options": " ".join(options),
    }


@dataclass
class RuleIndex:
    """The inverted index of some catalogues' rules: for each token, each rule's weighted,
    length-normalised frequency (the ``tf`` of the module's formula)."""

    catalogues: tuple[Catalogue, ...]
    docs: list[tuple[str, Rule]] = field(default_factory=list)
    postings: dict[str, dict[int, float]] = field(default_factory=dict)
    fields_of: list[dict[str, frozenset[str]]] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)

    @classmethod
    def build(cls, catalogues: Iterable[Catalogue]) -> RuleIndex:
        index = cls(tuple(catalogues))
        toks: list[dict[str, list[str]]] = []
        for cat in index.catalogues:
            for rule in cat.rules.values():
                index.by_id.setdefault(rule.id.casefold(), len(index.docs))
                index.docs.append((cat.game, rule))
                toks.append({name: tokens(text) for name, text in _fields(rule, cat).items()})
        avglen = {}  # over the rules that have the field: few rules have terms or options
        for name in FIELD_WEIGHTS:
            lengths = [len(t[name]) for t in toks if t[name]]
            avglen[name] = sum(lengths) / len(lengths) if lengths else 1.0
        for doc, fields_ in enumerate(toks):
            index.fields_of.append({f: frozenset(t) for f, t in fields_.items()})
            for name, words in fields_.items():
                if not words:
                    continue
                b = B[name]
                norm = FIELD_WEIGHTS[name] / (1 - b + b * len(words) / avglen[name])
                for word in words:
                    postings = index.postings.setdefault(word, {})
                    postings[doc] = postings.get(doc, 0.0) + norm
        return index

    def search(
        self, query: str, game: str | None = None, limit: int = DEFAULT_LIMIT
    ) -> SearchResult:
        """The rules matching ``query`` (of ``game`` only, when given), best first.

        Raises :class:`SearchError` for an empty query, one with no word to search for, or a
        ``limit`` outside 1 to :data:`MAX_LIMIT`.
        """
        if not query.strip():
            raise SearchError("q", "the query is empty; give a word or a rule id to search for")
        if not 1 <= limit <= MAX_LIMIT:
            raise SearchError("limit", f"must be between 1 and {MAX_LIMIT}")
        terms = tuple(dict.fromkeys(tokens(query, query=True)))
        if not terms:
            raise SearchError(
                "q", f"no word to search for in {query!r} (common words such as 'the' are ignored)"
            )
        n = len(self.docs)
        wanted = set(terms)
        scores: dict[int, float] = {}
        for term in terms:
            postings = self.postings.get(term)
            if not postings:
                continue
            idf = math.log(1 + (n - len(postings) + 0.5) / (len(postings) + 0.5))
            for doc, tf in postings.items():
                scores[doc] = scores.get(doc, 0.0) + idf * tf * (K1 + 1) / (K1 + tf)
        for doc in scores:
            title = self.fields_of[doc]["title"]
            if title:
                scores[doc] += TITLE_COVER * len(title & wanted) / len(title)
        exact = self.by_id.get(" ".join(query.split()).casefold())
        if exact is not None:
            scores[exact] = scores.get(exact, 0.0) + ID_BONUS
        found = [d for d in scores if game is None or self.docs[d][0] == game]
        found.sort(key=lambda d: (-round(scores[d], 9), self.docs[d][1].id))
        hits = tuple(
            Hit(
                game=self.docs[d][0],
                rule=self.docs[d][1],
                score=scores[d],
                matched=tuple(f for f, words in self.fields_of[d].items() if words & wanted),
            )
            for d in found[:limit]
        )
        return SearchResult(query, game, terms, len(found), hits)


_CACHE: list[tuple[tuple[int, ...], RuleIndex]] = []


def default_index(games: Sequence[str] | None = None) -> RuleIndex:
    """The index of every known game's catalogue (``judge.games``), built on first use and
    kept for the process; built again only if a catalogue object changes (a test that
    swaps one in)."""
    import judge.games

    cats = tuple(judge.games.catalogue(g) for g in (games or sorted(judge.games.GAMES)))
    key = tuple(id(c) for c in cats)
    if _CACHE and _CACHE[0][0] == key:
        return _CACHE[0][1]
    index = RuleIndex.build(cats)
    _CACHE[:] = [(key, index)]  # the index holds the catalogues, so their ids stay theirs
    return index


def search(query: str, game: str | None = None, limit: int = DEFAULT_LIMIT) -> SearchResult:
    """Search every known game's rules (or ``game``'s): see :meth:`RuleIndex.search`.

    An unknown ``game`` is a :class:`SearchError` naming the known ones.
    """
    import judge.games

    if game is not None and game not in judge.games.GAMES:
        known = ", ".join(sorted(judge.games.GAMES))
        raise SearchError("game", f"unknown game {game!r}; known games: {known}")
    return default_index().search(query, game, limit)
