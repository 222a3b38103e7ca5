"""Adding a game touches only its package and one line of the registry (issue 18): a fifth, toy game.

A copy of the project gets High Card (tests/support/toy_game, a package declaring GAME and its facts) as
``games/high_card`` and one line in ``games/registry.py``'s ``PACKAGES``, and nothing else. Its golden playthrough is
recorded by the tool (``python -m tests.support.golden high-card``), and then the generic suites, unedited, play it:
the conformance checks (games finish, deterministic replay through JSON, both leak tests, junk refused, defaults and
bots), patches, side channels, an unchanged input state, the golden playthrough, its sampler redrawing every zone its
facts list as hidden (tests/games/test_worlds.py), and the server hosting a table of it through the API
(tests/api/test_replay.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COPIED = ["app", "games", "tests", "templates", "static", "migrations", "pyproject.toml", "alembic.ini"]
SUITES = ["tests/games/test_conformance.py", "tests/games/test_patches.py", "tests/games/test_side_channels.py",
          "tests/games/test_apply_leaves_input.py", "tests/games/test_golden.py", "tests/games/test_worlds.py",
          "tests/api/test_replay.py"]


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CONFORMANCE_SEEDS")}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=500)


@pytest.mark.timeout(600)
def test_a_fifth_game_needs_only_its_package_and_a_registry_line(tmp_path: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy(source, tmp_path / name)
    shutil.copytree(ROOT / "tests" / "support" / "toy_game", tmp_path / "games" / "high_card",
                    ignore=shutil.ignore_patterns("__pycache__"))
    registry = tmp_path / "games" / "registry.py"
    text = registry.read_text()
    assert text.count("PACKAGES = [") == 1
    registry.write_text(text.replace("PACKAGES = [", 'PACKAGES = [\n    "games.high_card",', 1))  # the one line

    golden = _run(["-m", "tests.support.golden", "high-card"], tmp_path)
    assert golden.returncode == 0, golden.stderr
    assert (tmp_path / "tests" / "golden" / "high-card.txt").exists()

    run = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", *SUITES, "-k",
                "high-card or test_every_game_has_a_playthrough"], tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    passed = [line for line in run.stdout.splitlines() if line.startswith("PASSED")]
    for check in ("test_random_games_finish", "test_replay_is_deterministic", "test_canary_no_message_carries",
                  "test_non_interference", "test_junk_and_illegal_actions_are_refused", "test_bots_play_legal",
                  "test_default_actions_are_legal", "test_patches_rebuild_every_full_message",
                  "test_applying_an_action_leaves", "test_playthrough_matches_the_recorded_one",
                  "test_nothing_exists_before_the_end", "test_the_sampler_redraws_every_hidden_zone"):
        assert any(check in line and "high-card" in line for line in passed), f"{check} did not run for high-card"
    # Side channels: skipped with the reason the game declares (Facts.no_secret_step), so it ran and looked.
    assert any("test_side_channels.py" in line and "high-card" in line and "in the open" in line
               for line in run.stdout.splitlines())


def test_importing_games_imports_no_game() -> None:
    """The engines' shared modules (``games.rng``, ``games.protocol``) do not drag every game in; the registry does."""
    script = ("import pkgutil, sys, games.rng, games.protocol; "
              "print(sorted(m.name for m in pkgutil.iter_modules(games.__path__, 'games.') if m.ispkg "
              "and m.name in sys.modules))")
    run = _run(["-c", script], ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
