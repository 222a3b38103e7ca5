"""Fair shuffles: a table commits to its random seed when created and reveals it at the end.

Anyone can then replay the action log from the seed with the same engine and check the result: the server could not
have picked the cards after seeing the moves.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

from games.protocol import Game, apply_logged, round_trip
from games.rng import seed_from_text


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def replay(game: Game[Any], audit: Mapping[str, Any]) -> tuple[bool, str, dict[str, Any] | None]:
    """Replay an audit record (seed, players, options, actions) and compare with its claimed result."""
    seed = audit.get("seed")
    if not seed:
        return False, "The seed is revealed only when the game has finished.", None
    if commitment(seed) != audit["commitment"]:
        return False, "The revealed seed does not match the commitment published at the start.", None
    state = game.new_state(audit["players"], audit["options"], seed_from_text(seed))
    for number, entry in enumerate(audit["actions"], start=1):
        if entry["seq"] != number:
            return False, f"The log skips from action {number - 1} to {entry['seq']}.", None
        try:
            state = round_trip(apply_logged(game, state, entry["seat"], entry["action"]))
        except Exception as exc:  # any refusal means the log does not replay
            return False, f"Action {number} does not replay: {exc}", None
    result = game.result(state)
    if result is None:
        return False, "The replayed game has not finished.", None
    if json.dumps(result, sort_keys=True) != json.dumps(audit.get("result"), sort_keys=True):
        return False, "The replayed result differs from the published one.", result
    return True, f"Replayed {len(audit['actions'])} actions from the seed: the result matches.", result
