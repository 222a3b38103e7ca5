"""The worlds a searching bot is handed carry nothing of the truth (games/bots.py).

Two true states that look the same from a seat (the second redrawn from the first with ``resample``) must give the
same worlds for the same seed: then whatever a bot does with its worlds, it cannot depend on what its seat cannot
see. That twin is the sampler's own work, so a sampler that kept part of the truth would keep it in both; hence a
check that needs no sampler to judge it: every zone a seat cannot see (``Facts.hidden_zones``) is redrawn, from every
seat, wherever more than one arrangement is possible. Each game's own tests (tests/games/<game>/test_hard.py) add
that its hard bot decides the same in both states.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from typing import Any

import pytest

from games.bots import decide, draw_worlds
from games.facts import Zone
from games.protocol import UNDO, Budget, Game, State, apply_checked
from tests.support.corpus import cases, each_game
from tests.support.leaks import key
from tests.support.registry import ALL_GAMES, GAMES

STEPS = 6  # states sampled from each played game
SEEDS = 2  # played games per case


def searched_cases() -> list[Any]:
    return [case for case in cases("ends") if case.values[0].id in GAMES and case.values[0].searchers]


@pytest.mark.parametrize(("game", "players", "options"), searched_cases())
def test_worlds_depend_only_on_what_the_seat_sees(game: Game, players: int, options: dict[str, Any] | None) -> None:
    checked = 0
    for seed, states, _ in each_game(game, players, options, seeds=SEEDS):
        rand = random.Random(seed)
        for index in sorted(rand.sample(range(len(states)), min(STEPS, len(states)))):
            state = states[index]
            if game.result(state) is not None:
                continue
            for seat in range(players):
                assert game.resample is not None
                twin = game.resample(state, seat, random.Random(f"twin {seed} {index} {seat}"))
                assert game.view(twin, seat) == game.view(state, seat), "resample changed what the seat sees"
                where = f"seed {seed}, step {index}, seat {seat}"
                first = draw_worlds(game, state, seat, random.Random(7), 3)
                second = draw_worlds(game, twin, seat, random.Random(7), 3)
                assert first == second, f"{game.id}: worlds depend on hidden information ({where})"
                for world in first:
                    assert game.view(world, seat) == game.view(state, seat), f"a world changes the view ({where})"
                checked += 1
    assert checked, "no state was checked"


ZONE_STATES = 4  # states of one played game per case, spread over it
DRAWS = 6  # worlds drawn from each seat at each of them


def sampled_cases() -> list[Any]:
    """Every game with a sampler, at its fewest, middle and most players, with its default options."""
    return [case for case in cases("ends") if case.values[0].resample is not None and case.values[2] is None]


def could_be_otherwise(name: str, zones: dict[str, Zone]) -> bool:
    """Whether a seat that sees none of ``zones`` could find ``name`` holding other things, judged from the truth
    alone: something in it could trade places with a different thing of the same back elsewhere, or, where the
    order is hidden, with a different thing in it."""
    zone = zones[name]
    backs = {back for back, _ in zone.things}
    elsewhere = {thing for other, z in zones.items() if other != name for thing in z.things if thing[0] in backs}
    if any(thing[0] == mine[0] and thing != mine for thing in elsewhere for mine in set(zone.things)):
        return True
    return zone.ordered and len(set(zone.things)) > 1


def kept_zones(game: Game, states: list[State], players: int) -> list[str]:
    """The (seat, zone) pairs whose every draw, at every state where the zone could have been otherwise, kept the
    truth. Worlds come from ``game.resample`` (what is tested); what they are held to comes from the true state."""
    zones_of = game.facts.hidden_zones
    assert zones_of is not None
    could: set[tuple[int, str]] = set()
    redrawn: set[tuple[int, str]] = set()
    for index, state in enumerate(states):
        for seat in range(players):
            truth = dict(zones_of(state, seat))
            open_zones = [name for name in truth if could_be_otherwise(name, truth)]
            if not open_zones:
                continue
            assert game.resample is not None
            worlds = [dict(zones_of(game.resample(state, seat, random.Random(f"zones {index} {seat} {k}")), seat))
                      for k in range(DRAWS)]
            for name in open_zones:
                could.add((seat, name))
                if any(world[name].faces() != truth[name].faces() for world in worlds):
                    redrawn.add((seat, name))
    assert could, "no state had a zone that could be otherwise"
    return [f"seat {seat}: {name}" for seat, name in sorted(could - redrawn)]


def spread(states: list[State], game: Game) -> list[State]:
    """``ZONE_STATES`` unfinished states spread over a played game (its second state onwards)."""
    going = [state for state in states[1:] if game.result(state) is None]
    step = max(1, len(going) // ZONE_STATES)
    return going[step // 2::step][:ZONE_STATES]


@pytest.mark.parametrize(("game", "players", "options"), sampled_cases())
def test_the_sampler_redraws_every_hidden_zone(game: Game, players: int, options: dict[str, Any] | None) -> None:
    assert game.facts.hidden_zones is not None, f"{game.id} has a sampler: declare Facts.hidden_zones"
    [(_, states, _)] = each_game(game, players, options, seeds=1)
    kept = kept_zones(game, spread(states, game), players)
    assert not kept, f"{game.id}: the sampler kept the truth of {kept}"


# Where each game keeps a seat's hand, and the zone its facts call it: for a planted sampler that keeps one.
HANDS = {"hidden-hands": ("hands", "hand"), "high-card": ("hands", "hand"), "patriots-and-redcoats": ("hands", "hand"),
         "raiding-parties": ("holds", "hold"), "red-scare-redux": ("hands", "hand"), "turncoats": ("hands", "hand")}


@pytest.mark.parametrize("game", [g for g in ALL_GAMES.values() if g.id in HANDS], ids=lambda g: g.id)
def test_a_sampler_that_keeps_one_opponents_hand_is_caught(game: Game) -> None:
    """The check above, against a sampler that redraws everything but the true hand of the seat after the drawer's
    (an opponent in every game here, teams alternating): that hand's zone, and only it, is reported."""
    key, zone = HANDS[game.id]
    real = game.resample
    assert real is not None

    def keeps_a_hand(state: State, seat: Any, rand: random.Random) -> State:
        world = real(state, seat, rand)
        mark = (seat + 1) % state["players"]
        world[key][mark] = json.loads(json.dumps(state[key][mark]))
        return world

    planted = dataclasses.replace(game, resample=keeps_a_hand)  # a Game is frozen: a copy with the planted sampler
    players = game.min_players
    [(_, states, _)] = each_game(game, players, None, seeds=1)
    kept = kept_zones(planted, spread(states, game), players)
    assert kept, f"{game.id}: a sampler that keeps one opponent's hand passed"
    assert all(line.endswith(f": {zone} {(int(line.split()[1][:-1]) + 1) % players}") for line in kept), kept


