"""A bot's public move keeps a time that says nothing about the other bots (app/autoplay.py, ``_bots_once``).

Whether a bot has an optional action to weigh can be secret (a Spy's assassination, a reaction card held back). A
Hard bot weighing one thinks for its whole budget and may let it go: nothing public happens then, and the next
public move, another bot's, must come at the same time as when there was nothing to weigh at all.

The game is Dagger Walk (tests/support/dagger_walk.py): seat 1, a Hard bot, may secretly hold a dagger it could strike
with at any moment; seat 2, a Normal bot, walks. The bot runner's clock is a virtual one: time passes only when the
runner sleeps or a bot thinks (each search takes its whole budget), so the test reads exact times and waits for none.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import autoplay as bot_runner
from app import fairness
from app.main import create_app
from app.settings import Settings
from games.bots import decide
from games.protocol import Action, Budget, Game, Seat, State
from games.rng import seed_from_text
from tests.api.helpers import add_bots, create, public, start, state, wait_for
from tests.support.dagger_walk import DAGGER, GAME, STEPS

DELAY_S = 0.8
THINK_S = 1.0


class VirtualClock:
    """Seconds that pass only when the bot runner sleeps or a bot thinks, as if at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def time(self) -> float:
        return self.now

    def reach(self, moment: float) -> None:
        self.now = max(self.now, moment)

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        await asyncio.sleep(0)  # whatever was set going first (a bot's search) takes its turn meanwhile
        self.reach(until)


class PonderingThinker:
    """In the thinking pool's place: a search decides as ``games.bots.decide`` does (the seat's view, legal list and
    worlds only), and takes its whole budget of virtual time."""

    def __init__(self, clock: VirtualClock, seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds
        self.searches: list[Seat] = []

    async def decide(self, game: Game[Any], state: State, seat: Seat, kind: str, seed: str, queue: str = "",
                     left: Any = None) -> Action | None:
        started = self.clock.now
        self.searches.append(seat)
        action = decide(game, state, seat, kind, random.Random(seed), Budget(nodes=4, seconds=self.seconds))
        self.clock.reach(started + self.seconds)
        return action

    def warm_soon(self) -> None:
        pass  # nothing to start

    async def close(self) -> None:
        pass


def seed_dealing(dagger_at_seat_1: bool) -> str:
    """A table seed whose deal gives seat 1 the dagger, or not (then Alice holds it, or it stays out)."""
    for number in range(100):  # a deterministic look through the engine's deals: each way comes up within a few
        seed = f"dagger-walk-{number}"
        if (GAME.new_state(3, None, seed_from_text(seed))["cards"][1] == DAGGER) == dagger_at_seat_1:
            return seed
    raise AssertionError("no such deal among the seeds tried")


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    settings = dataclasses.replace(settings, extra_games=[*settings.extra_games, "tests.support.dagger_walk:GAME"],
                                   bot_delay=DELAY_S, bot_think_s=THINK_S)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def public_move_times(client: TestClient, monkeypatch: pytest.MonkeyPatch, dagger_at_seat_1: bool) -> list[float]:
    """Plays a game of Dagger Walk (Alice, a Hard bot, the Normal walker) to its end on a fresh virtual clock, and
    returns the virtual time of each public move after the start."""
    monkeypatch.setattr(fairness, "new_seed", lambda: seed_dealing(dagger_at_seat_1))
    autoplay = client.app.state.autoplay  # type: ignore[attr-defined]
    clock = VirtualClock()
    thinker = PonderingThinker(clock, THINK_S)
    autoplay.clock, autoplay.sleep, autoplay.thinker = clock.time, clock.sleep, thinker
    table = create(client, "Alice", game=GAME.id)
    add_bots(client, table, 1, "hard")
    add_bots(client, table, 1, "basic")
    assert [seat["bot_kind"] for seat in public(client, table)["seats"]] == [None, "hard", "basic"]
    times: dict[int, float] = {}

    def heard(table_id: str, event: dict[str, Any]) -> None:
        if table_id == table.table_id and event.get("kind") == "state" and event["seq"] > 0:
            times.setdefault(event["seq"], clock.now)

    autoplay.hub.tap(heard)
    start(client, table)
    final = wait_for(lambda: (current := state(client, table, 0))["status"] == "finished" and current,
                     what="the walker's last step")
    assert final["view"]["steps"] == STEPS and final["view"]["struck"] is None  # the dagger, if dealt, stayed put
    assert final["view"]["cards"][1] == (DAGGER if dagger_at_seat_1 else "blank")
    # The Hard bot weighed its dagger before each step, or had nothing to weigh.
    assert thinker.searches == ([1] * STEPS if dagger_at_seat_1 else [])
    assert sorted(times) == list(range(1, STEPS + 1))
    return [times[seq] for seq in sorted(times)]


def test_a_bot_weighing_a_secret_option_does_not_move_the_next_public_move(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    weighed = public_move_times(client, monkeypatch, dagger_at_seat_1=True)
    nothing = public_move_times(client, monkeypatch, dagger_at_seat_1=False)
    assert weighed == nothing
    # Each step comes one hold after the last, the same whoever had something to weigh: at a table with a Hard bot,
    # a whole search and its hand-over's margin (longer than the delay here).
    hold = max(DELAY_S, THINK_S * (1 + bot_runner.HOLD_MARGIN))
    assert nothing == pytest.approx([hold * step for step in range(1, STEPS + 1)])
