"""Rules as data: the catalogue type every game's rules are written in.

A game's catalogue lives beside its engine as ``rules.toml``.  Every rule has an ``id``
(``UA-…`` for Union Arena), a ``title``, its ``text`` in English, its ``source`` (the seed
file and section, or the section of ``shared/rules/README.md``) and a ``confidence`` label
taken from that page: ``OFF`` official text, ``OFF-tr`` a translation of it, ``FAN`` fan
summary, ``GAP`` not found in any source (the project's own decision, always exposed as a
rule option).  A violation or ruling names a rule by id; a judge can look it up with
``judge rules <game>``.

Rule options are the named switches a log may set in ``rule_options``; each has a default,
its allowed values and the rule it belongs to.  An option's ``kind`` says why it exists:
``gap`` (the default) decides what no source settles, and belongs to a GAP rule; ``format``
is a switch for formats whose rules differ from the official ones (``deck_construction``: not
judging the decks), and belongs to the official rule it switches off.

>>> cat = Catalogue.from_toml_text('''
... game = "demo"
... version = "1"
... [[rule]]
... id = "D-1"
... title = "One"
... text = "The first rule."
... source = "nowhere"
... confidence = "GAP"
... [[option]]
... name = "strict"
... rule = "D-1"
... default = false
... choices = [true, false]
... text = "Be strict."
... ''')
>>> cat["D-1"].title
'One'
>>> cat.resolve_options({})
{'strict': False}
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

CONFIDENCE = ("OFF", "OFF-tr", "FAN", "GAP", "ENGINE")

#: What each confidence label means, in the words ``judge rules``, the API's rule pages and the
#: docs show beside every rule.
LABELS: dict[str, str] = {
    "OFF": "official text: the publisher's own rulebook, manual or FAQ, read in its own words.",
    "OFF-tr": (
        "a translation of official text: a third party's translation of the publisher's rules "
        "(the Union Arena, Z/X and Rebirth for you seeds are Chinese translations); as good as "
        "the translation."
    ),
    "FAN": (
        "a fan summary: a fan wiki, blog or simulator describes the rule; no official wording "
        "was found. Check it against the official rules when they are at hand."
    ),
    "GAP": (
        "not found in any source: the engine's own decision, stated in the rule's text and "
        "exposed as a rule option that a log can change."
    ),
    "ENGINE": (
        "a convention of this engine or of the action-log format (how a log records a "
        "decision), not a rule of the game."
    ),
}

#: Why a rule option exists: ``gap`` decides what no source settles; ``format`` switches an
#: official rule off for formats that play otherwise.
OPTION_KINDS = ("gap", "format")


@dataclass(frozen=True)
class Rule:
    """One rule of a game, as a judge would cite it."""

    id: str
    title: str
    text: str
    source: str
    confidence: str
    section: str = ""
    #: Extra words rule search (judge/core/rulesearch.py) finds the rule by: a keyword's name
    #: in a language its source does not quote.  Never cited, not part of the rule's text.
    terms: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "text": self.text,
            "source": self.source,
            "confidence": self.confidence,
            "confidence_means": LABELS[self.confidence],
            "section": self.section,
        }


@dataclass(frozen=True)
class RuleOption:
    """A named rule option a log may set; ``default`` applies when the log is silent."""

    name: str
    rule: str
    default: Any
    choices: tuple[Any, ...]
    text: str
    kind: str = "gap"  # one of OPTION_KINDS

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rule": self.rule,
            "default": self.default,
            "choices": list(self.choices),
            "text": self.text,
            "kind": self.kind,
        }


class OptionError(ValueError):
    """A ``rule_options`` entry that the catalogue does not know, or a value it forbids."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
        self.message = message


@dataclass
class Catalogue:
    """The rules of one game, in rulebook order, and its rule options."""

    game: str
    version: str
    rules: dict[str, Rule] = field(default_factory=dict)
    options: dict[str, RuleOption] = field(default_factory=dict)
    #: rule options a change of the rules retired, by name: why (``[[retired_option]]``).
    #: A log naming one is still judged, the option ignored, and the replay says so
    #: (:meth:`retired_given`): a log recorded before the change is not refused for it.
    retired: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_toml_text(cls, text: str) -> Catalogue:
        data = tomllib.loads(text)
        cat = cls(game=data["game"], version=str(data["version"]))
        for raw in data.get("rule", []):
            rule = Rule(
                id=raw["id"],
                title=raw["title"],
                text=raw["text"].strip(),
                source=raw["source"],
                confidence=raw["confidence"],
                section=raw.get("section", ""),
                terms=tuple(raw.get("terms", ())),
            )
            if rule.id in cat.rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            if rule.confidence not in CONFIDENCE:
                raise ValueError(f"{rule.id}: unknown confidence {rule.confidence!r}")
            cat.rules[rule.id] = rule
        for raw in data.get("option", []):
            opt = RuleOption(
                name=raw["name"],
                rule=raw["rule"],
                default=raw["default"],
                choices=tuple(raw["choices"]),
                text=raw["text"].strip(),
                kind=raw.get("kind", "gap"),
            )
            if opt.rule not in cat.rules:
                raise ValueError(f"option {opt.name} names unknown rule {opt.rule}")
            if opt.kind not in OPTION_KINDS:
                raise ValueError(f"option {opt.name}: unknown kind {opt.kind!r}")
            cat.options[opt.name] = opt
        for raw in data.get("retired_option", []):
            if raw["name"] in cat.options:
                raise ValueError(f"option {raw['name']} is both in use and retired")
            cat.retired[raw["name"]] = raw["text"].strip()
        return cat

    @classmethod
    def from_package(cls, package: str, name: str = "rules.toml") -> Catalogue:
        """Load ``name`` shipped inside ``package`` (works from a wheel too)."""
        return cls.from_toml_text(resources.files(package).joinpath(name).read_text("utf-8"))

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given``; unknown names or values raise OptionError; a
        retired option is left out (:meth:`retired_given`)."""
        out = {name: opt.default for name, opt in self.options.items()}
        for name in sorted(given):
            if name in self.retired:
                continue
            if name not in self.options:
                raise OptionError(name, f"unknown rule option {name!r} for {self.game}")
            value = given[name]
            if value not in self.options[name].choices or type(value) is not type(
                self.options[name].default
            ):
                choices = ", ".join(repr(c) for c in self.options[name].choices)
                raise OptionError(name, f"rule option {name!r} takes one of {choices}")
            out[name] = value
        return out

    def retired_given(self, given: dict[str, Any]) -> dict[str, str]:
        """The retired options ``given`` names, each with why it no longer applies."""
        return {name: self.retired[name] for name in sorted(given) if name in self.retired}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "labels": dict(LABELS),
            "rules": [r.to_dict() for r in self.rules.values()],
            "options": [o.to_dict() for o in self.options.values()],
        }
