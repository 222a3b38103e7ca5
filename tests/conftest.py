"""Shared fixtures: an in-process app (Starlette's TestClient) and a real server process on a free port."""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
TEST_GAME = "tests.support.hidden_hands:GAME"
UNLIMITED = (1_000_000, 1.0)
START_DEADLINE_S = 120
# Playouts a searching (``hard``) bot makes per decision in the test servers: tables get hard bots by default where a
# game has them, and a tiny budget keeps their games as quick as the plain bots' (strength is measured in bench/).
TEST_BOT_NODES = 4
# A Hard bot's move is due 1.25 x BOT_THINK_S after its round began, whatever its search took (so that
# no bot's thinking shows in another's move: app/autoplay.py). Four playouts take milliseconds: a tenth of a second
# keeps games with Hard bots quick (tests of the thinking pool set their own).
TEST_BOT_THINK_S = 0.1


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # Starlette's test client calls itself "testserver"; one address makes every request, so the per-address rates
    # are lifted (tests of the limits set their own).
    return Settings(database_url=f"sqlite:///{tmp_path}/test.db", bot_delay=0, handover_grace=0.5,
                    extra_games=[TEST_GAME], allowed_hosts=["testserver"], create_rate=UNLIMITED,
                    join_rate=UNLIMITED, connect_rate=UNLIMITED, replay_rate=UNLIMITED,
                    link_rate=UNLIMITED, your_tables_rate=UNLIMITED, bot_nodes=TEST_BOT_NODES,
                    bot_think_s=TEST_BOT_THINK_S)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# prctl(PR_SET_PDEATHSIG, SIGKILL): the kernel kills the server when the process that started it dies. A pytest worker
# killed by its timeout (or by xdist) would otherwise leave its servers running, holding ports and CPU for the rest
# of the run. Bound before any fork: the child only makes one call between fork and exec. The signal follows the
# *thread* that forked, not the process, so it is set only for servers started from the main thread (a test that
# starts servers from helper threads would see them killed as each thread ends).
_PR_SET_PDEATHSIG = 1
_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None


def _die_with_parent() -> None:
    if _prctl is not None:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


@dataclass
class ServerProcess:
    """A real ``tabletop serve`` process, for restart, multi-worker and browser tests."""

    env: dict[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    args: list[str] = field(default_factory=list)  # more `tabletop serve` arguments, e.g. ["--workers", "2"]
    started: bool = field(default=False, init=False)  # answered once: its address is known, so it keeps its port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        logged = self.log_path.stat().st_size if self.log_path and self.log_path.exists() else 0
        log = open(self.log_path, "ab") if self.log_path else None
        try:  # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app.cli", "serve", "--port", str(self.port), *self.args],
                cwd=ROOT, env=self.env, stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent if threading.current_thread() is threading.main_thread() else None,
            )
        finally:
            if log:
                log.close()
        # Generous: a bound on a hang, not on speed (at load 10 on 2 cores a start took over 30 s).
        deadline = time.monotonic() + START_DEADLINE_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if not self.started and self._port_taken(since=logged):
                    # The free port was taken between choosing it and binding it (by another test's connection,
                    # say): on a first start nobody knows the address yet, so take another.
                    self.port = free_port()
                    return self.start()
                raise RuntimeError(f"server exited with {self.process.returncode}; see {self.log_path}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    self.started = True
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start in {START_DEADLINE_S} s")

    def _port_taken(self, since: int) -> bool:
        """Whether this launch (the log past ``since``) failed to bind its port."""
        if self.log_path is None:
            return False
        with open(self.log_path, "rb") as log:
            log.seek(since)
            return b"address already in use" in log.read()

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers run, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def server_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path}/server.db", "BOT_DELAY": "0", "HANDOVER_GRACE": "0.5",
                "EXTRA_GAMES": TEST_GAME, "PYTHONPATH": str(ROOT), "BOT_NODES": str(TEST_BOT_NODES),
                "BOT_THINK_S": str(TEST_BOT_THINK_S)})
    env.update(extra)
    return env


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(server_env(tmp_path), log_path=tmp_path / "server.log")
    proc.start()
    yield proc
    proc.stop()
