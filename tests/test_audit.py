"""``judge audit``: a mixed, made-up event judged from a folder and a zip; the report's
ranking, counts, rules broken by whom, every format, the exit code, resuming."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import cli
from judge.audit import report as audit_report
from judge.audit import run as audit_run
from judge.core.canonical import canonical_json
from judge.core.fault import EngineFault
from judge.core.replay import replay

REPO = Path(__file__).resolve().parents[1]
UA = REPO / "examples" / "union-arena"
SCRIPT = "<script>alert(1)</script>"


def _load(name: str) -> dict:
    return json.loads((UA / name).read_text("utf-8"))


def _write(folder: Path, name: str, doc: dict | str) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False)
    (folder / name).write_text(text, "utf-8")


def second_record() -> dict:
    """Ben's record of the store finals' table 1: the same match, one decision different
    (at action 40 he recorded a concession), and no checkpoints."""
    doc = _load("full-game.json")
    doc["actions"][40] = {"p": "B", "do": "concede"}
    doc["checkpoints"] = []
    return doc


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A made-up event: 2 clean matches (one recorded twice), 2 with illegal plays, one
    unverifiable (its event name is markup), one bad JSON, one with an unknown field."""
    folder = tmp_path_factory.mktemp("event")
    (folder / "round2").mkdir()
    _write(folder, "full-game.json", _load("full-game.json"))
    _write(folder, "full-game-ben.json", second_record())
    _write(folder / "round2", "illegal-line-and-phase.json", _load("illegal-line-and-phase.json"))
    _write(folder / "round2", "illegal-raid-and-reveal.json", _load("illegal-raid-and-reveal.json"))
    unverifiable = _load("unverifiable-text-and-block.json")
    unverifiable["match"]["event"] = SCRIPT
    _write(folder / "round2", "unverifiable.json", unverifiable)
    _write(folder, "broken.json", '{"format": "judge-action-log/1", "game": ')
    unknown = _load("simultaneous-battle-end.json")
    unknown["colour"] = "red"
    _write(folder, "unknown-field.json", unknown)
    return folder


def run_audit(*args: str) -> object:
    return CliRunner().invoke(cli.main, ["audit", *args], catch_exceptions=False)


def as_json(*args: str) -> dict:
    result = run_audit(*args, "--format", "json")
    assert result.stdout, result.stderr
    return json.loads(result.stdout)


