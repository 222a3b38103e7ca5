"""Tells (games/patriots_and_redcoats/tells.py): the public log replayed against a plain player's reasoning.

Played through the engine with ``basic`` players, whose reasoning the plain rule is: every vote, nomination, Spy card,
feather split and Major Ferguson call a seat reads must fit its actor's true team (the replay rebuilds the public
scores and eyes of each moment exactly), the tells must tell the teams apart often, and the sampler that weighs them
must put more of its worlds' allies where the true allies are.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME, sampler, tells
from games.patriots_and_redcoats.sampler import WINTER_PASS
from games.protocol import State, visible_entries
from games.search import step


def before_winter(players: int, seed: int, informed: bool = False) -> State:
    """A game of ``basic`` players, stopped before its first Winter pass (teams cannot have changed) or its end.
    ``informed``: every Spy card goes to a true enemy of its giver, as a player who knew the cards would give it."""
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(seed)
    while GAME.result(state) is None:
        seat = (GAME.required(state) or GAME.waiting_on(state))[0]
        gifts = [a for a in GAME.legal(state, seat) if a["type"] == "spy" and a["to"] is not None
                 and state["team"][a["to"]] != state["team"][seat]] if informed else []
        if gifts:
            action = rand.choice(gifts)
        else:
            action = decide(GAME, state, seat, "basic", rand) or GAME.default_action(state, seat)
        after = step(GAME, state, seat, action)
        if any(entry.get("event", {}).get("kind") == WINTER_PASS for entry in after["log"]):
            break
        state = after
    return state


@pytest.fixture(scope="module")
def games() -> list[State]:
    return [before_winter(players, seed) for players, seed in ((5, 1), (6, 2), (7, 3), (8, 4), (10, 5), (6, 6))]


def test_every_tell_fits_a_plain_players_true_team(games: list[State]) -> None:
    kinds: Counter[str] = Counter()
    for state in games:
        for viewer in range(state["players"]):
            for tell in tells.read(state, viewer):
                assert tell.actor != viewer
                kinds[tell.kind] += 1
                assert tell.plain[state["team"][tell.actor]] > 0, (viewer, tell)
    assert set(kinds) == {"vote", "nominate", "gift", "feathers", "ferguson"}, kinds


def test_tells_tell_the_teams_apart(games: list[State]) -> None:
    apart = total = 0
    for state in games:
        for tell in tells.read(state, None):
            total += 1
            apart += tell.plain["patriots"] != tell.plain["redcoats"]
    assert apart >= total / 2, (apart, total)


def ally_error(state: State, viewer: int) -> float:
    """Mean squared error of the worlds' ally shares against the true teams, from ``viewer``."""
    worlds = draw_worlds(GAME, state, viewer, random.Random(viewer), 24)
    team = state["team"][viewer]
    others = [seat for seat in range(state["players"]) if seat != viewer and state["alive"][seat]]
    error = 0.0
    for seat in others:
        share = sum(world["team"][seat] == team for world in worlds) / len(worlds)
        error += (share - (state["team"][seat] == team)) ** 2
    return error / len(others)


def test_the_sampler_finds_allies_by_their_tells(games: list[State], monkeypatch: pytest.MonkeyPatch) -> None:
    with_tells = [ally_error(state, viewer) for state in games for viewer in (0, 2)]
    monkeypatch.setattr(sampler, "PLAIN", {kind: 0.0 for kind in sampler.PLAIN})
    without = [ally_error(state, viewer) for state in games for viewer in (0, 2)]
    assert sum(with_tells) < 0.5 * sum(without), (with_tells, without)


@pytest.fixture(scope="module")
def informed_games() -> dict[tuple[int, int], State]:
    """Games whose Spy cards all go to true enemies, by (players, seed): ones whose teams are still in doubt at the
    first Winter (in many such games the Spy cards' eyes have turned every card face up by then)."""
    deals = ((6, 1), (6, 2), (8, 1), (8, 12), (10, 1), (10, 2))
    return {deal: before_winter(*deal, informed=True) for deal in deals}


def test_the_sampler_reads_informed_spy_cards(informed_games: dict[tuple[int, int], State],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Spy cards given to true enemies (as the hard level gives them) place the givers' allies better when the sampler
    takes a share of Spy cards as an informed player's (``INFORMED``) than when it reads them as a plain player's
    (the other kinds of tell are not read here, so the Spy cards alone speak)."""
    played = list(informed_games.values())
    assert all(any(tell.kind == "gift" for tell in tells.read(state, None)) for state in played)
    monkeypatch.setattr(sampler, "PLAIN", {kind: 0.75 if kind == "gift" else 0.0 for kind in sampler.PLAIN})
    monkeypatch.setattr(sampler, "INFORMED_FROM", 0)
    monkeypatch.setattr(sampler, "INFORMED", {"gift": 0.5})
    informed = [ally_error(state, viewer) for state in played for viewer in (0, 3)]
    monkeypatch.setattr(sampler, "INFORMED", {"gift": 0.0})
    plain = [ally_error(state, viewer) for state in played for viewer in (0, 3)]
    assert sum(informed) < 0.8 * sum(plain), (informed, plain)


def test_only_larger_tables_read_spy_cards_as_informed(informed_games: dict[tuple[int, int], State],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Below ``INFORMED_FROM`` players every Spy card is read as a plain player's: an informed share changes none of
    the worlds drawn, and would change them were the threshold lower. From it on it does (only Spy cards are read
    here, so that they alone speak)."""
    monkeypatch.setattr(sampler, "PLAIN", {kind: 0.75 if kind == "gift" else 0.0 for kind in sampler.PLAIN})

    def changed(state: State) -> bool:
        """Whether an informed share changes the worlds any of four viewers draws."""
        drawn: dict[float, list[list[State]]] = {}
        for informed in (0.5, 0.0):
            monkeypatch.setattr(sampler, "INFORMED", {"gift": informed})
            drawn[informed] = [draw_worlds(GAME, state, viewer, random.Random(7), 16) for viewer in range(4)]
        return drawn[0.5] != drawn[0.0]

    small, large = informed_games[6, 1], informed_games[8, 12]
    assert small["players"] < sampler.INFORMED_FROM <= large["players"]
    assert changed(large)
    assert not changed(small)
    monkeypatch.setattr(sampler, "INFORMED_FROM", small["players"])
    assert changed(small)


def test_the_evidence_kept_between_draws_is_the_states_own(games: list[State]) -> None:
    """The sampler keeps the last evidence it read; a state with another log, or read by another seat, gets its own."""
    def fresh(state: State, viewer: int) -> sampler.Evidence:
        return sampler._read(state, viewer, visible_entries(state, viewer))

    short = {**games[1], "log": games[1]["log"][:len(games[1]["log"]) // 2]}
    for state, viewer in [(games[1], 0), (games[1], 0), (short, 0), (games[1], 3), (games[1], 0), (games[2], 0)]:
        kept = sampler.evidence(state, viewer)
        assert kept == fresh(state, viewer)
    assert sampler.evidence(short, 0) != sampler.evidence(games[1], 0)
    assert sampler.evidence(games[1], 0) is sampler.evidence(games[1], 0)
