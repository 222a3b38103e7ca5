"""Every game the conformance suite runs over, and a seeded random player to drive them.

``ALL_GAMES`` is the served registry (``games.registry.GAMES``) plus the Hidden Hands test game, so the generic suite
has something to chew on before the real games land and keeps covering the protocol afterwards. What each game asks
of the suites (option sets, seeds, the golden playthrough) is declared by the game itself: ``Game.facts``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.protocol import EXPIRE, Action, Bot, Game, Seat, State, apply_logged
from games.registry import GAMES
from tests.support import hidden_hands

ALL_GAMES: dict[str, Game[Any]] = {**GAMES, hidden_hands.GAME.id: hidden_hands.GAME}
assert hidden_hands.GAME.id not in GAMES, "the test game's id clashes with a served game"


def option_sets(game: Game[Any]) -> list[dict[str, Any] | None]:
    """The defaults (None), then each option set the game asks the suites to play (``Facts.option_sets``)."""
    return [None, *(dict(option_set.options) for option_set in game.facts.option_sets)]


def sizes(game: Game[Any], options: Mapping[str, Any] | None, counts: Iterable[int] | None = None) -> list[int]:
    """The player counts (of ``counts``, by default all the game takes) at which ``options`` are worth playing: an
    option set that changes only games of some sizes (a six-player layout) is played at those alone."""
    allowed = set(range(game.min_players, game.max_players + 1) if counts is None else counts)
    for option_set in game.facts.option_sets:
        if option_set.sizes is not None and dict(option_set.options) == dict(options or {}):
            allowed &= set(option_set.sizes)
    return sorted(allowed)


STEP_CAP = 20_000  # actions; a random game longer than this is taken to be one that never ends


def concrete(legal: list[Action]) -> list[Action]:
    """The complete actions of a legal list: "template" entries describe actions rather than being one."""
    return [entry for entry in legal if not entry.get("template")]


def closes_itself(game: Game[Any], state: State) -> bool:
    """A self-closing window is open: when its deadline passes the platform applies ``apply_expiry``."""
    window = game.window(state)
    return window is not None and window.closes_itself and game.expire is not None and game.result(state) is None


def play_random(
    game: Game[Any],
    players: int,
    seed: int,
    rand: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    bot: str | Bot = "random",
    until: Callable[[State], bool] | None = None,
) -> tuple[list[State], list[tuple[Seat | None, Action]]]:
    """Play one game to the end through ``apply_logged``, choosing with ``bot`` (a bot's name or a bot itself; a
    plain random pick for a name the game has no bot by). With ``until``, play stops at the first state it holds for
    (and runs to the end if none does).

    Returns every state (index 0 is the initial one, index i the state after the i-th action) and the actions played
    as ``(seat, action)``, or ``(None, EXPIRE)`` for a window closing at its deadline. A bot may pass (return None);
    a seat in ``required`` must get an action, so when the bot passes for it too a random complete legal action is
    played for it. When nobody is required and a self-closing window is open, a pass lets its deadline pass.
    """
    chooser = game.bots.get(bot) if isinstance(bot, str) else bot
    state = game.new_state(players, options, seed)
    states = [state]
    actions: list[tuple[Seat | None, Action]] = []
    for _ in range(STEP_CAP):
        if game.result(state) is not None or (until is not None and until(state)):
            return states, actions
        move = next_move(game, state, chooser, rand, f"{game.id} seed {seed} (step {len(actions)})")
        state = apply_logged(game, state, *move)
        states.append(state)
        actions.append(move)
    if game.result(state) is not None:
        return states, actions
    raise AssertionError(f"{game.id} with {players} players, seed {seed}: no result after {STEP_CAP} actions")


def next_move(
    game: Game[Any], state: State, chooser: Any, rand: random.Random, where: str = ""
) -> tuple[Seat | None, Action]:
    """The next move of ``play_random``: a waiting seat's pick by ``chooser`` (a bot, or None for a random pick)."""
    waiting = game.waiting_on(state)
    expiring = closes_itself(game, state)
    assert waiting or expiring, f"{where}: the game is not over yet no seat may act and no window closes by itself"
    if not waiting:
        return None, EXPIRE
    seat = rand.choice(waiting)
    action = _ask(game, state, seat, chooser, rand)
    if action is not None:
        return seat, action
    required = game.required(state)
    if not required and expiring:
        return None, EXPIRE  # nobody owes anything and nobody wants to act: the window runs to its deadline
    seat = rand.choice(required) if required else seat
    action = _ask(game, state, seat, chooser, rand)
    if action is None:
        choices = concrete(game.legal(state, seat))
        assert choices, f"{where}: seat {seat} has only template actions to fall back on"
        action = rand.choice(choices)
    return seat, action


def _ask(game: Game[Any], state: State, seat: Seat, chooser: Any, rand: random.Random) -> Action | None:
    legal = game.legal(state, seat)
    if chooser is None:
        return rand.choice(concrete(legal)) if concrete(legal) else None
    chosen: Action | None = chooser(game.view(state, seat), legal, rand)
    return chosen


def replay_digests(seeds: int, play: Callable[..., tuple[list[State], list[Any]]] | None = None) -> dict[str, str]:
    """A digest of every action and the final state of ``seeds`` random games per game, option set and player count
    (the final state's log holds every step; hashing each state would cost the square of a game's length). ``play``:
    where the games come from (the shared corpus, in a test process), by default played here."""
    import hashlib
    import json

    out = {}
    for game_id, game in sorted(ALL_GAMES.items()):
        for options in option_sets(game):
            for players in sizes(game, options):
                for seed in range(seeds):
                    if play is None:
                        states, actions = play_random(game, players, seed, random.Random(seed), options=options)
                    else:
                        states, actions = play(game, players, options, seed)
                    text = json.dumps([actions, states[-1]], sort_keys=True)
                    out[f"{game_id}/{json.dumps(options)}/{players}/{seed}"] = hashlib.sha256(text.encode()).hexdigest()
    return out