def test_the_report_ranks_counts_and_attributes(event: Path, tmp_path: Path) -> None:
    result = run_audit(str(event), "--format", "json", "--state", str(tmp_path / "s"), "-j", "2")
    assert result.exit_code == 2  # bad input is the worst here
    report = json.loads(result.stdout)
    assert report["format"] == "judge-audit/1" and report["exit"] == 2
    matches = report["matches"]
    names = [Path(m["source"]).name for m in matches]
    # bad input first (one problem each: by event, a named one before none), then illegal
    # plays, more first (Ben's record: everything after his concession), then uncertain, clean
    assert names == [
        "unknown-field.json",
        "broken.json",
        "full-game-ben.json",
        "illegal-line-and-phase.json",
        "illegal-raid-and-reveal.json",
        "unverifiable.json",
        "full-game.json",
    ]
    levels = [m["needs_judge"]["level"] for m in matches]
    assert levels == [
        "bad-input",
        "bad-input",
        "illegal",
        "illegal",
        "illegal",
        "uncertain",
        "clean",
    ]
    unknown, broken, ben, line, raid, unverifiable, clean = matches
    assert broken["event"] is None and broken["problems"][0]["message"].startswith("malformed JSON")
    assert unknown["event"] == "ordering demo" and unknown["problems"] == [
        {"path": "colour", "message": unknown["problems"][0]["message"]}
    ]
    assert "unknown field" in unknown["problems"][0]["message"]
    assert line["illegal"] == 4 and line["first_illegal"] == {
        "step": 13,
        "rule": "UA-START-EXTRA-DRAW",
        "player": "A",
        "message": line["first_illegal"]["message"],
    }
    assert [(v["step"], v["rule"], v["player"]) for v in line["violations"]] == [
        (13, "UA-START-EXTRA-DRAW", "A"),
        (17, "UA-PHASE", "B"),
        (19, "UA-ATK-NO-CARDS", "A"),
        (29, "UA-LINE-LIMIT", "A"),
    ]
    assert (line["event"], line["round"], line["table"]) == ("league night", 2, 7)
    assert line["players"] == [{"id": "A", "name": "Aki"}, {"id": "B", "name": "Ben"}]
    assert raid["illegal"] == 3 and raid["first_illegal"]["rule"] == "UA-RAID"
    assert ben["illegal"] > 100 and ben["first_illegal"]["step"] == 41
    assert unverifiable["unverifiable"] == 2 and unverifiable["uncertain"] == 7
    assert unverifiable["result"] == {"winner": "A", "reason": "concede"}
    assert clean["illegal"] == 0 and clean["result"] == {"winner": "A", "reason": "life"}
    assert clean["status"] == "judged" and clean["needs_judge"]["reason"] == "every step legal"
    totals = report["totals"]
    assert totals["matches"] == 7 and totals["judged"] == 5 and totals["bad_input"] == 2
    assert totals["with_illegal_plays"] == 3 and totals["clean"] == 1
    assert totals["illegal_steps"] == 4 + 3 + ben["illegal"]
    # the rules broken most, and by whom (the players' names)
    rules = {e["rule"]: e for e in report["rules"]}
    assert report["rules"][0]["rule"] == "UA-PHASE"  # Ben's record: every step after the end
    assert rules["UA-PHASE"]["players"]["Ben"] == 1 + sum(
        1 for v in ben["violations"] if v["rule"] == "UA-PHASE" and v["player"] == "B"
    )
    assert rules["UA-START-EXTRA-DRAW"] == {
        "rule": "UA-START-EXTRA-DRAW",
        "count": 1,
        "players": {"Aki": 1},
    }
    counts = [e["count"] for e in report["rules"]]
    assert counts == sorted(counts, reverse=True)
    # the two records of the store finals' table 1
    (d,) = report["diffs"]
    assert Path(d["a"]).name == "full-game-ben.json" and Path(d["b"]).name == "full-game.json"
    assert d["same_match"] and d["first_difference"]["index"] == 40
    assert d["changes_verdict"] is True and d["changes_result"] is True
    assert totals["diffs"] == 1 and totals["diffs_changing_result"] == 1


def test_a_zip_gives_the_folder_report(event: Path, tmp_path: Path) -> None:
    archive = tmp_path / "event.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for file in sorted(event.rglob("*.json")):
            z.write(file, file.relative_to(event).as_posix())
    from_zip = as_json(str(archive), "--no-state", "-j", "1")
    from_folder = as_json(str(event), "--no-state", "-j", "1")
    assert from_zip["matches"][0]["source"] == f"{archive}:unknown-field.json"
    assert canonical_json(from_zip).replace(f"{archive}:", "") == canonical_json(
        from_folder
    ).replace(f"{event}/", "")


def test_zip_members_over_the_limit_or_bombs_are_refused_unread(tmp_path: Path) -> None:
    archive = tmp_path / "bombs.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("big.json", "{" + " " * (6 << 20) + "}")  # over the 5 MB limit
        z.writestr("bomb.json", "{" + " " * (2 << 20) + "}")  # 2 MB compressed to ~2 KB
        z.writestr("ok.json", (UA / "illegal-line-and-phase.json").read_text("utf-8"))
        z.writestr("notes.txt", "not a log")
    found = audit_run.sources([str(archive)], audit_run.Limits())
    assert [s.member for s in found] == ["big.json", "bomb.json", "ok.json"]
    assert "over the limit of 5,242,880 bytes" in found[0].refused
    assert "zip bomb" in found[1].refused and found[2].refused is None
    report = as_json(str(archive), "--no-state", "-j", "1")
    assert [m["status"] for m in report["matches"]] == ["bad-input", "bad-input", "judged"]
    assert report["exit"] == 2


