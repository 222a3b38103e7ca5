"""Golden playthroughs: one seeded game per registered game, written out as what every viewer sees after each action.

A transcript lists, after each action, every line of each viewer's view, legal list and log that changed since that
viewer's previous step: the view flattened to ``path = value`` lines, legal actions one a line (``+`` offered, ``-``
withdrawn; a type with more than ``LEGAL_SHOWN`` complete actions is one line with their count and digest). A rule
change or a leak then shows up as a reviewable diff of ``tests/golden/<game>.txt``. Each game names its recorded
game's seats and seed in ``Facts.golden``. Regenerate them all, or only the games named, with::

    .venv/bin/python -m tests.support.golden [game-id ...]
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.protocol import Game, State, Viewer, log_for
from tests.support.registry import ALL_GAMES, play_random

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
# Each recorded game as (players, seed), as the game declares it (small tables keep the files short to review).
PLAYTHROUGHS: dict[str, tuple[int, int]] = {
    game_id: game.facts.golden for game_id, game in ALL_GAMES.items() if game.facts.golden is not None
}
LEGAL_SHOWN = 12  # complete actions of one type listed one a line; more are summarised


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def flatten(value: Any, path: str = "") -> dict[str, str]:
    """``path = value`` pairs down to scalars; a list of scalars (a hand, a track) stays one line."""
    if isinstance(value, dict) and value:
        out: dict[str, str] = {}
        for key in sorted(value):
            out.update(flatten(value[key], f"{path}.{key}" if path else str(key)))
        return out
    if isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
        out = {}
        for index, item in enumerate(value):
            out.update(flatten(item, f"{path}[{index}]"))
        return out
    return {path: _compact(value)}


def legal_lines(legal: list[dict[str, Any]]) -> set[str]:
    by_type: dict[str, list[str]] = defaultdict(list)
    for action in legal:
        by_type[action["type"]].append(_compact(action))
    lines = set()
    for kind, actions in by_type.items():
        if len(actions) <= LEGAL_SHOWN:
            lines.update(actions)
        else:
            digest = hashlib.sha256("\n".join(sorted(actions)).encode()).hexdigest()[:12]
            lines.add(f"{kind}: {len(actions)} actions, digest {digest}")
    return lines


def _label(viewer: Viewer) -> str:
    return "spectator" if viewer is None else f"seat {viewer}"


@dataclass
class _Seen:
    """What one viewer was last shown."""

    view: dict[str, str] = field(default_factory=dict)
    legal: set[str] = field(default_factory=set)
    log: int = 0


def _changes(game: Game, state: State, viewer: Viewer, seen: _Seen) -> list[str]:
    legal = game.legal(state, viewer) if viewer is not None and game.result(state) is None else []
    view, offered, log = flatten(game.view(state, viewer), "view"), legal_lines(legal), log_for(state, viewer)
    out = [f"{key} (gone)" for key in seen.view if key not in view]
    out += [f"{key} = {text}" for key, text in view.items() if seen.view.get(key) != text]
    out += [f"legal + {line}" for line in sorted(offered - seen.legal)]
    out += [f"legal - {line}" for line in sorted(seen.legal - offered)]
    out += [f"log: {entry['text']}" for entry in log[seen.log:]]
    seen.view, seen.legal, seen.log = view, offered, len(log)
    return out


def transcript(game: Game, players: int, seed: int) -> str:
    bot = "basic" if "basic" in game.bots else "random"
    states, actions = play_random(game, players, seed, random.Random(seed), bot=bot)
    lines = [f"# {game.title}: {players} players, seed {seed}, every seat played by the '{bot}' bot",
             "# After each action: what changed for each viewer (view, legal list, log lines it may read)."]
    memory: dict[Viewer, _Seen] = {}
    viewers: list[Viewer] = [*range(players), None]
    for step, state in enumerate(states):
        if step:
            seat, action = actions[step - 1]
            lines.append(f"\n## {step}. seat {seat} plays {_compact(action)}")
        else:
            lines.append("\n## 0. the deal")
        changes = {viewer: _changes(game, state, viewer, memory.setdefault(viewer, _Seen())) for viewer in viewers}
        # What every viewer saw change is written once; then what differs, viewer by viewer.
        common = [line for line in changes[None] if all(line in c for c in changes.values())]
        if common:
            lines.append("everyone:")
            lines.extend(f"  {line}" for line in common)
        for viewer in viewers:
            own = [line for line in changes[viewer] if line not in common]
            if own:
                lines.append(f"{_label(viewer)}:")
                lines.extend(f"  {line}" for line in own)
    lines.append(f"\n## result {_compact(game.result(states[-1]))}")
    return "\n".join(lines) + "\n"


def path_for(game_id: str) -> Path:
    return GOLDEN_DIR / f"{game_id}.txt"


def main(only: list[str]) -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    unknown = set(only) - set(PLAYTHROUGHS)
    if unknown:
        raise SystemExit(f"no playthrough declared for {', '.join(sorted(unknown))}")
    for game_id, (players, seed) in PLAYTHROUGHS.items():
        if only and game_id not in only:
            continue
        text = transcript(ALL_GAMES[game_id], players, seed)
        path_for(game_id).write_text(text)
        print(f"{path_for(game_id)}: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
