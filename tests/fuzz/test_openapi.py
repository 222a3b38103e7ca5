"""Schemathesis over the app's own OpenAPI schema (``/openapi.json``), against a real server process.

Every operation gets ``EXAMPLES`` generated requests in each of schemathesis' two modes (positive: inputs the schema
allows; negative: inputs it forbids), each run seeded by Hypothesis' ``derandomize`` so a failure comes back on the
next run. To get past the 404s and 401s, most requests are aimed at real tables (one in the lobby, one playing, one
finished, all of the test game ``hidden-hands``) with real credentials: a seat's bearer token, the spectator key, the
invite code in a join, a legal action in an act; the rest keep what schemathesis drew.

Each request must get:

- no 5xx, and no dropped connection;
- for a 4xx from ``/api``: API.md's error body ``{"error": {"code", "message"}}`` and nothing else (the HTML pages
  may answer a 4xx with an HTML error page instead);
- for a 4xx aimed at a real table: no change to that table, as its viewers read it over HTTP (public table, every
  seat's and a spectator's state message, chat, audit), presence counters and the server's clock aside.

After each operation the server's log must show no traceback; a 5xx is reported with the exception its traceback
ends in and a curl command that reproduces it. All failures of an operation are collected (one example per kind) and
reported together. Besides, about one body in four gets a string schemathesis never draws (lone
surrogates such as "\\ud800", NUL, 70,000 characters), credentials get forged tokens and non-ASCII spectator keys;
``test_lone_surrogates_in_bodies`` sends a lone surrogate to every string field of every body once.

Scale: ``FUZZ_SCALE=20`` (any positive number) multiplies the number of examples (12 per operation and mode by
default, about 20 s for the module; at 20, several minutes). Needs ``schemathesis`` (the test extra).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from app.main import create_app
from app.settings import Settings
from tests.api.helpers import auth
from tests.conftest import ServerProcess
from tests.fuzz.common import (
    LogWatch,
    alarm_report,
    alarms,
    create_table,
    exception_line,
    scaled,
    seat_state,
    settle,
    snapshot_diff,
    table_snapshot,
)

GenerationMode = schemathesis.GenerationMode

EXAMPLES = scaled(12)  # per operation and generation mode

# The operations, listed at collection time from the app itself; the test checks the server serves the same list.
_SCHEMA = create_app(Settings(database_url="sqlite:///unused.db")).openapi()
OPERATIONS = [(method.upper(), path) for path, ops in _SCHEMA["paths"].items() for method in ops]


_LATIN1 = st.characters(min_codepoint=0x21, max_codepoint=0xFF, exclude_characters="\x7f")
FORGED_TOKENS = st.one_of(st.text(_LATIN1, min_size=1, max_size=40), st.sampled_from(["x" * 32, "é" * 32, "0"]))
FORGED_KEYS = st.one_of(st.text(min_size=1, max_size=40), st.sampled_from(["é" * 16, "\u2603", "a" * 5000]))


JUNK_STRINGS = ["\ud800", "a\udfffb", "\u0000", "\u202e\u200b", "é" * 50, "x" * 70_000]
# Numbers as a query or path may spell them: digits of other scripts ("٣", full-width "１") and characters that
# str.isdigit() counts though int() refuses them ("²"), signs, nothing, and numbers longer than int() reads.
ODD_NUMBERS = ["²", "٣", "１", "-1", "", " 1", "1e3", "0x1", "all", "9" * 30, "9" * 5000]
JUNK_ACTIONS = [{"type": "\ud800"}, {"type": "set_aside", "gem": "\udfff"}, {"type": "x" * 70_000}, "\ud800",
                {"\ud800": 1, "type": "commit"}]


@pytest.fixture(scope="module")
def schema(live_server: ServerProcess) -> Any:
    return schemathesis.openapi.from_url(f"{live_server.url}/openapi.json")


def test_the_server_serves_the_schema_fuzzed_here(schema: Any) -> None:
    served = sorted((op.ok().method.upper(), op.ok().path) for op in schema.get_all_operations())
    assert served == sorted(OPERATIONS)


def test_the_snapshot_sees_a_change(live_http: httpx.Client) -> None:
    """The before/after comparison can fail: a legal action changes the snapshot, reading it twice does not."""
    table = create_table(live_http, humans=2, started=True)
    before = table_snapshot(live_http, table)
    assert table_snapshot(live_http, table) == before
    legal = seat_state(live_http, table, 0)["legal"]
    response = live_http.post(f"{table.url}/actions", json={"action": legal[0]}, headers=auth(table.tokens[0]))
    assert response.status_code == 200, response.text
    assert table_snapshot(live_http, table) != before


class Fuzz:
    """One operation's fuzzing run: the tables it aims at, what it saw and what went wrong."""

    def __init__(self, http: httpx.Client, operation: Any, base_url: str, log: LogWatch) -> None:
        self.http = http
        self.log = log
        self.alarms: list[str] = []  # the server log's alarms, read as they come
        self.operation = operation
        self.base_url = base_url
        self.session = requests.Session()
        self.tables = {
            "lobby": create_table(http, humans=2),
            "playing": create_table(http, humans=2, started=True),
            "finished": create_table(http, humans=2, finished=True),
        }
        self.stranger = create_table(http, humans=1)  # its token is valid, but for another table
        self.known = {name: table_snapshot(http, table) for name, table in self.tables.items()}
        self.failures: dict[tuple[str, ...], str] = {}
        self.statuses: Counter[int] = Counter()
        self.reached: Counter[int] = Counter()  # statuses of requests aimed at a real table with a real credential
        self.unsendable = 0

        names = {(p.location.value, p.name) for p in operation.iter_parameters()}
        self.has_table = ("path", "table_id") in names
        self.has_target = ("path", "target") in names
        self.has_auth = ("header", "authorization") in names
        self.has_spectate = ("query", "spectate") in names
        self.is_api = operation.path.startswith("/api/")
        # Query parameters besides the spectator key (aimed above), and numbers in the path: given odd numbers too.
        self.numbers = sorted(p.name for p in operation.iter_parameters()
                              if p.location.value == "query" and p.name != "spectate")
        self.path_numbers = sorted(p.name for p in operation.iter_parameters()
                                   if p.location.value == "path" and p.definition.get("schema", {}).get("type")
                                   == "integer")

    def fail(self, kind: str, status: int | str, detail: str, case: Any) -> None:
        key = (kind, str(status), detail.splitlines()[0][:120] if detail else "")
        if key not in self.failures:
            try:
                repro = case.as_curl_command(headers=None)
            except Exception as exc:  # the report must not hide the failure behind this
                repro = f"(no curl: {exc!r}) {case!r}"
            self.failures[key] = f"[{kind}] status {status}: {detail}\n  reproduce: {repro}"

    # ---------------------------------------------------------------- aiming the case

    def aim(self, case: Any, data: st.DataObject) -> tuple[str | None, str | None]:
        """Point the drawn case at a real table and credential (or leave schemathesis' own); returns their names."""
        where = None
        if self.has_table:
            where = data.draw(st.sampled_from(["lobby", "playing", "finished", "lobby", "playing", "playing",
                                               "generated", "unknown"]), label="table")
            if where in self.tables:
                case.path_parameters["table_id"] = self.tables[where].table_id
            elif where == "unknown":
                case.path_parameters["table_id"] = "no-such-table"
        table = self.tables.get(where or "")
        if self.has_target and data.draw(st.booleans(), label="real seat number"):
            case.path_parameters["target"] = data.draw(st.sampled_from([0, 1, 2, 4, 5, -1]), label="target")
        who = None
        if self.has_auth or self.has_spectate:
            who = data.draw(st.sampled_from(["seat 0", "seat 1", "seat 0", "seat 1", "spectator", "stranger",
                                             "forged token", "forged key", "generated", "nobody"]), label="who")
            headers = dict(case.headers or {})
            query = dict(case.query or {})
            if who != "generated":
                headers.pop("authorization", None)
                query.pop("spectate", None)
            if who.startswith("seat") and table is not None:
                headers["authorization"] = f"Bearer {table.tokens[int(who[-1])]}"
            elif who == "stranger":
                headers["authorization"] = f"Bearer {self.stranger.tokens[0]}"
            elif who == "spectator" and table is not None:
                query["spectate"] = table.spectate
            elif who == "forged token":  # what a header can carry (Latin-1), near-misses of a real token among it
                headers["authorization"] = "Bearer " + data.draw(FORGED_TOKENS, label="token")
            elif who == "forged key":
                query["spectate"] = data.draw(FORGED_KEYS, label="key")
            case.headers = headers
            case.query = query
        if self.numbers and data.draw(st.integers(0, 2), label="odd query") == 0:
            name = data.draw(st.sampled_from(self.numbers), label="query")
            case.query = {**(case.query or {}), name: data.draw(st.sampled_from(ODD_NUMBERS), label="odd number")}
        if self.path_numbers and data.draw(st.integers(0, 3), label="odd path") == 0:
            name = data.draw(st.sampled_from(self.path_numbers), label="path number")
            case.path_parameters[name] = data.draw(st.sampled_from(ODD_NUMBERS[:-1]), label="odd path number")
        if isinstance(case.body, dict) and case.body and data.draw(st.integers(0, 3), label="junk field") == 0:
            # Strings schemathesis does not draw: lone surrogates (JSON spells them, UTF-8 cannot), NUL, and more.
            name = data.draw(st.sampled_from(sorted(case.body)), label="field")
            case.body[name] = data.draw(st.sampled_from(JUNK_ACTIONS if name == "action" else JUNK_STRINGS),
                                        label="junk")
        if table is not None and isinstance(case.body, dict):
            path = self.operation.path
            if path.endswith("/join") and data.draw(st.booleans(), label="real invite"):
                case.body["invite"] = table.invite
            if path.endswith("/actions") and who and who.startswith("seat") and data.draw(st.booleans(),
                                                                                          label="legal action"):
                legal = self._legal(where or "", int(who[-1]))
                if legal:
                    case.body["action"] = data.draw(st.sampled_from(legal), label="action")
        return where, who

    def _legal(self, where: str, seat: int) -> list[Any]:
        status, message = self.known[where][f"state of seat {seat}"]
        return message.get("legal", []) if status == 200 and isinstance(message, dict) else []

    # ---------------------------------------------------------------- one example

    def run(self, case: Any, data: st.DataObject) -> None:
        where, who = self.aim(case, data)
        try:
            response = case.call(base_url=self.base_url, session=self.session, timeout=30)
        except (requests.exceptions.InvalidHeader, requests.exceptions.InvalidURL, UnicodeError, ValueError):
            self.unsendable += 1  # the client cannot put this on the wire: nothing reached the server
            return
        except requests.exceptions.RequestException as exc:
            self.fail("no response", type(exc).__name__, str(exc), case)
            self.session = requests.Session()
            return
        status = response.status_code
        self.statuses[status] += 1
        if where in self.tables and who and (who.startswith("seat") or who == "spectator"):
            self.reached[status] += 1
        body = response.content.decode("utf-8", errors="replace")
        if status >= 500:
            # Its traceback names the cause (the body does not): wait for it, and tell the causes apart by it.
            cause = self.read_alarms(wait=2.0)
            self.fail("server error", status, f"{body[:200]}; the log: {cause or 'no traceback'}", case)
        elif 400 <= status < 500:
            self.check_error_body(case, status, response, body)
        elif self.is_api and 200 <= status < 300:
            try:
                json.loads(body)
            except ValueError:
                self.fail("2xx not JSON", status, body[:300], case)
        table = self.tables.get(where or "")
        if table is not None:
            after = table_snapshot(self.http, table)
            if 400 <= status < 500 and after != self.known[where or ""]:
                self.fail("refused request changed the table", status,
                          f"{body[:300]}\n{snapshot_diff(self.known[where or ''], after)}", case)
            self.known[where or ""] = after

    def read_alarms(self, wait: float = 0.0) -> str:
        """The server log's new alarms (kept for the end of the test); the exception of the first one, if any."""
        deadline = time.monotonic() + wait
        found = alarms(self.log.new_text())
        while not found and time.monotonic() < deadline:
            time.sleep(0.02)
            found = alarms(self.log.new_text())
        self.alarms += found
        return exception_line(found[0]) if found else ""

    def check_error_body(self, case: Any, status: int, response: Any, body: str) -> None:
        content_type = response.headers.get("content-type") or [""]  # schemathesis keeps every value of a header
        if not self.is_api and content_type[0].startswith("text/html"):
            return  # a page's own error page, for people
        try:
            parsed = json.loads(body)
        except ValueError:
            self.fail("4xx body is not JSON", status, body[:300], case)
            return
        error = parsed.get("error") if isinstance(parsed, dict) else None
        good = (isinstance(parsed, dict) and set(parsed) == {"error"} and isinstance(error, dict)
                and set(error) == {"code", "message"} and isinstance(error["code"], str) and error["code"]
                and isinstance(error["message"], str) and error["message"].strip())
        if not good:
            self.fail("4xx body is not {error: {code, message}}", status, body[:300], case)


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_fuzz_operation(method: str, path: str, schema: Any, live_http: httpx.Client,
                        live_server: ServerProcess) -> None:
    operation = schema[path][method]
    fuzz = Fuzz(live_http, operation, live_server.url, LogWatch(live_server.log_path))
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        strategy = operation.as_strategy(generation_mode=mode)

        @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                  phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
        @given(case=strategy, data=st.data())
        def run(case: Any, data: st.DataObject) -> None:
            fuzz.run(case, data)

        try:
            run()
        except Unsatisfiable:
            # Nothing to get wrong (GET /api/games takes no input): no negative case exists.
            assert mode == GenerationMode.NEGATIVE, f"{method} {path}: no positive case could be generated"
    # A last request on the same connection: the server is done with (and has logged) everything before it.
    fuzz.session.get(f"{live_server.url}/api/games", timeout=30)
    fuzz.read_alarms()
    found = fuzz.alarms
    problems = list(fuzz.failures.values())
    if found:
        problems.append(alarm_report(found))
    summary = f"{method} {path}: statuses {dict(sorted(fuzz.statuses.items()))}, unsendable {fuzz.unsendable}"
    assert not problems, summary + "\n\n" + "\n\n".join(problems)
    assert sum(fuzz.statuses.values()) > fuzz.unsendable, f"{summary}: most requests never reached the server"
    if fuzz.has_table and fuzz.has_auth:
        past_the_door = sum(n for s, n in fuzz.reached.items() if s not in (401, 404))
        assert past_the_door, f"{summary}: no request with real credentials got past the 401s and 404s"