def test_too_many_members_refuse_the_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit_run, "MAX_ZIP_MEMBERS", 2)
    archive = tmp_path / "many.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for n in range(3):
            z.writestr(f"{n}.json", "{}")
    (found,) = audit_run.sources([str(archive)], audit_run.Limits())
    assert found.refused == "3 logs in one zip, over the limit of 2"


def test_exit_codes(event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    legal = tmp_path / "legal"
    legal.mkdir()
    _write(legal, "a.json", _load("full-game.json"))
    assert run_audit(str(legal), "--no-state", "-q").exit_code == 0
    _write(legal, "b.json", _load("illegal-line-and-phase.json"))
    assert run_audit(str(legal), "--no-state", "-q").exit_code == 1
    assert run_audit(str(tmp_path / "nowhere"), "--no-state").exit_code == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run_audit(str(empty), "--no-state")
    assert result.exit_code == 2 and "no logs" in result.stderr

    # an engine fault: the match is "failed", first in the report, and the audit exits 3
    def faulty(data: object, **options: object) -> dict:
        raise EngineFault(
            game="union-arena",
            log_sha256="0" * 64,
            step=3,
            action={"p": "A", "do": "proceed"},
            error_type="KeyError",
            message="'x'",
        )

    monkeypatch.setattr("judge.core.replay.replay", faulty)
    result = run_audit(str(legal), "--no-state", "-j", "1", "--format", "json")
    assert result.exit_code == 3
    report = json.loads(result.stdout)
    assert [m["status"] for m in report["matches"]] == ["failed", "failed"]
    assert report["matches"][0]["failure"].startswith("engine error at step 3")


def test_every_format(event: Path, tmp_path: Path) -> None:
    state = str(tmp_path / "state")
    report = as_json(str(event), "--state", state, "-j", "1")
    text = run_audit(str(event), "--state", state).stdout
    assert text.startswith("Audit of 7 matches: 0 failed, 2 bad input, 3 with illegal plays")
    assert "#13 UA-START-EXTRA-DRAW (A)" in text and "Rules broken most:" in text
    assert "full-game-ben.json / " in text and "first disagree at action 40" in text
    # CSV: one line per match, the columns stable, parsed back
    rows = list(
        csv.DictReader(
            io.StringIO(run_audit(str(event), "--state", state, "--format", "csv").stdout)
        )
    )
    assert list(rows[0]) == list(audit_report.CSV_COLUMNS)
    assert [r["source"] for r in rows] == [m["source"] for m in report["matches"]]
    line = next(r for r in rows if r["source"].endswith("illegal-line-and-phase.json"))
    assert (line["illegal"], line["first_illegal_rule"], line["round"]) == (
        "4",
        "UA-START-EXTRA-DRAW",
        "2",
    )
    # JSON: canonical
    out = run_audit(str(event), "--state", state, "--format", "json").stdout
    assert out == canonical_json(json.loads(out)) + "\n"
    # HTML and Markdown: the markup in an event name is text
    page = run_audit(str(event), "--state", state, "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and SCRIPT not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    markdown = run_audit(str(event), "--state", state, "--format", "markdown").stdout
    assert SCRIPT not in markdown and "| 1 | broken.json" not in markdown
    assert "## Rules broken most" in markdown
    output = tmp_path / "r.md"
    assert (
        run_audit(str(event), "--state", state, "--format", "markdown", "-o", str(output)).exit_code
        == 2
    )
    assert output.read_text("utf-8") == markdown


def test_links_to_the_replay_pages_whose_ids_are_known(event: Path, tmp_path: Path) -> None:
    sha = replay(_load("full-game.json"))["log_sha256"]
    ids = tmp_path / "ids.json"
    ids.write_text(json.dumps({sha: "r1<&>"}), "utf-8")
    base = "https://judge.example/v1/"
    report = as_json(str(event), "--no-state", "--link-base", base, "--replay-ids", str(ids))
    linked = {Path(m["source"]).name: m["link"] for m in report["matches"] if m["link"]}
    assert linked == {"full-game.json": "https://judge.example/v1/replays/r1%3C%26%3E"}
    page = run_audit(
        str(event), "--no-state", "--link-base", base, "--replay-ids", str(ids), "--format", "html"
    ).stdout
    assert '<a href="https://judge.example/v1/replays/r1%3C%26%3E">store finals' in page
    # no ids: no links (the service chooses them when a log is submitted)
    assert all(
        m["link"] is None for m in as_json(str(event), "--no-state", "--link-base", base)["matches"]
    )


def _judged_now(stderr: str) -> tuple[int, int]:
    found = re.search(r"(\d+) judged now(?:, (\d+) from)?", stderr)
    assert found, stderr
    return int(found.group(1)), int(found.group(2) or 0)


def test_resume_judges_only_what_is_missing(event: Path, tmp_path: Path) -> None:
    state = tmp_path / "state"
    first = run_audit(str(event), "--state", str(state), "--format", "json", "-j", "2")
    assert _judged_now(first.stderr) == (7, 0)
    rows = sorted((state / "rows").glob("*.kept"))
    assert len(rows) == 7 and len(list((state / "diffs").glob("*.kept"))) == 1
    again = run_audit(str(event), "--state", str(state), "--format", "json")
    assert _judged_now(again.stderr) == (0, 7) and again.stdout == first.stdout
    for stale in rows[:2]:
        stale.unlink()
    partly = run_audit(str(event), "--state", str(state), "--format", "json")
    assert _judged_now(partly.stderr) == (2, 5) and partly.stdout == first.stdout
    # other options (another on_illegal) judge everything again
    other = run_audit(str(event), "--state", str(state), "--on-illegal", "stop", "-q")
    assert other.exit_code == 2 and len(list((state / "rows").glob("*.kept"))) == 14


def test_an_interrupted_audit_keeps_what_it_judged(
    event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "state"
    judged: list[str] = []
    real = audit_run.judge_bytes

    def interrupted_after_three(name: str, raw: bytes, options: audit_run.Options) -> dict:
        if len(judged) == 3:
            raise KeyboardInterrupt
        judged.append(name)
        return real(name, raw, options)

    monkeypatch.setattr(audit_run, "judge_bytes", interrupted_after_three)
    result = run_audit(str(event), "--state", str(state), "-j", "1")
    assert (
        result.exit_code == 130 and "the same command again judges only the rest" in result.stderr
    )
    assert len(list((state / "rows").glob("*.kept"))) == 3
    assert not list((state / "rows").glob(".*"))  # no half-written row
    monkeypatch.setattr(audit_run, "judge_bytes", real)
    resumed = run_audit(str(event), "--state", str(state), "--format", "json", "-j", "1")
    assert _judged_now(resumed.stderr) == (4, 3)
    fresh = run_audit(str(event), "--no-state", "--format", "json", "-j", "1")
    assert resumed.stdout == fresh.stdout


def test_the_state_folder_inside_the_event_is_not_audited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "e"
    folder.mkdir()
    _write(folder, "a.json", _load("illegal-line-and-phase.json"))
    for _ in range(2):
        result = run_audit(str(folder), "--state", str(folder / "st"))
        assert result.exit_code == 1
    assert _judged_now(result.stderr) == (0, 1)
    monkeypatch.chdir(folder)
    for _ in range(2):
        result = run_audit(".")  # the default state, .judge-audit, is made here
        assert result.exit_code == 1
    assert _judged_now(result.stderr) == (0, 1) and Path(".judge-audit", "rows").is_dir()


# --------------------------------------------------------------------------------------
# The report's functions, on made-up replays


def fake_replay(steps: list | None = None, **summary: object) -> dict:
    base = {"illegal_steps": [], "unverifiable_steps": [], "result": None}
    return {"summary": {**base, **summary}, "steps": steps or []}


def test_deck_problems_are_the_deck_owners() -> None:
    decks = {"judged": True, "problems": [{"player": "B", "rule": "UA-DECK-SIZE", "message": "49"}]}
    steps = [
        {
            "index": 0,
            "action": {"p": "A", "do": "proceed"},
            "verdict": "illegal",
            "violations": [{"rule": "UA-DECK-SIZE", "message": "B's deck: 49"}],
        }
    ]
    log = {
        "match": {"event": "E"},
        "players": [{"id": "A", "name": "Aki"}, {"id": "B", "name": "Ben"}],
    }
    r = audit_report.row(
        "d.json", log=log, replay=fake_replay(illegal_steps=[0], decks=decks, steps=steps)
    )
    assert r["deck_problems"] == 1 and r["illegal"] == 1
    assert r["violations"] == [{"step": 0, "rule": "UA-DECK-SIZE", "player": "B"}]
    assert r["needs_judge"]["level"] == "deck" and "B's deck" in r["needs_judge"]["reason"]
    no_actions = audit_report.row("e.json", log=log, replay=fake_replay(decks=decks))
    assert no_actions["violations"] == [{"step": None, "rule": "UA-DECK-SIZE", "player": "B"}]
    report = audit_report.build([no_actions, r])
    assert report["exit"] == 1 and report["rules"] == [
        {"rule": "UA-DECK-SIZE", "count": 2, "players": {"Ben": 2}}
    ]


def test_build_is_deterministic_and_exit_is_the_worst() -> None:
    log = {"match": {"event": "E", "round": 1, "table": 1}}
    clean = audit_report.row("c", log=log, replay=fake_replay())
    recorded = audit_report.row("r", log=log, replay=fake_replay(recorded_steps=[3, 4]))
    failed = audit_report.row("f", log=None, failure="engine error at step 2: KeyError")
    bad = audit_report.row("b", log="not a dict", problems=[{"path": "x", "message": "y"}])  # type: ignore[arg-type]
    rows = [clean, recorded, failed, bad]
    report = audit_report.build(rows)
    assert [m["source"] for m in report["matches"]] == ["f", "b", "r", "c"]
    assert report["exit"] == 3 and audit_report.build([clean, recorded])["exit"] == 0
    assert audit_report.build([bad, clean])["exit"] == 2
    assert canonical_json(audit_report.build(list(reversed(rows)))) == canonical_json(report)
    assert recorded["needs_judge"] == {
        "rank": 6,
        "level": "recorded",
        "score": 2,
        "reason": "2 recorded outcomes to check against the cards' text",
    }
    json.dumps(report)  # JSON-serialisable
    with pytest.raises(ValueError):
        audit_report.row("x", log=None)
    with pytest.raises(ValueError):
        audit_report.render(report, "pdf")


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_written_as_text() -> None:
    """A log's writer chooses its event and its players' names: a cell that starts like a
    formula (=, +, -, @) is written with a leading ' (CSV injection)."""
    log = _load("full-game.json")
    log["match"] = {"event": '=HYPERLINK("http://example.invalid","x")', "round": 1, "table": 2}
    log["players"][0]["name"] = "@evil"
    report = audit_report.build([audit_report.row("a.json", log=log, replay=replay(log))])
    (line,) = list(csv.DictReader(io.StringIO(audit_report.render(report, "csv"))))
    assert line["event"] == "'" + log["match"]["event"]
    assert line["players"].startswith("A @evil")  # starts with the player's id: no formula
    assert line["round"] == "1" and line["illegal"] == "0"
