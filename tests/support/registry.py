"""Every game the conformance suite runs over, and a seeded random player to drive them.

``ALL_GAMES`` is the served registry (``games.GAMES``) plus the Hidden Hands test game, so the generic suite has
something to chew on before the real games land and keeps covering the protocol afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import games
from games.protocol import Action, Game, Seat, State, apply_checked
from tests.support import hidden_hands

ALL_GAMES: dict[str, Game] = {**games.GAMES, hidden_hands.GAME.id: hidden_hands.GAME}
assert hidden_hands.GAME.id not in games.GAMES, "the test game's id clashes with a served game"

# Option sets the conformance suite plays besides the defaults, where an option switches on a rule path that the
# defaults never reach (Hidden Hands' review window, say).
EXTRA_OPTIONS: dict[str, list[dict[str, Any]]] = {
    hidden_hands.GAME.id: [{"review_s": 5}],
}

STEP_CAP = 20_000  # actions; a random game longer than this is taken to be one that never ends


def concrete(legal: list[Action]) -> list[Action]:
    """The complete actions of a legal list: "template" entries describe actions rather than being one."""
    return [entry for entry in legal if not entry.get("template")]


def play_random(
    game: Game,
    players: int,
    seed: int,
    rand: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    bot: str = "random",
) -> tuple[list[State], list[tuple[Seat, Action]]]:
    """Play one game to the end through ``apply_checked``, choosing with ``bot`` (a plain random pick without one).

    Returns every state (index 0 is the initial one, index i the state after the i-th action) and the actions played
    as ``(seat, action)``. A bot may pass (return None); a seat in ``required`` must get an action, so when the bot
    passes for it too a random complete legal action is played for it.
    """
    chooser = game.bots.get(bot)
    state = game.new_state(players, options, seed)
    states = [state]
    actions: list[tuple[Seat, Action]] = []
    for _ in range(STEP_CAP):
        if game.result(state) is not None:
            return states, actions
        waiting = game.waiting_on(state)
        assert waiting, f"{game.id} seed {seed}: the game is not over yet no seat may act (step {len(actions)})"
        seat = rand.choice(waiting)
        action = _ask(game, state, seat, chooser, rand)
        if action is None:
            required = game.required(state)
            seat = rand.choice(required) if required else seat
            action = _ask(game, state, seat, chooser, rand)
            if action is None:
                choices = concrete(game.legal(state, seat))
                assert choices, f"{game.id} seed {seed}: seat {seat} has only template actions to fall back on"
                action = rand.choice(choices)
        state = apply_checked(game, state, seat, action)
        states.append(state)
        actions.append((seat, action))
    if game.result(state) is not None:
        return states, actions
    raise AssertionError(f"{game.id} with {players} players, seed {seed}: no result after {STEP_CAP} actions")


def _ask(game: Game, state: State, seat: Seat, chooser: Any, rand: random.Random) -> Action | None:
    legal = game.legal(state, seat)
    if chooser is None:
        return rand.choice(concrete(legal)) if concrete(legal) else None
    return chooser(game.view(state, seat), legal, rand)
