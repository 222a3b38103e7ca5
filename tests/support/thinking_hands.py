"""Thinking Hands: Hidden Hands with searching bot levels, some broken on purpose, for the thinking pool's tests.

- ``hard`` searches for real, if simply: it plays the gem that wins the round in most of the worlds it is handed.
- ``slow`` spends its whole time budget (asleep, not burning the shared machine's CPU), as a real search that has
  more to look at than time does, then plays as ``hard``.
- ``hang`` never answers (asleep, not burning the shared machine's CPU), as a search stuck in a loop would.
- ``crash`` kills its process at once, as a segfault or the out-of-memory killer would.
- ``raise`` raises, as a bot's bug would.

The broken ones misbehave only in a thinking child (a process with a parent): called in the test process itself they
raise instead, so a mistake in a test cannot hang or kill the test run.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random
import time
from pathlib import Path

from games.protocol import Action, Budget, Game, Searcher, State, View
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

HANG_MARK = "THINKING_HANDS_HANG_MARK"  # a file ``hang`` creates as it starts hanging, when the environment names one


def _value(action: Action) -> int:
    return int(action["gem"].removeprefix("gem-")) if "gem" in action else 0


def hard(game: Game[State], view: View, legal: list[Action], rand: random.Random,
        worlds: list[State], budget: Budget) -> Action | None:
    """Counts, over the worlds, how often each gem would beat every other seat's best; plays the most winning one
    (the lowest of equals, to keep high gems for later). Spends no more than ``budget.nodes`` world looks."""
    if not legal:
        return None
    if "gem" not in legal[0]:
        return legal[0]
    seat = next(player["seat"] for player in view["players"] if player["hand"] is not None)  # only its own is shown
    wins = {_value(action): 0 for action in legal}
    for world in worlds[: budget.nodes]:
        best_other = max((max(hand, default="gem-00") for s, hand in enumerate(world["hands"]) if s != seat),
                         default="gem-00")
        for value in wins:
            wins[value] += value > _value({"gem": best_other})
    choice = min(wins, key=lambda value: (-wins[value], value))
    return next(action for action in legal if _value(action) == choice)


def slow(game: Game[State], view: View, legal: list[Action], rand: random.Random,
        worlds: list[State], budget: Budget) -> Action | None:
    time.sleep(budget.seconds)
    return hard(game, view, legal, rand, worlds, budget)


def _in_child() -> bool:
    return multiprocessing.parent_process() is not None


def hang(game: Game[State], view: View, legal: list[Action], rand: random.Random,
        worlds: list[State], budget: Budget) -> Action | None:
    mark = os.environ.get(HANG_MARK)
    if mark:  # tells a test outside the server that a search is now under way
        Path(mark).touch()
    while _in_child():
        time.sleep(0.05)
    raise RuntimeError("hang: only in a thinking child")


def crash(game: Game[State], view: View, legal: list[Action], rand: random.Random,
        worlds: list[State], budget: Budget) -> Action | None:
    if _in_child():
        os._exit(3)
    raise RuntimeError("crash: only in a thinking child")


def fail(game: Game[State], view: View, legal: list[Action], rand: random.Random,
        worlds: list[State], budget: Budget) -> Action | None:
    raise RuntimeError("a bug in the bot")


GAME: Game[State] = dataclasses.replace(
    HIDDEN_HANDS, id="thinking-hands", title="Thinking Hands",
    searchers={"hard": Searcher(hard, worlds=8, nodes=8), "slow": Searcher(slow, worlds=8, nodes=8),
               "hang": Searcher(hang), "crash": Searcher(crash),
               "raise": Searcher(fail)},
)
