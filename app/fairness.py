"""Fair shuffles: a table commits to its random seed when created and reveals it at the end.

Anyone can then replay the action log from the seed with the same engine and check the result: the server could not
have picked the cards after seeing the moves.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator, Mapping
from typing import Any

from games.protocol import Game, State, apply_logged, round_trip
from games.rng import seed_from_text


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class ReplayError(Exception):
    """The audit record does not replay; the message says where and why."""


def each_state(game: Game[Any], audit: Mapping[str, Any]) -> Iterator[State]:
    """Every state of a game rebuilt from its audit record: the deal, then the state after each logged action."""
    seed = audit.get("seed")
    if not seed:
        raise ReplayError("The seed is revealed only when the game has finished.")
    if commitment(seed) != audit["commitment"]:
        raise ReplayError("The revealed seed does not match the commitment published at the start.")
    state = game.new_state(audit["players"], audit["options"], seed_from_text(seed))
    yield state
    for number, entry in enumerate(audit["actions"], start=1):
        if entry["seq"] != number:
            raise ReplayError(f"The log skips from action {number - 1} to {entry['seq']}.")
        try:
            state = round_trip(apply_logged(game, state, entry["seat"], entry["action"]))
        except Exception as exc:  # any refusal means the log does not replay
            raise ReplayError(f"Action {number} does not replay: {exc}") from exc
        yield state


def replay(game: Game[Any], audit: Mapping[str, Any]) -> tuple[bool, str, dict[str, Any] | None]:
    """Replay an audit record (seed, players, options, actions) and compare with its claimed result."""
    try:
        *_, state = each_state(game, audit)  # the last state; each_state yields the deal at least
    except ReplayError as exc:
        return False, str(exc), None
    result = game.result(state)
    if result is None:
        return False, "The replayed game has not finished.", None
    if json.dumps(result, sort_keys=True) != json.dumps(audit.get("result"), sort_keys=True):
        return False, "The replayed result differs from the published one.", result
    return True, f"Replayed {len(audit['actions'])} actions from the seed: the result matches.", result
