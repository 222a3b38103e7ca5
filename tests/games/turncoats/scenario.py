"""Build Turncoats states by hand for rule tests; unspecified stones stay in the bag so 63 are conserved."""

from __future__ import annotations

from typing import Any

from games.protocol import State, apply_checked
from games.turncoats import GAME
from games.turncoats.data import AREAS, COLOURS, STONES_PER_COLOUR


def counts(red: int = 0, blue: int = 0, black: int = 0) -> dict[str, int]:
    return {"red": red, "blue": blue, "black": black}


def make(players: int = 2, *, areas: dict[int, dict[str, int]] | None = None,
         hands: list[dict[str, int]] | None = None, axe: dict[str, int] | None = None,
         flag: dict[str, int] | None = None, turn: int = 0, streak: int = 0, seed: int = 7) -> State:
    areas_list = [counts() for _ in range(AREAS)]
    for area, stones in (areas or {}).items():
        areas_list[area] = dict(stones)
    hand_list = [dict(h) for h in (hands or [counts() for _ in range(players)])]
    axe, flag = dict(axe or counts()), dict(flag or counts())
    bag = {}
    for c in COLOURS:
        used = sum(a[c] for a in areas_list) + sum(h[c] for h in hand_list) + axe[c] + flag[c]
        assert used <= STONES_PER_COLOUR, f"too many {c} stones in the scenario"
        bag[c] = STONES_PER_COLOUR - used
    return {
        "players": players, "rng": seed, "log": [], "seq": 0, "bag": bag, "areas": areas_list,
        "hands": hand_list, "axe": axe, "flag": flag, "turn": turn, "first": 0, "streak": streak,
        "drawn": None, "last": None, "over": False, "final_negotiator": None, "setup_bag": 25,
    }


def play(state: State, *actions: dict[str, Any]) -> State:
    """Apply actions in turn order through the platform's guard."""
    for action in actions:
        state = apply_checked(GAME, state, state["turn"], action)
    return state


def stones_total(state: State) -> int:
    zones = [state["bag"], state["axe"], state["flag"], *state["areas"], *state["hands"]]
    return sum(sum(z.values()) for z in zones)
