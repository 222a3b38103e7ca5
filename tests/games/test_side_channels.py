"""Standing test (DESIGN.md, side channels): in a step whose actors are secret, nothing public changes with who
has acted.

For every game, random games are played; at states inside a secret step (``game.secret_step``) where several seats
still owe an action, the table is put through the server's own bookkeeping (``app.play.play``: state, seq, away
flags, deadline, status) once with one of them acting and once with another. Every message anyone else receives,
the state message of each other seat and of a spectator, the presence message and each other seat's "while you were
away" line (``app.away``), must then be the same, field for field. Seats are people and bots mixed, acting in
person, by bot or by timeout, because each of those once showed publicly (an away flag, a deadline turning null when
the last person had acted).

A game window (``game.window``) that several seats may answer must be a secret step: otherwise a timeout there marks
the seats still deciding away, for everyone to see. A case that checks no secret step at all fails, unless its game
lists it in ``Facts.no_secret_step`` with the reason. The games are the shared corpus's (tests/support/corpus.py).
"""

from __future__ import annotations

import fnmatch
import itertools
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from app.away import played_for
from app.held import Held, Seat, Table
from app.messages import message_for, presence_message
from app.play import play, settle
from games.protocol import Game, State
from tests.support.corpus import cases, played

SEEDS = 2
STATES_PER_GAME = 10  # secret-step states checked per game played
PAIRS_PER_STATE = 4
START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
LATER = START + timedelta(seconds=7)


def _listed_reason(game: Game, case: str) -> str | None:
    """Why the case has no secret step to check, if its game says so (patterns over the id after the game's)."""
    rest = case.removeprefix(f"{game.id}-")
    return next((reason for pattern, reason in game.facts.no_secret_step.items()
                 if fnmatch.fnmatchcase(rest, pattern)), None)


def _answerable_windows_without_secret_step(game: Game, states: list[State]) -> list[int]:
    """States where a game window is open, several seats may answer it, and no secret step is declared."""
    return [i for i, s in enumerate(states)
            if game.result(s) is None and game.window(s) is not None and game.secret_step(s) is None
            and len(game.waiting_on(s)) >= 2]


def _table(game: Game, state: State, bots: set[int], when: datetime, monkeypatch: pytest.MonkeyPatch,
           before: State | None) -> tuple[Table, list[Seat]]:
    """A table in memory as the server would hold it at ``state``, its deadline set when ``before`` led to it."""
    row = Table(id="t", game=game.id, options={}, status="playing", host_seat=0, invite_code="i", spectate_key="k",
                seed="s", commitment="c", seq=state["seq"], version=0, state=before or state, snapshot_seq=0,
                turn_timer=60.0, timer_key=None, deadline=None, bots_waiting=False, spectators=1, next_table_id=None,
                spectator_chat=True, created_at=START, updated_at=START)
    seats = [Seat(id=100 + n, table_id="t", seat=n, name=f"P{n}", bot="random" if n in bots else None,
                  token_hash=None, away=False, connections=0 if n in bots else 1, rematch_of=None,
                  window_answer=None)
             for n in range(state["players"])]
    monkeypatch.setattr("app.play.now", lambda: when)
    settle(game, row, seats)  # the step as it opened
    row.state, row.seq = state, state["seq"]
    settle(game, row, seats)  # and as it stands now
    return row, seats


def _after(game: Game, state: State, before: State | None, bots: set[int], seat: int, source: str,
           monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    row, seats = _table(game, state, bots, START, monkeypatch, before)
    monkeypatch.setattr("app.play.now", lambda: LATER)
    monkeypatch.setattr("app.messages.clock", lambda: LATER)  # the message's own "now" is the send time, not a tell
    action = game.default_action(state, seat)
    _, facts = play(game, row, seats, seat, action, source)
    held = Held(row, seats, facts)
    heard: dict[str, Any] = {"presence": presence_message(row, seats)}
    for viewer in [None, *range(state["players"])]:
        heard[f"viewer {viewer}"] = message_for(game, held, viewer, "http://x")
        if viewer is not None:  # "while you were away": what the timer played for each seat, as it would be told
            heard[f"viewer {viewer} away"] = played_for(game.id, [(seat, source, action)], viewer)
    return heard


def _sources(seat: int, bots: set[int]) -> list[str]:
    return ["bot"] if seat in bots else ["seat", "timer", "auto"]  # auto: a standing answer (app/windows.py)


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_who_acted_in_a_secret_step_shows_nowhere(game: Game, players: int, options: dict[str, Any] | None,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  request: pytest.FixtureRequest) -> None:
    case = request.node.callspec.id
    checked = 0
    for seed in range(SEEDS):
        rand = random.Random(f"{game.id}:{players}:{seed}")
        states, _ = played(game, players, options, seed)
        open_windows = _answerable_windows_without_secret_step(game, states)
        assert not open_windows, (f"seed {seed}, state {open_windows[0]}: a window several seats may answer is no "
                                  f"secret step (declare Game.secret_step for it)")
        candidates = [i for i, s in enumerate(states)
                      if game.result(s) is None and game.secret_step(s) is not None and len(game.required(s)) >= 2]
        for index in sorted(rand.sample(candidates, min(STATES_PER_GAME, len(candidates)))):
            state, before = states[index], states[index - 1] if index else None
            if before is not None and game.secret_step(before) != game.secret_step(state):
                before = None  # the step opened at this very state
            bots = {n for n in range(players) if n % 2 == 1} if seed % 2 else set()
            pairs = list(itertools.combinations(game.required(state), 2))
            for a, b in rand.sample(pairs, min(PAIRS_PER_STATE, len(pairs))):
                for source_a, source_b in itertools.product(_sources(a, bots), _sources(b, bots)):
                    heard_a = _after(game, state, before, bots, a, source_a, monkeypatch)
                    heard_b = _after(game, state, before, bots, b, source_b, monkeypatch)
                    for key in heard_a:
                        if key.removesuffix(" away") in (f"viewer {a}", f"viewer {b}"):
                            continue  # the two actors may of course each know what they did
                        where = f"seed {seed}, state {index}: seat {a} ({source_a}) or seat {b} ({source_b})"
                        assert heard_a[key] == heard_b[key], f"{where}: {key} tells them apart"
                    checked += 1
    reason = _listed_reason(game, case)
    if checked == 0:
        assert reason is not None, f"{case} checked no secret step where several seats owe an action; declare " \
                                   "Game.secret_step, or list the case in its Facts.no_secret_step with the reason"
        pytest.skip(f"{case}: {reason}")
    assert reason is None, f"{case} is listed in its game's Facts.no_secret_step but checked {checked} secret-step " \
                           "states: unlist it"
