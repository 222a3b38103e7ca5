"""The deployment without containers: PostgreSQL, Redis, two workers and Debian's nginx running deploy/nginx/
tabletop.conf itself (with TLS: a self-signed certificate made here; only the includes naming the upstreams, the
listening ports and the certificate's files are the test's own). Games are played through the proxy's address, which
keeps each table on one worker;
one worker is SIGTERMed mid-game and the pages' sockets come back through the proxy to the other; X-Forwarded-For is
believed from the proxy alone; /metrics answers the machine only and moves with play; the logs are JSON lines. The
proxy keeps the app's own limits per visitor (connections, request pace, half-sent requests), serves certificate
renewals' HTTP-01 challenges over plain HTTP and takes a renewed certificate on a reload."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import secrets
import selectors
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from tests.conftest import ROOT, ServerProcess, free_port, server_env
from tests.support.tables import start_table
from tests.test_multiworker import PG, REDIS, _admin, _need_services
from tests.test_worker_death import _play_one

CREATE_RATE = 4  # table creations a minute per address, per worker: small, for the forwarded-address test
GRACE = 30.0  # a dead worker's tables wait this long: a SIGTERMed one's must not
TLS = ssl.create_default_context()
TLS.check_hostname = False
TLS.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate
# The test's sockets (websockets' sync client) read in a thread of their own while the handshake request is written,
# on one OpenSSL connection; under TLS 1.3 nginx sends its session tickets just then, and on a loaded box about one run
# in six lost the request (nginx: "client timed out while waiting for request"; the client: no handshake response).
# TLS 1.2 sends nothing after its handshake, so the test's sockets speak it; browsers still get TLS 1.3 from nginx.
TLS.maximum_version = ssl.TLSVersion.TLSv1_2


@dataclass
class Topology:
    a: ServerProcess
    b: ServerProcess
    proxy_url: str  # https://127.0.0.1:port
    http_url: str  # the proxy's plain-HTTP side
    tmp: Path
    proxy: subprocess.Popen[bytes]
    secrets: list[str] = field(default_factory=list)  # every credential handed out, searched for in the logs

    @property
    def ws_url(self) -> str:
        return self.proxy_url.replace("https://", "wss://")

    def client(self, local: str | None = None) -> httpx.Client:
        return httpx.Client(transport=httpx.HTTPTransport(verify=False, local_address=local), timeout=15)


def _certificate(certs: Path, version: int) -> bytes:
    """A self-signed certificate in ``certs/v{version}/``, as a renewal leaves one; returns it (DER)."""
    where = certs / f"v{version}"
    where.mkdir(parents=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", f"/CN=127.0.0.1/O=renewal {version}", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(where / "privkey.pem"), "-out", str(where / "fullchain.pem")],
                   check=True, capture_output=True)
    return ssl.PEM_cert_to_DER_cert((where / "fullchain.pem").read_text())


def _point_certificates_at(certs: Path, version: int) -> None:
    """fullchain.pem and privkey.pem are symlinks into the version directory, moved at once (as certbot's are)."""
    for name in ("fullchain.pem", "privkey.pem"):
        link = certs / f".{name}.new"
        link.unlink(missing_ok=True)
        link.symlink_to(f"v{version}/{name}")
        link.replace(certs / name)


def _nginx_config(tmp: Path, a: int, b: int, http_port: int, https_port: int) -> Path:
    """nginx's main file for the test, including deploy/nginx/tabletop.conf as it is; its includes (the workers, the
    ports) and directories (the certificate, the ACME challenges) are made next to it, where the config's relative
    paths look (nginx runs with this directory as its prefix too)."""
    own = tmp / "tabletop"
    (own / "acme" / ".well-known" / "acme-challenge").mkdir(parents=True)
    (own / "upstreams.conf").write_text(f"server 127.0.0.1:{a} max_fails=1 fail_timeout=5s;\n"
                                        f"server 127.0.0.1:{b} max_fails=1 fail_timeout=5s;\n")
    (own / "listen-http.conf").write_text(f"listen 127.0.0.1:{http_port};\n")
    (own / "listen-https.conf").write_text(f"listen 127.0.0.1:{https_port} ssl http2;\n")
    _certificate(own / "certs", 1)
    _point_certificates_at(own / "certs", 1)
    kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    temp = "\n".join(f"  {kind}_temp_path {tmp / kind};" for kind in kinds)
    main = tmp / "nginx.conf"
    main.write_text(f"""daemon off;
{'user root;' if os.geteuid() == 0 else ''}
worker_processes 1;
pid {tmp / 'nginx.pid'};
error_log {tmp / 'error.log'} info;
events {{ worker_connections 512; }}
http {{
  log_format routes '$request_method $uri $upstream_addr';
  access_log {tmp / 'access.log'} routes;
{temp}
  include {ROOT / 'deploy' / 'nginx' / 'tabletop.conf'};
}}
""")
    return main


def _wait_until(check: Any, within: float, what: str) -> Any:
    end = time.monotonic() + within
    while True:
        with contextlib.suppress(httpx.HTTPError, OSError):
            value = check()
            if value:
                return value
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {within} s")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def topology(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Topology]:
    _need_services()
    if shutil.which("nginx") is None:
        if os.environ.get("CI"):
            pytest.fail("Debian's nginx is missing; scripts/test installs it with apt-get install nginx")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    tmp = tmp_path_factory.mktemp("deploy")
    name = f"tabletop_deploy_{secrets.token_hex(4)}"
    _admin(f'CREATE DATABASE "{name}"')
    env = server_env(tmp, DATABASE_URL=f"{PG}/{name}", REDIS_URL=REDIS, FORWARDED_ALLOW_IPS="127.0.0.1",
                     CREATE_RATE=f"{CREATE_RATE}/60", HANDOVER_GRACE=str(GRACE), LOG_FORMAT="json")
    a = ServerProcess(env, log_path=tmp / "a.log")
    b = ServerProcess(env, log_path=tmp / "b.log")
    proxy: subprocess.Popen[bytes] | None = None
    try:
        a.start()
        b.start()
        http_port, https_port = free_port(), free_port()
        config = _nginx_config(tmp / "nginx", a.port, b.port, http_port, https_port)
        nginx = ["nginx", "-c", str(config), "-p", f"{tmp / 'nginx'}/", "-e", str(tmp / "nginx" / "error.log")]
        checked = subprocess.run([*nginx, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr  # the shipped configuration parses
        proxy = subprocess.Popen(nginx, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        top = Topology(a, b, f"https://127.0.0.1:{https_port}", f"http://127.0.0.1:{http_port}", tmp, proxy)
        with top.client() as client:
            _wait_until(lambda: client.get(f"{top.proxy_url}/readyz").status_code == 200, 15, "the proxy answering")
        yield top
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        a.stop()
        b.stop()
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Page:
    """A table page's socket, as static/js/client.js keeps it: the credential in the first message, and back at once
    through the proxy when the server closes with 1012 (restarting)."""

    def __init__(self, top: Topology, table_id: str, token: str | None = None, spectate: str | None = None,
                 seat: int | None = None, first: ServerProcess | None = None) -> None:
        self.table_id, self.seat = table_id, seat
        self.acked: list[tuple[int, int | None, Any]] = []  # (seq, seat, action) of every acknowledged move
        self.url = f"{top.ws_url}/ws/tables/{table_id}"
        self.auth = {"type": "auth", "token": token} if token else {"type": "auth", "spectate": spectate}
        self.closes: list[int | None] = []
        self.latest: dict[str, Any] | None = None
        self.pending: tuple[int, Any, int] | None = None  # (message id, action, seq it was sent at)
        self.sockets = contextlib.ExitStack()
        # ``first``: the worker the proxy happened to send this page to (its first socket goes there directly, so
        # the test knows); every reconnection goes through the proxy.
        self.ws: ClientConnection = self._open(first)

    def _open(self, first: ServerProcess | None = None) -> ClientConnection:
        if first is not None:
            url = f"{first.url.replace('http://', 'ws://')}/ws/tables/{self.table_id}"
            ws = self.sockets.enter_context(connect(url, proxy=None, open_timeout=10))
        else:
            ws = self.sockets.enter_context(connect(self.url, ssl=TLS, proxy=None, open_timeout=10))
        ws.send(json.dumps(self.auth))
        return ws

    def recv(self, timeout: float) -> dict[str, Any] | None:
        try:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return None
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            self.closes.append(code)
            # A seated page may be writing a move just as the proxy closes behind the server's 1012: the failed write
            # tears down this client's socket before its reader has parsed the close frame already received (a
            # browser would still read it). Only that is let through; a watcher never writes, so it must read 1012.
            raced = code is None and self.seat is not None and isinstance(closed.__cause__, OSError)
            assert code == 1012 or raced, f"closed with {code}, not as a restart"
            self.pending = None  # unacknowledged: the fresh state says whether it was taken
            self.ws = self._open()
            return None
        if message["type"] == "state":
            self.latest = message
        return message

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.sockets.close()


_ids = itertools.count(1)


def _play_through_pages(pages: list[Page], within: float, until_seq: int | None = None) -> None:
    """Each seated page plays its first legal move whenever its latest state offers one, until every page has seen
    its game end (or one has seen ``until_seq``)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        for page in pages:
            message = page.recv(timeout=0.02)
            if message is not None and message["type"] == "ack" and page.pending and message["id"] == page.pending[0]:
                page.acked.append((message["seq"], page.seat, page.pending[1]))
                page.pending = None
            elif message is not None and message["type"] == "error":
                page.pending = None  # refused (the table moved on): the next state decides
            state = page.latest
            if state is None or page.seat is None or state["status"] != "playing":
                continue
            moves = [action for action in state["legal"] if not action.get("template")]  # a template is no move
            if moves and (page.pending is None or page.pending[2] < state["seq"]):
                message_id = next(_ids)
                page.pending = (message_id, moves[0], state["seq"])
                with contextlib.suppress(ConnectionClosed):  # the close is read (and reopened) by the next recv
                    page.ws.send(json.dumps({"type": "act", "id": message_id, "action": moves[0],
                                             "expect_seq": state["seq"]}))
        seen = [page.latest for page in pages]
        if until_seq is not None and any(state and state["seq"] >= until_seq for state in seen):
            return
        if all(state and state["status"] == "finished" for state in seen):
            return
    stuck = [(page.seat, (page.latest or {}).get("seq"), (page.latest or {}).get("status")) for page in pages]
    raise AssertionError(f"the games did not get there within {within} s: {stuck}")


def _new_table(top: Topology, game: str, people: int, bots: int, url: str | None = None,
               **options: Any) -> tuple[str, list[str], str]:
    with top.client() as client:
        made = start_table(client, url or top.proxy_url, game, people, bots, **options)
    top.secrets += [*made.tokens, made.invite, made.spectate]
    return made.table_id, made.tokens, made.spectate


def _metrics(url: str) -> dict[str, float]:
    """A worker's own numbers (each test worker is one process), summed over labels by name."""
    text = httpx.get(f"{url}/metrics", timeout=10).text
    totals: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            totals[sample.name] = totals.get(sample.name, 0.0) + sample.value
    return totals


def _both(top: Topology, name: str) -> float:
    return _metrics(top.a.url).get(name, 0.0) + _metrics(top.b.url).get(name, 0.0)


def _check_the_audit(top: Topology, table_id: str, acked: list[tuple[int, int | None, Any]]) -> None:
    with top.client() as client:
        audit = client.get(f"{top.proxy_url}/api/tables/{table_id}/audit").json()
        logged = {entry["seq"]: (entry["seat"], entry["action"]) for entry in audit["actions"]}
        lost = [(seq, seat, action) for seq, seat, action in acked if logged.get(seq) != (seat, action)]
        assert lost == []  # nothing acknowledged is lost
        assert "the result matches" in client.get(f"{top.proxy_url}/t/{table_id}/verify").text


def test_a_game_of_each_kind_through_the_proxy(topology: Topology) -> None:
    top = topology
    before = {name: _both(top, name) for name in ("tabletop_actions_total", "tabletop_fanout_seconds_count",
                                                  "tabletop_bot_decisions_total")}
    with top.client() as client:
        games = [g for g in client.get(f"{top.proxy_url}/api/games").json() if g["id"] != "hidden-hands"]
        # Plain HTTP is sent to HTTPS; answers over HTTPS say so for the future.
        redirect = client.get(f"{top.http_url}/api/games", follow_redirects=False)
        assert redirect.status_code == 301 and redirect.headers["location"].startswith("https://")
        assert "max-age" in client.get(f"{top.proxy_url}/healthz").headers["strict-transport-security"]
    assert len(games) == 4
    pages = []
    try:
        for game in games:  # played side by side, each by one person's page and the game's bots
            table_id, tokens, _ = _new_table(top, game["id"], 1, game["min_players"] - 1)
            pages.append(Page(top, table_id, token=tokens[0], seat=0))
        _wait_until(lambda: _both(top, "tabletop_websockets_open") >= len(pages), 10, "the sockets counted")
        _play_through_pages(pages, within=120)
    finally:
        for page in pages:
            page.close()
    for page in pages:
        assert page.latest is not None and page.latest["result"]
        _check_the_audit(top, page.table_id, page.acked)
    after = {name: _both(top, name) for name in before}
    assert all(after[name] > before[name] for name in before), (before, after)
    # Counted every few seconds rather than at each change.
    _wait_until(lambda: _both(top, "tabletop_tables_in_memory") >= len(games), 10, "the tables held counted")


def test_the_proxy_keeps_each_table_on_one_worker(topology: Topology) -> None:
    """Every request about a table (its page, its REST calls, its sockets) reaches the same worker, so the worker that
    commits a move tells the table's sockets itself; requests about no table are shared out."""
    top = topology
    tables = []
    for _ in range(6):
        table_id, tokens, spectate = _new_table(top, "hidden-hands", 2, 0)
        tables.append(table_id)
        with top.client() as client:
            assert client.get(f"{top.proxy_url}/t/{table_id}").status_code == 200
            assert client.get(f"{top.proxy_url}/api/tables/{table_id}/state",
                              headers={"Authorization": f"Bearer {tokens[1]}"}).status_code == 200
        for auth in ({"type": "auth", "token": tokens[0]}, {"type": "auth", "spectate": spectate}):
            with connect(f"{top.ws_url}/ws/tables/{table_id}", ssl=TLS, proxy=None, open_timeout=10) as ws:
                ws.send(json.dumps(auth))
                assert json.loads(ws.recv(timeout=10))["type"] == "state"
    log = top.tmp / "nginx" / "access.log"

    def routes() -> list[tuple[str, str, str]] | None:  # a socket's line is written when it has closed
        lines = [tuple(line.split(" ", 2)) for line in log.read_text().splitlines()]
        sockets = [line for line in lines if line[1].startswith("/ws/tables/") and line[1].split("/")[3] in tables]
        return lines if len(sockets) == 2 * len(tables) else None  # type: ignore[return-value]

    lines = _wait_until(routes, 10, "the sockets' lines in the proxy's log")
    for table_id in tables:
        workers = {worker for _, uri, worker in lines if table_id in uri.split("/")}
        # Creating it (the join, the start...) and everything after: one worker.
        assert len(workers) == 1, (table_id, workers)
    created = {worker for method, uri, worker in lines if (method, uri) == ("POST", "/api/tables")}
    assert len(created) == 2  # no table yet: the workers take turns


def test_forwarded_for_is_believed_from_the_proxy_only(topology: Topology) -> None:
    top = topology
    body = {"game": "hidden-hands", "name": "Rae"}

    def creations_until_refused(client: httpx.Client, url: str, headers: dict[str, str] | None = None) -> int:
        for count in range(1, 2 * CREATE_RATE + 4):
            answer = client.post(f"{url}/api/tables", json=body, headers=headers)
            if answer.status_code == 429:
                return count
            assert answer.status_code == 201, answer.text
        raise AssertionError("never rate-limited")

    # Straight to a worker, naming a different address each time: the worker counts the sender's own.
    with top.client("127.0.0.5") as direct:
        spoofed = itertools.count(1)
        headers = {"X-Forwarded-For": f"203.0.113.{next(spoofed)}"}
        assert creations_until_refused(direct, top.a.url, headers) == CREATE_RATE + 1
        refused = direct.get(f"{top.a.url}/metrics", headers={"X-Forwarded-For": "127.0.0.1"})
        assert refused.status_code == 403  # not the machine itself, whatever it says
    with top.client("127.0.0.8") as neighbour:  # the limit was that address's, not everyone's
        assert neighbour.post(f"{top.a.url}/api/tables", json=body).status_code == 201
    # Through the proxy: each visitor under its own address (were the proxy's believed for all, the machine's
    # exemption would let everyone through; were it not believed, they would share one count).
    with top.client("127.0.0.6") as visitor:
        assert creations_until_refused(visitor, top.proxy_url) > 1
        assert visitor.get(f"{top.proxy_url}/metrics").status_code == 404  # the proxy never passes metrics on
    with top.client("127.0.0.7") as other:
        assert other.post(f"{top.proxy_url}/api/tables", json=body).status_code == 201
    assert _metrics(top.a.url).get("tabletop_rate_limited_total", 0) >= 1


def test_sigterm_mid_game_loses_nothing_and_hands_on_the_timers(topology: Topology) -> None:
    top = topology
    table_id, tokens, spectate = _new_table(top, "hidden-hands", 2, 1)
    # A player and a spectator are sent to worker a directly; the proxy sends the rest to the table's worker, a or b.
    pages = [Page(top, table_id, token=token, seat=seat, first=top.a if seat == 0 else None)
             for seat, token in enumerate(tokens)]
    watchers = [Page(top, table_id, spectate=spectate, first=top.a), Page(top, table_id, spectate=spectate)]
    try:
        # Each worker counts its own sockets.
        _wait_until(lambda: _metrics(top.a.url).get("tabletop_websockets_open", 0) >= 2, 10, "a's sockets counted")
        # A table with a turn timer, whose last change worker a made: a watches its deadline.
        timed_id, timed_tokens, _ = _new_table(top, "hidden-hands", 2, 0, url=top.a.url, turn_timer=8)
        started = time.monotonic()
        _play_through_pages(pages, within=30, until_seq=4)
        assert all(page.latest and page.latest["status"] == "playing" for page in pages)
        assert top.a.process is not None
        top.a.process.terminate()
        _play_through_pages(pages, within=60)
        assert top.a.process.wait(20) in (0, -15)
        for watcher in watchers:  # the spectators, wherever they were, follow the game to its end
            _wait_until(lambda w=watcher: (w.recv(0.2), w.latest)[1] and w.latest["status"] == "finished",  # type: ignore[index]
                        20, "a spectator seeing the end")
        # The pages known to be on a hear their close when they next read (the game may have ended first, while a
        # was closing): each gets its 1012 and opens again through the proxy.
        on_a = [pages[0], watchers[0]]
        _wait_until(lambda: all((page.recv(0.1), page.closes)[1] for page in on_a), 20, "a's sockets closing")
        closed = [code for page in [*pages, *watchers] for code in page.closes]
        assert set(closed) <= {1012, None}  # every socket on a came back through the proxy
        assert {code for watcher in watchers for code in watcher.closes} == {1012}
        _check_the_audit(top, table_id, [move for page in pages for move in page.acked])
        # a handed its timer on: b played the defaults when it ran out, not a grace period later.
        head = {"Authorization": f"Bearer {timed_tokens[0]}"}
        with top.client() as client:
            _wait_until(lambda: client.get(f"{top.b.url}/api/tables/{timed_id}/state", headers=head)
                        .json()["seq"] > 0, 8 + 10, "the timer played on worker b")
        assert time.monotonic() - started < 8 + GRACE / 2
    finally:
        for page in [*pages, *watchers]:
            page.close()
    log = (top.tmp / "a.log").read_text()
    assert "Application shutdown complete" in log


def test_the_logs_are_json_lines_without_secrets(topology: Topology) -> None:
    top = topology
    lines = [line for name in ("a.log", "b.log") for line in (top.tmp / name).read_text().splitlines() if line]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(record) for record in records)
    assert any(record.get("table_id") and "/api/tables/" in record["message"] for record in records)
    text = "\n".join(lines)
    leaked = [secret for secret in top.secrets if secret in text]
    assert leaked == []


def _readme_line(start: str) -> list[str]:
    """The README's command line that starts with ``start`` (in its Backups steps), as words."""
    lines = [line.strip() for line in (ROOT / "README.md").read_text().splitlines() if line.strip().startswith(start)]
    assert len(lines) == 1, f"the README has {len(lines)} lines starting {start!r}"
    return shlex.split(lines[0])


def _outside_the_container(words: list[str], database: str) -> tuple[list[str], str, str]:
    """A README line run in the db container, run here instead: (the command, the redirection, its file). What stays
    is every argument the README gives; only the role (-U) and the database name become the local server's."""
    prefix = ["docker", "compose", "exec", "-T", "db"]
    assert words[:len(prefix)] == prefix, f"{words}: not run in the db service without a pseudo-terminal (-T)"
    *command, redirect, path = words[len(prefix):]
    user = urlsplit(PG).username or "postgres"
    command = [user if before == "-U" else database if word == "tabletop" else word
               for before, word in zip(["", *command], command, strict=False)]
    return command, redirect, path


def test_the_readmes_postgresql_backup_and_restore_lines_work(topology: Topology) -> None:
    """The README's pg_dump and pg_restore lines, with their own arguments, dump the deployment's database (games
    played to their end, a table in play) and restore it into a fresh database, where `tabletop verify --all` passes."""
    for tool in ("pg_dump", "pg_restore"):
        if shutil.which(tool) is None:
            if os.environ.get("CI"):
                pytest.fail(f"{tool} is missing; scripts/test installs it with apt-get install postgresql-client")
            pytest.skip(f"{tool} is not installed (apt-get install postgresql-client)")
    top = topology  # worker b: the SIGTERM test stops a
    table_id, tokens, _ = _new_table(top, "hidden-hands", 1, 2, url=top.b.url)
    acked: list[tuple[int, int, Any]] = []
    end = time.monotonic() + 60
    while _play_one(top.b.url, table_id, tokens, acked) != "finished":
        assert time.monotonic() < end, "the game did not finish"
    live_id, live_tokens, _ = _new_table(top, "hidden-hands", 2, 0, url=top.b.url)
    moves: list[tuple[int, int, Any]] = []
    while len(moves) < 3:  # a table in play, a few moves in
        _play_one(top.b.url, live_id, live_tokens, moves)
        assert time.monotonic() < end, "the live table did not get going"
    source = urlsplit(top.b.env["DATABASE_URL"]).path.lstrip("/")
    fresh = f"tabletop_restored_{secrets.token_hex(4)}"
    parts = urlsplit(PG)
    env = {**os.environ, "PGHOST": parts.hostname or "127.0.0.1", "PGPORT": str(parts.port or 5432)}
    if parts.password:
        env["PGPASSWORD"] = parts.password
    dump_line, restore_line = _readme_line("docker compose exec -T db pg_dump"), \
        _readme_line("docker compose exec -T db pg_restore")
    dump = top.tmp / "backup.dump"
    _admin(f'CREATE DATABASE "{fresh}"')
    try:
        command, redirect, path = _outside_the_container(dump_line, source)
        assert (redirect, path) == (">", "backup.dump")
        with open(dump, "wb") as out:
            subprocess.run(command, stdout=out, env=env, check=True, timeout=120)
        command, redirect, path = _outside_the_container(restore_line, fresh)
        assert (redirect, path) == ("<", "backup.dump")
        with open(dump, "rb") as into:
            restored = subprocess.run(command, stdin=into, env=env, capture_output=True, text=True, timeout=120)
        assert restored.returncode == 0, restored.stderr
        assert _readme_line("docker compose run --rm --no-deps app tabletop verify --all")[-2:] == ["verify", "--all"]
        checked = subprocess.run([sys.executable, "-m", "app.cli", "verify", "--all"], cwd=ROOT, capture_output=True,
                                 text=True, timeout=300, env={**top.b.env, "DATABASE_URL": f"{PG}/{fresh}"})
        assert checked.returncode == 0, checked.stdout + checked.stderr
        counts = re.search(r"(\d+) of (\d+) finished games replayed and verified; (\d+) of (\d+) live tables",
                           checked.stdout)
        assert counts is not None, checked.stdout
        finished_ok, finished, live_ok, live = map(int, counts.groups())
        assert finished_ok == finished >= 1 and live_ok == live >= 1, checked.stdout
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)')


# The proxy's limits per visitor (deploy/nginx/tabletop.conf): every visitor here comes from a loopback address of its
# own (127.0.0.x), as distinct people would, so one's limit is seen not to be another's.
SOCKETS_PER_VISITOR = 50
REQUEST_BURST = 120
REQUEST_TIMEOUT = 10.0  # the app's REQUEST_TIMEOUT, kept by the proxy


def _half_sent(top: Topology, local: str) -> dict[str, tuple[socket.socket, float]]:
    """Connections that each stop partway: in the TLS handshake, in a request's headers (over TLS and plain HTTP),
    in a body. Each with the moment the proxy's clock for it started (as late as it can have: the connection made,
    or the body's wait begun)."""
    host, port = top.proxy_url.removeprefix("https://").split(":")
    http_port = int(top.http_url.rsplit(":", 1)[1])
    opened: dict[str, tuple[socket.socket, float]] = {}

    def open_(what: str, to: int, tls: bool, sent: bytes) -> None:
        sock = socket.create_connection((host, to), timeout=10, source_address=(local, 0))
        started = time.monotonic()
        if tls:
            sock = TLS.wrap_socket(sock, server_hostname=host)
        sock.sendall(sent)
        opened[what] = (sock, time.monotonic() if what == "body" else started)

    open_("handshake", int(port), False, b"\x16\x03\x01")  # the start of a ClientHello, and no more
    open_("headers", int(port), True, f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\nUser-Agent: slow".encode())
    open_("plain headers", http_port, False, f"GET / HTTP/1.1\r\nHost: {host}\r\n".encode())
    open_("body", int(port), True, f"POST /api/tables HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: "
          f"application/json\r\nContent-Length: 100\r\n\r\n{{\"game\":".encode())
    return opened


def test_half_sent_requests_are_closed_near_the_apps_timeout(topology: Topology) -> None:
    """Before the proxy had its own timeouts, nginx's 60 s let one visitor hold half-sent requests where the app
    alone closes them at 10 s."""
    opened = _half_sent(topology, "127.0.0.20")
    closed_after: dict[str, float] = {}
    with selectors.DefaultSelector() as waiting:
        for what, (sock, _) in opened.items():
            sock.setblocking(False)
            waiting.register(sock, selectors.EVENT_READ, what)
        end = time.monotonic() + 3 * REQUEST_TIMEOUT
        while len(closed_after) < len(opened) and time.monotonic() < end:
            for key, _ in waiting.select(timeout=0.5):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(4096)
                except (ssl.SSLWantReadError, BlockingIOError):
                    continue
                except OSError:
                    data = b""  # reset: closed as well
                if not data:  # closed (anything the proxy says before closing is read and passed over)
                    closed_after[key.data] = time.monotonic() - opened[key.data][1]
                    waiting.unregister(sock)
    for sock, _ in opened.values():
        sock.close()
    still_open = set(opened) - set(closed_after)
    assert not still_open, f"still open after {3 * REQUEST_TIMEOUT} s: {still_open}"
    # Near the app's own 10 s: not at once (the proxy waited for the rest), and not nginx's 60 s.
    assert all(REQUEST_TIMEOUT - 0.5 <= after <= REQUEST_TIMEOUT + 6 for after in closed_after.values()), closed_after


def _socket(held: contextlib.ExitStack, top: Topology, table_id: str, spectate: str, local: str) -> None:
    """A spectator's socket from ``local``, through the proxy, kept open until ``held`` closes. Nothing reads it
    after the first state, so its queue is unbounded: a full queue stops the client reading, its close too."""
    ws = held.enter_context(connect(f"{top.ws_url}/ws/tables/{table_id}", ssl=TLS, proxy=None, open_timeout=10,
                                    ping_interval=None, max_queue=None, source_address=(local, 0)))
    ws.send(json.dumps({"type": "auth", "spectate": spectate}))
    assert json.loads(ws.recv(timeout=10))["type"] == "state"


def _opens(top: Topology, table_id: str, spectate: str, local: str) -> bool:
    with contextlib.ExitStack() as held:
        try:
            _socket(held, top, table_id, spectate, local)
        except InvalidStatus:
            return False
    return True


def test_one_visitor_holds_a_bounded_number_of_websockets(topology: Topology) -> None:
    """Through the proxy (whose address the app leaves uncapped) one visitor opened 120 sockets a minute, without
    end: now the proxy refuses the one past its cap with 429, and that cap is the visitor's alone."""
    top = topology
    table_id, _, spectate = _new_table(top, "hidden-hands", 2, 0)
    with contextlib.ExitStack() as held:
        for _ in range(SOCKETS_PER_VISITOR):
            _socket(held, top, table_id, spectate, "127.0.0.21")
        with pytest.raises(InvalidStatus) as refused:
            _socket(held, top, table_id, spectate, "127.0.0.21")
        assert refused.value.response.status_code == 429
        assert _opens(top, table_id, spectate, "127.0.0.22")  # another visitor is not held up
    # Every socket closed: the visitor may open sockets again.
    _wait_until(lambda: _opens(top, table_id, spectate, "127.0.0.21"), 15, "a socket again")


def _page_and_its_files(client: httpx.Client, url: str) -> list[int]:
    """Load a page as a browser would: the page, the files it names and the modules they import. The statuses."""
    page = client.get(url)
    statuses = [page.status_code]
    found = re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text)
    seen: set[str] = set()
    while found:
        path = found.pop()
        if path in seen:
            continue
        seen.add(path)
        answer = client.get(urljoin(url, path))
        statuses.append(answer.status_code)
        if path.endswith(".js"):
            found += [urljoin(path, name) for name in re.findall(r'''from\s+["']([^"']+\.js)["']''', answer.text)]
    return statuses


def test_one_visitor_is_paced_a_page_load_is_not(topology: Topology) -> None:
    """Through the proxy one visitor's requests all reached the app (which counts only some routes): now a flood is
    refused (429) past a burst that a page load and its files stay well inside."""
    top = topology
    table_id, _, _ = _new_table(top, "hidden-hands", 2, 0)
    with top.client("127.0.0.23") as visitor:
        statuses = _page_and_its_files(visitor, f"{top.proxy_url}/t/{table_id}")
        assert len(statuses) > 5 and set(statuses) == {200}, statuses
        answered = 0
        while (answer := visitor.get(f"{top.proxy_url}/healthz")).status_code == 200:
            answered += 1
            assert answered < 20 * REQUEST_BURST, "never refused"
        assert answer.status_code == 429 and answer.json()["error"]["code"] == "rate_limited"  # as the app says it
        assert answered >= REQUEST_BURST - len(statuses)  # the burst was let through first
    with top.client("127.0.0.24") as other:
        assert other.get(f"{top.proxy_url}/healthz").status_code == 200


def test_port_80_serves_acme_challenges_and_redirects_everything_else(topology: Topology) -> None:
    top = topology
    challenges = top.tmp / "nginx" / "tabletop" / "acme" / ".well-known" / "acme-challenge"
    key = secrets.token_urlsafe(16)
    (challenges / key).write_text(f"{key}.thumbprint")
    with top.client() as client:
        served = client.get(f"{top.http_url}/.well-known/acme-challenge/{key}")
        assert served.status_code == 200 and served.text == f"{key}.thumbprint"
        assert client.get(f"{top.http_url}/.well-known/acme-challenge/nothing-here").status_code == 404
        for path in ("/", "/t/abc", "/.well-known/other", "/.well-known/acme-challenge/../../nginx.conf"):
            moved = client.get(f"{top.http_url}{path}")
            assert moved.status_code == 301 and moved.headers["location"].startswith("https://"), path


def test_a_renewed_certificate_is_served_after_a_reload(topology: Topology) -> None:
    """A renewal moves the symlinks in the certificate directory to new files; `nginx -s reload` (SIGHUP to the
    master) serves them: the directory is read, not files pinned at start."""
    top = topology
    host, port = top.proxy_url.removeprefix("https://").split(":")
    certs = top.tmp / "nginx" / "tabletop" / "certs"

    def served() -> bytes:
        with socket.create_connection((host, int(port)), timeout=10) as raw, \
                TLS.wrap_socket(raw, server_hostname=host) as tls:
            der = tls.getpeercert(binary_form=True)
        assert der is not None
        return der

    first = ssl.PEM_cert_to_DER_cert((certs / "fullchain.pem").read_text())
    assert served() == first
    renewed = _certificate(certs, 2)
    _point_certificates_at(certs, 2)
    assert served() == first  # nothing changes until the reload
    top.proxy.send_signal(signal.SIGHUP)
    _wait_until(lambda: served() == renewed, 15, "the renewed certificate served")
    with top.client() as client:
        assert client.get(f"{top.proxy_url}/readyz").status_code == 200