# Lone surrogates in every string a body carries: JSON spells them ("\ud800"), UTF-8 cannot carry them back, so a
# server that echoes one in its error message (or hashes, compares or stores it) trips over it. Schemathesis never
# draws them; these are sent to every such field once, to a real table with real credentials. A 2xx is fine (a name
# is cleaned of them); a 5xx, a dropped connection or a traceback is not, nor a refusal that changes the table.
S = "\ud800"
SURROGATE_BODIES = [
    ("POST", "/api/tables", None, {"game": S, "name": "Zed"}),
    ("POST", "/api/tables", None, {"game": "hidden-hands", "name": S}),
    ("POST", "/api/tables", None, {"game": "hidden-hands", "name": f"Zed{S}"}),
    ("POST", "/api/tables", None, {"game": "hidden-hands", "name": "Zed", "options": {S: 1}}),
    ("POST", "/api/tables", None, {"game": "hidden-hands", "name": "Zed", "options": {"review_s": S}}),
    ("POST", "/api/tables", None, {"game": "hidden-hands", "name": "Zed", S: 1}),
    ("POST", "{lobby}/join", None, {"name": S, "invite": "{invite}"}),
    ("POST", "{lobby}/join", None, {"name": "Zed", "invite": S}),
    ("POST", "{lobby}/bots", 0, {"count": 1, "kind": S}),
    ("POST", "{playing}/actions", 0, {"action": {"type": S}}),
    ("POST", "{playing}/actions", 0, {"action": {"type": "set_aside", "gem": S}}),
    ("POST", "{playing}/actions", 0, {"action": {"type": "set_aside", S: "gem-01"}}),
    ("POST", "{playing}/actions", 0, {"action": S}),
    ("POST", "{playing}/chat", 0, {"text": S}),
    ("POST", "{playing}/chat", 0, {"text": "hi", "channel": S}),
    ("POST", "{playing}/seats/1/bot", 0, {"kind": S}),
]


