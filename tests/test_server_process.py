"""The test servers' own fixture: a server started by a test process dies with that process (a pytest worker killed
by its timeout must not leave servers running through the rest of the suite)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

STARTER = """
import sys, time
from pathlib import Path
from tests.conftest import ServerProcess, server_env
tmp = Path(sys.argv[1])
server = ServerProcess(server_env(tmp), log_path=tmp / "server.log")
server.start()
print(server.process.pid, flush=True)
time.sleep(600)
"""


def gone(pid: int) -> bool:
    """No such process, or only its exit status is left (a zombie nobody has reaped yet)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


@pytest.mark.skipif(sys.platform != "linux", reason="the parent-death signal is Linux's")
def test_a_server_dies_with_the_process_that_started_it(tmp_path: Path) -> None:
    starter = subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert starter.stdout is not None
    line = starter.stdout.readline()  # the server answered: its pid
    assert line, "the starter exited before its server answered"
    server_pid = int(line)
    try:
        assert not gone(server_pid)
        starter.send_signal(signal.SIGKILL)  # as a worker killed by its timeout: no clean-up runs
        starter.wait(10)
        deadline = time.monotonic() + 30  # a bound on a hang: the kernel sends the signal at once
        while not gone(server_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(server_pid), "the server outlived the process that started it"
    finally:
        starter.stdout.close()
        if not gone(server_pid):
            os.kill(server_pid, signal.SIGKILL)