NODES = 24  # a small node budget keeps the suite quick; the decision is repeatable for any budget in nodes
DECISIONS = 8  # states per case where a hard bot decides twice


@pytest.mark.parametrize(("game", "players", "options"), searched_cases())
def test_hard_bots_decide_the_same_whatever_they_cannot_see(game: Game, players: int,
                                                            options: dict[str, Any] | None) -> None:
    """No peeking, proved: a true state and its redraw from the bot's seat get the same decision for the same seed
    and node budget (the time limit is set far out of reach, so only nodes count)."""
    budget = Budget(nodes=NODES, seconds=1e6)
    decided = 0
    for seed, states, _ in each_game(game, players, options, seeds=SEEDS):
        rand = random.Random(f"decide {seed}")
        moments = [(i, seat) for i, state in enumerate(states) if game.result(state) is None
                   for seat in range(players) if len(game.legal(state, seat)) > 1]
        for index, seat in rand.sample(moments, min(DECISIONS // SEEDS, len(moments))):
            state = states[index]
            assert game.resample is not None
            twin = game.resample(state, seat, random.Random(f"twin {seed} {index}"))
            for kind in game.searchers:
                first = decide(game, state, seat, kind, random.Random(seed), budget)
                second = decide(game, twin, seat, kind, random.Random(seed), budget)
                assert first == second, f"{game.id} {kind} peeked (seed {seed}, step {index}, seat {seat})"
                if first is not None:  # legal as the platform checks it (a custom party is accepted by its template)
                    apply_checked(game, state, seat, first)
                decided += 1
    assert decided, "no decision was compared"


def test_searching_bots_take_only_what_they_may_know() -> None:
    """A searcher's signature is the contract: its game, view, legal list, random source, worlds, budget; no state."""
    for game in GAMES.values():
        for kind, searcher in game.searchers.items():
            names = list(inspect.signature(searcher.decide).parameters)
            assert names == ["game", "view", "legal", "rand", "worlds", "budget"], f"{game.id} {kind}: {names}"


def test_every_game_has_a_hard_level() -> None:
    missing = [game.id for game in GAMES.values() if "hard" not in game.searchers]
    assert not missing, f"no hard bot: {missing}"


# ----------------------------------------------------------------------------- the sampler is the only path

POISON = "POISON-OF-THE-TRUE-STATE"
POISON_NUMBER = 9_000_000_000_000_000  # and up: a poisoned number (its digits are looked for)
RNG_MARK = 271828182845904523  # a world's engine seed as the sampler left it: the platform must reseed it
PATHS = 2  # states per case checked this way (each costs a view and a legal list per leaf of the state)


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every string and number in ``value``, with its path."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [(path, value)]
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in leaves(v, (*path, i))]
    return []


def put(state: State, path: tuple[Any, ...], value: Any) -> None:
    target: Any = state
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def poisoned(game: Game, state: State, seat: int) -> State:
    """A copy of ``state`` with what ``seat`` cannot see poisoned: the text of every log line it may not read, and every
    other string or number whose change leaves its view and legal list as they were (a hidden card's id or name, the
    engine's seed), each replaced by a poison of its own."""
    out = json.loads(json.dumps(state))
    for entry in out["log"]:
        if entry.get("to") is not None and seat not in entry["to"]:
            entry["text"] = POISON
            entry.pop("event", None)
    view, legal = key(game.view(state, seat)), key(game.legal(state, seat))
    for n, (path, leaf) in enumerate(leaves({k: v for k, v in out.items() if k != "log"})):
        # Each its own, of the leaf's type: two equal poisons could be seen where two unequal are not.
        put(out, path, f"{POISON}-{n}" if isinstance(leaf, str) else POISON_NUMBER + n)
        try:  # a fresh dict each time: a view part built once per state object and seq is not reused
            unseen = key(game.view(dict(out), seat)) == view and key(game.legal(dict(out), seat)) == legal
        except Exception:  # the engine needs it to make the seat's view or list: not something to poison
            unseen = False
        if not unseen:
            put(out, path, leaf)
    assert key(game.view(dict(out), seat)) == view and key(game.legal(dict(out), seat)) == legal
    return out


def containers(value: Any) -> set[int]:
    """The identities of every list and dict in ``value``."""
    if isinstance(value, dict):
        return {id(value)}.union(*(containers(v) for v in value.values()))
    if isinstance(value, list):
        return {id(value)}.union(*(containers(v) for v in value))
    return set()


def handed(game: Game, state: State, seat: int, kind: str, seed: int, budget: Budget) -> list[str]:
    """What is wrong with what ``kind``'s searcher is handed when the platform decides for ``seat``, asked with the
    true state's hidden fields poisoned and a sampler that is the only path to the truth: it draws from the
    unpoisoned state, and marks what the platform must still cut from its worlds (the log lines the seat may not read,
    the engine's seed). Empty: nothing of the truth reached the searcher but through the sampler."""
    real = game.resample
    assert real is not None
    truth = {k: v for k, v in state.items() if k != UNDO}

    def only_path(passed: State, drawer: Any, rand: random.Random) -> State:
        world = real(json.loads(json.dumps(truth)), drawer, rand)
        for entry in world["log"]:
            if entry.get("to") is not None and drawer not in entry["to"]:
                entry["text"] = POISON
        if isinstance(world.get("rng"), int):
            world["rng"] = RNG_MARK
        return world

    calls: list[tuple[Any, ...]] = []
    searcher = game.searchers[kind]

    def spy(*args: Any) -> Any:
        calls.append(args)
        return searcher.decide(*args)

    wrapped = dataclasses.replace(game, resample=only_path,
                                  searchers={kind: dataclasses.replace(searcher, decide=spy)})
    dirty = poisoned(game, state, seat)
    if dirty == state:
        return ["nothing of the state could be poisoned: the check would prove nothing"]
    try:
        action: Any = decide(wrapped, dirty, seat, kind, random.Random(seed), budget)
    except Exception as error:  # a search on poisoned worlds may well fail: what it was handed is still checked
        action = error
    [(given, view, legal, _, worlds, _)] = calls
    problems = []
    if given is not wrapped:
        problems.append("the searcher was not handed the game it was asked for")
    handed_text = key([view, legal, worlds])
    if POISON in handed_text or str(POISON_NUMBER)[:12] in handed_text:
        problems.append("the searcher was handed a poisoned field of the true state")
    if any(world.get("rng") == RNG_MARK for world in worlds):
        problems.append("a world kept the engine seed its sampler left")
    if containers(worlds) & (containers(state) | containers(dirty)):
        problems.append("a world shares a list or dict with the true state")
    if isinstance(action, Exception):
        problems.append(f"the search failed: {action!r}")
    elif key(action) != key(decide(game, state, seat, kind, random.Random(seed), budget)):
        problems.append("the decision differs from the one made on the unpoisoned state")
    return problems


def path_moments(game: Game, players: int, options: dict[str, Any] | None) -> list[tuple[State, int]]:
    [(seed, states, _)] = each_game(game, players, options, seeds=1)
    going = [(state, seat) for state in states[1:] if game.result(state) is None
             for seat in range(players) if len(game.legal(state, seat)) > 1]
    return random.Random(f"paths {seed}").sample(going, min(PATHS, len(going)))


@pytest.mark.parametrize(("game", "players", "options"), searched_cases())
def test_a_searcher_gets_the_truth_only_through_the_sampler(game: Game, players: int,
                                                            options: dict[str, Any] | None) -> None:
    moments = path_moments(game, players, options)
    assert moments
    for index, (state, seat) in enumerate(moments):
        for kind in game.searchers:
            problems = handed(game, state, seat, kind, index, Budget(nodes=NODES, seconds=1e6))
            assert not problems, f"{game.id} {kind}, seat {seat}: {problems}"


@pytest.mark.parametrize("plant", ["unread log lines kept", "the true state as a world"])
def test_a_planted_path_around_the_sampler_is_caught(plant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above against a platform that keeps the log lines the seat may not read in its worlds, and one
    that hands the true state itself over as a world."""
    import games.bots

    if plant == "unread log lines kept":
        monkeypatch.setattr(games.bots, "visible_entries", lambda state, viewer, last=None: list(state["log"]))
    else:
        draw = games.bots.draw_worlds
        monkeypatch.setattr(games.bots, "draw_worlds",
                            lambda game, state, seat, rand, count: [state, *draw(game, state, seat, rand, count - 1)])
    game = GAMES["red-scare-redux"]  # its draws are told to the drawer only: hidden lines in every game
    caught = [problem for state, seat in path_moments(game, 4, None)
              for problem in handed(game, state, seat, "hard", 0, Budget(nodes=NODES, seconds=1e6))]
    assert "the searcher was handed a poisoned field of the true state" in caught