@pytest.mark.parametrize(("method", "path", "seat", "body"), SURROGATE_BODIES,
                         ids=[f"{m} {p} {json.dumps(b)[:60]}" for m, p, _, b in SURROGATE_BODIES])
def test_lone_surrogates_in_bodies(live_server: ServerProcess, live_http: httpx.Client, method: str, path: str,
                                   seat: int | None, body: Any) -> None:
    log = LogWatch(live_server.log_path)
    tables = {"lobby": create_table(live_http, humans=2), "playing": create_table(live_http, humans=2, started=True)}
    name = "lobby" if "{lobby}" in path else "playing" if "{playing}" in path else None
    table = tables[name] if name else None
    url = path.format(lobby=tables["lobby"].url, playing=tables["playing"].url)
    text = json.dumps(body).replace("{invite}", tables["lobby"].invite)  # ASCII: the surrogate travels as \ud800
    before = table_snapshot(live_http, table) if table else None
    headers = {"Content-Type": "application/json", **(auth(table.tokens[seat]) if table and seat is not None else {})}
    problems = []
    try:
        response = live_http.request(method, url, content=text.encode(), headers=headers)
    except httpx.HTTPError as exc:
        problems.append(f"no response: {exc!r}")
        status = None
    else:
        status = response.status_code
        if status >= 500:
            problems.append(f"status {status}: {response.text[:300]}")
        elif status >= 400:  # a refusal, in API.md's shape (a 2xx is fine too: the surrogate may be cleaned away)
            parsed = response.json()
            error = parsed.get("error") if isinstance(parsed, dict) else None
            if not (isinstance(error, dict) and set(parsed) == {"error"} and set(error) == {"code", "message"}):
                problems.append(f"not an error body: {response.text[:300]}")
    settle(live_http)
    found = alarms(log.new_text())
    if table is not None and (status is None or status >= 400) and table_snapshot(live_http, table) != before:
        problems.append("the refused request changed the table")
    if found:
        problems.append(alarm_report(found))
    assert not problems, f"{method} {url} {text[:200]}\n" + "\n".join(problems)


# Every query parameter (the spectator key aside: credentials are aimed above) and every number in a path, given each
# of ODD_NUMBERS once, at a finished table (with the host's token) and at no table: no 5xx, no traceback, refusals in
# API.md's shape, and nothing changed. The fuzzer above draws these too, but only now and then.
NUMBER_PARAMETERS = [
    (method.upper(), path, spec["in"], spec["name"])
    for path, ops in _SCHEMA["paths"].items() for method, op in ops.items() for spec in op.get("parameters", [])
    if (spec["in"] == "query" and spec["name"] != "spectate")
    or (spec["in"] == "path" and spec.get("schema", {}).get("type") == "integer")
]


@pytest.mark.parametrize(("method", "path", "where", "name"), NUMBER_PARAMETERS,
                         ids=[f"{m} {p} {w}:{n}" for m, p, w, n in NUMBER_PARAMETERS])
def test_odd_numbers_in_parameters(live_server: ServerProcess, live_http: httpx.Client, method: str, path: str,
                                   where: str, name: str) -> None:
    log = LogWatch(live_server.log_path)
    table = create_table(live_http, humans=2, finished=True)
    before = table_snapshot(live_http, table)
    problems = []
    for value in ODD_NUMBERS:
        if where == "path" and value == "":
            continue  # no number at all: another address (a redirect or a 404), not this route
        for table_id in (table.table_id, "no-such-table"):
            filled = {"table_id": table_id, "game_id": "hidden-hands", "target": "1", "seq": "0"}
            if where == "path":
                filled[name] = value
            url = path.format(**{k: quote(v, safe="") for k, v in filled.items()})
            params = {name: value} if where == "query" else None
            body = {} if method == "POST" else None
            response = live_http.request(method, url, params=params, json=body, headers=auth(table.tokens[0]))
            if response.status_code >= 500:
                problems.append(f"{value[:20]!r} at {table_id}: status {response.status_code}: {response.text[:200]}")
            elif response.status_code >= 400 and path.startswith("/api/"):
                parsed = response.json()
                error = parsed.get("error") if isinstance(parsed, dict) else None
                if not (isinstance(error, dict) and set(parsed) == {"error"} and set(error) == {"code", "message"}):
                    problems.append(f"{value[:20]!r} at {table_id}: not an error body: {response.text[:200]}")
    settle(live_http)
    found = alarms(log.new_text())
    if found:
        problems.append(alarm_report(found))
    if table_snapshot(live_http, table) != before:
        problems.append("an odd number changed the table")
    assert not problems, f"{method} {path} ({where} {name})\n" + "\n".join(problems)
