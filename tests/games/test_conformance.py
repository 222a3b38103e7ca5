"""The generic conformance suite: properties every registered game must have, checked over seeded random games.

Each test runs over every game in ``ALL_GAMES``, every player count it takes and each option set it declares
(``Facts.option_sets``), over its ``Facts.conformance_seeds`` random games per case (set ``CONFORMANCE_SEEDS`` for a
deeper sweep). The games come from the shared corpus (tests/support/corpus.py), played once per process for every
test here and in the other files that read it. The two leak tests are the standing ones of DESIGN.md:
canary (no message carries a secret its viewer may not see) and non-interference (redrawing what a viewer cannot
see leaves their message unchanged, and the log lines the next action writes for them); both checks live in
tests/support/leaks.py, shared with the scripted private steps of test_private_steps.py.
"""

from __future__ import annotations

import copy
import inspect
import json
import math
import os
import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.away import NOUNS, played_for
from games.protocol import (
    Action,
    Game,
    IllegalAction,
    Seat,
    State,
    Window,
    apply_checked,
    apply_expiry,
    apply_logged,
    log_for,
    round_trip,
)
from tests.support.corpus import cases, each_game, played, seeds_for
from tests.support.leaks import Canary, Moment, check_redraw, key, message, viewers, walk
from tests.support.registry import (
    ALL_GAMES,
    STEP_CAP,
    closes_itself,
    concrete,
    option_sets,
    play_random,
    replay_digests,
)

SAMPLED_STEPS = 8  # states per game given the costlier checks (resampling, asking every bot)
JUNK_STEPS = 4  # states per game offered junk and out-of-turn actions
RESAMPLES = 2  # redraws per sampled state and viewer
BOT_GAMES = 4  # whole games per case played by each bot (its picks are also checked on every sampled state)
HASH_SEED_GAMES = 2  # seeds per case replayed under other PYTHONHASHSEEDs

CASES = cases()
GAME_PARAMS = [pytest.param(game, id=game_id) for game_id, game in sorted(ALL_GAMES.items())]
per_case = pytest.mark.parametrize(("game", "players", "options"), CASES)
per_game = pytest.mark.parametrize("game", GAME_PARAMS)


def sample(states: list[State], seed: int, k: int = SAMPLED_STEPS) -> list[int]:
    """Indices of a few states of one game: the first, the last and some in between, the same on every run."""
    picks = {0, len(states) - 1}
    picks.update(random.Random(seed).sample(range(len(states)), min(k, len(states))))
    return sorted(picks)


def is_legal(game: Game, state: State, seat: Seat, action: Any) -> bool:
    legal = game.legal(state, seat)
    if any(key(entry) == key(action) for entry in concrete(legal)):
        return True
    templated = any(entry.get("template") and entry["type"] == action.get("type") for entry in legal)
    return templated and game.accepts is not None and game.accepts(state, seat, action)


def declared(game: Game, hook: str) -> bool:
    default = next(f.default for f in fields(Game) if f.name == hook)
    return getattr(game, hook) is not default


# --- the declaration ----------------------------------------------------------------------------------------------


@per_game
def test_declaration(game: Game) -> None:
    assert ALL_GAMES[game.id] is game
    assert game.id and game.id == game.id.strip().lower() and " " not in game.id
    assert game.title.strip()
    assert 1 <= game.min_players <= game.max_players
    assert game.bots, "every game ships at least one bot"
    assert all(callable(bot) for bot in game.bots.values())
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(ValueError, match="players"):
            game.new_state(players, None, 1)
    # Every game here hides something, so both standing leak tests need the game's hooks (DESIGN.md, Views).
    assert declared(game, "secrets"), f"{game.id} declares no secrets hook, so the canary test would check nothing"
    assert game.resample is not None, f"{game.id} declares no resample hook for the non-interference test"


@per_game
def test_options(game: Game) -> None:
    schema = game.options_schema()
    assert isinstance(schema, dict)
    assert round_trip(schema) == schema
    defaults = game.parse_options(None)
    assert game.parse_options({}) == defaults
    assert game.parse_options(round_trip(defaults.model_dump(mode="json"))) == defaults
    for options in option_sets(game)[1:]:
        game.parse_options(options)
    for name in schema.get("properties", {}):
        with pytest.raises(ValidationError):
            game.parse_options({name: {"junk": [None]}})
        default = getattr(defaults, name)
        if not isinstance(default, str):  # a number or flag sent as text is refused, not read
            with pytest.raises(ValidationError):
                game.parse_options({name: json.dumps(default)})


# --- whole games --------------------------------------------------------------------------------------------------


@per_case
def test_random_games_finish(game: Game, players: int, options: dict[str, Any] | None) -> None:
    for seed, states, _ in each_game(game, players, options):
        final = states[-1]
        result = game.result(final)
        assert result is not None, f"seed {seed}"
        assert round_trip(result) == result, f"seed {seed}: the result is not plain JSON"
        winners = result.get("winners")
        assert isinstance(winners, list), f"seed {seed}: winners {winners!r}"
        assert all(type(s) is int and 0 <= s < players for s in winners), f"seed {seed}: winners {winners}"
        assert len(set(winners)) == len(winners), f"seed {seed}: winners {winners}"
        assert isinstance(result.get("ranking"), list) and result["ranking"], f"seed {seed}: no ranking"
        assert "reveal" in result and result["reveal"], f"seed {seed}: no reveal"
        assert game.waiting_on(final) == [] and game.required(final) == []
        for state in states[:-1]:
            assert game.result(state) is None, f"seed {seed}: play went on past the result at seq {state['seq']}"


@per_case
def test_replay_is_deterministic(game: Game, players: int, options: dict[str, Any] | None) -> None:
    """Replaying the actions gives the same states, as the server replays them: each state through a JSON trip (as
    the database stores it) and each action parsed from a client's JSON."""
    starts = set()
    saved = random.getstate()
    try:
        for seed, states, actions in each_game(game, players, options):
            random.seed(seed + 1)  # an engine drawing from the global random would now diverge
            state = game.new_state(players, options, seed)
            starts.add(key(state))
            assert key(state) == key(states[0]), f"seed {seed}: a different initial state"
            for step, (seat, action) in enumerate(actions, start=1):
                stored = round_trip(state)
                assert stored == state, f"seed {seed}, step {step - 1}: the state changes on a trip through JSON"
                state = apply_logged(game, stored, seat, round_trip(action))
                assert key(state) == key(states[step]), f"seed {seed}: replay diverges at step {step}"
            assert round_trip(state) == state, f"seed {seed}: the final state changes on a trip through JSON"
    finally:
        random.setstate(saved)
    assert seeds_for(game) < 2 or len(starts) > 1, "every seed deals the same game: the seed is not used"


_HASH_SCRIPT = "import json, sys; from tests.support.registry import replay_digests; " \
    "print(json.dumps(replay_digests(int(sys.argv[1]))))"


def test_replay_ignores_the_hash_seed() -> None:
    """Set and dict-of-set iteration order changes between processes; a seeded game must not depend on it."""
    root = Path(__file__).resolve().parents[2]
    runs = [  # side by side: each plays every case
        subprocess.Popen([sys.executable, "-c", _HASH_SCRIPT, str(HASH_SEED_GAMES)], cwd=root,
                         env={**os.environ, "PYTHONHASHSEED": hash_seed}, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for hash_seed in ("1", "2")
    ]
    here = replay_digests(HASH_SEED_GAMES, played)  # this process's own hash seed: the corpus's games
    for run in runs:
        out, err = run.communicate(timeout=180)
        assert run.returncode == 0, err
        assert json.loads(out) == here


@per_case
def test_log_and_hooks_are_well_formed(game: Game, players: int, options: dict[str, Any] | None) -> None:
    for seed, states, _ in each_game(game, players, options):
        for step, state in enumerate(states):
            where = f"seed {seed}, step {step}"
            assert state["seq"] == step and state["players"] == players, where
            for entry in state["log"]:
                assert isinstance(entry.get("text"), str), f"{where}: log entry {entry}"
                to = entry.get("to")
                assert to is None or (isinstance(to, list) and all(0 <= s < players for s in to)), where
            if step:
                before = states[step - 1]["log"]
                assert state["log"][: len(before)] == before, f"{where}: the log was rewritten, not appended to"
                assert all(e.get("seq") == step for e in state["log"][len(before):]), where
            for seat in range(players):
                for entry in game.legal(state, seat):
                    assert isinstance(entry, dict) and isinstance(entry.get("type"), str), f"{where}: {entry}"
            window = game.window(state)
            if window is not None:
                assert isinstance(window, Window) and isinstance(window.key, str), where
                assert isinstance(window.seconds, int | float) and math.isfinite(window.seconds), where
                # A window without a timer is None; one that closes itself may close at once (0 seconds).
                assert window.seconds > 0 or (window.closes_itself and window.seconds == 0), where
                assert game.result(state) is None, where
                assert not window.closes_itself or game.expire is not None, f"{where}: no expire hook"
            secret = game.secret_step(state)
            assert secret is None or (isinstance(secret, str) and secret), f"{where}: secret_step {secret!r}"
            if game.teams is not None:
                teams = game.teams(state)
                assert all(0 <= s < players and isinstance(t, str) for s, t in teams.items()), where


# --- the standing leak tests --------------------------------------------------------------------------------------


@per_case
def test_canary_no_message_carries_a_secret(game: Game, players: int, options: dict[str, Any] | None) -> None:
    canary = Canary()
    for seed, states, _ in each_game(game, players, options):
        walk(canary, game, states, f"seed {seed}")
    assert canary.seen_secret, f"{game.id}: no seat ever had a secret before the end, so this test checked nothing"
    leaks = canary.leaks()
    assert not leaks, "fields that track a secret value:\n" + "\n".join(leaks)


@per_case
def test_non_interference(game: Game, players: int, options: dict[str, Any] | None) -> None:
    """A redraw of what a viewer cannot see changes neither their message nor the log lines the next action writes
    for them (tests/support/leaks.py)."""
    assert game.resample is not None, f"{game.id} declares no resample hook"
    changed = {"seat": False, "spectator": False}
    compared = 0
    for seed, states, actions in each_game(game, players, options):
        for step in sample(states, seed):
            moment = Moment(game, states[step], *((actions[step], states[step + 1]) if step < len(actions) else ()))
            for viewer in viewers(players):
                for k in range(RESAMPLES):
                    where = f"seed {seed}, step {step}, viewer {viewer}, resample {k}"
                    rand = random.Random(seed * 1000 + step * 10 + k)
                    redrawn, lines = check_redraw(moment, viewer, rand, where, lines=k == 0)
                    changed["seat" if viewer is not None else "spectator"] |= redrawn
                    compared += lines
    assert all(changed.values()), f"resample never changed anything for: {[v for v, c in changed.items() if not c]}"
    assert compared, "no action could be replayed on a redrawn state, so no log line was compared"


# --- refused actions ----------------------------------------------------------------------------------------------


def _junk_values(value: Any) -> list[Any]:
    """Values that must not pass for ``value``, including the ones Python calls equal to it (1 == 1.0 == True)."""
    junk: list[Any] = [None, "junk", -1, 10**9, [], {"junk": 1}]
    if isinstance(value, bool):
        junk += [int(value), str(value).lower()]
    elif isinstance(value, int):
        junk += [float(value), str(value), value + 1]
        junk += [value == 1] if value in (0, 1) else []
    elif isinstance(value, float):
        junk += [str(value)] + ([int(value)] if value.is_integer() else [])
    elif isinstance(value, str):
        junk += [value + "x", value.upper(), "", f" {value}", [value]]
    elif isinstance(value, list):
        junk += [[*value, None], value[:-1] if value else [None]]
    elif isinstance(value, dict):
        junk += [{**value, "junk": 1}]
    return junk


SHAPE_JUNK = (None, 3, "x", [], {}, {"type": None}, {"type": 3}, {"gem": "x"}, [{"type": "x"}])


def _altered(legal: list[Action], picks: list[Action]) -> list[Action]:
    """Each of ``picks`` with one parameter made junk or one key added, unless that is in ``legal`` as well."""
    templated = {entry["type"] for entry in legal if entry.get("template")}
    allowed = {key(entry) for entry in concrete(legal)}
    out = []
    for entry in concrete(picks):
        if entry["type"] in templated:
            continue
        out.append({**entry, "junk": 1})
        for name, value in entry.items():
            if name != "type":
                out += [{**entry, name: junk} for junk in _junk_values(value)]
    return [action for action in out if key(action) not in allowed]


def _refused(game: Game, state: State, seat: Any, action: Any, codes: tuple[str, ...], where: str) -> None:
    try:
        apply_checked(game, state, seat, action)
    except IllegalAction as refusal:
        error = refusal
    else:
        pytest.fail(f"{where}: seat {seat} was allowed {action!r}")
    assert error.code in IllegalAction.CODES and error.code in codes, f"{where}: {action!r} got code {error.code}"
    assert isinstance(error.message, str) and error.message.strip(), f"{where}: {action!r} got no message"


@per_case
def test_secret_steps_keep_their_key_while_nothing_public_changes(
    game: Game, players: int, options: dict[str, Any] | None
) -> None:
    """``secret_step`` must not depend on who has acted: an action that changes nothing a spectator sees (a secret
    pick, a continue) keeps the key, or the platform's deadline would restart and tell everyone that someone acted."""
    for seed, states, actions in each_game(game, players, options):
        for step in range(1, len(states)):
            before, after = states[step - 1], states[step]
            if game.result(after) is not None:
                continue
            same = key(game.view(before, None)) == key(game.view(after, None))
            same = same and log_for(before, None) == log_for(after, None)
            if same:
                where = f"seed {seed}, step {step}, {actions[step - 1]}"
                assert game.secret_step(after) == game.secret_step(before), where


@per_case
def test_junk_and_illegal_actions_are_refused(game: Game, players: int, options: dict[str, Any] | None) -> None:
    ran = {"altered": 0, "not waiting": 0}
    for seed, states, actions in each_game(game, players, options):
        for n, step in enumerate(sample(states, seed, JUNK_STEPS)[:-1]):
            state = states[step]
            snapshot = copy.deepcopy(state)
            where = f"seed {seed}, step {step}"
            rand = random.Random(seed * 1000 + step)
            if not closes_itself(game, state):
                with pytest.raises(IllegalAction):
                    apply_expiry(game, state)
            waiting = game.waiting_on(state)
            if not waiting:  # a self-closing window nobody can act in: only its expiry moves the game on
                continue
            seat = rand.choice(waiting)
            for junk in SHAPE_JUNK if n == 0 else ():  # checked before the state is read: one state per game will do
                _refused(game, state, seat, junk, ("bad_action",), where)
            _refused(game, state, seat, {"type": "no-such-action"}, ("not_legal_now",), where)
            legal = game.legal(state, seat)
            for action in _altered(legal, rand.sample(legal, min(2, len(legal)))):
                ran["altered"] += 1
                _refused(game, state, seat, action, ("not_legal_now", "bad_action"), f"{where}, seat {seat}")
            someone_elses = concrete(legal)[:1] + [actions[step][1]]
            for idle in sorted(set(range(players)) - set(waiting)):
                ran["not waiting"] += 1
                for action in someone_elses:
                    _refused(game, state, idle, action, ("not_your_turn",), f"{where}, idle seat {idle}")
            for outside in (-1, players, players + 7):
                for action in someone_elses:
                    _refused(game, state, outside, action, ("not_your_turn",), f"{where}, seat {outside}")
            assert state == snapshot, f"{where}: refusing an action changed the state"
        final = states[-1]
        for seat in range(players):
            for _, action in actions[-3:]:
                _refused(game, final, seat, action, ("game_over",), f"seed {seed}, after the end")
    assert ran["altered"], "no legal action had a parameter to alter"
    assert ran["not waiting"], "every seat could always act, so no action out of turn was tried"


# --- defaults and bots --------------------------------------------------------------------------------------------


@per_case
def test_default_actions_are_legal_and_finish_the_game(
    game: Game, players: int, options: dict[str, Any] | None
) -> None:
    for seed, states, _ in each_game(game, players, options):
        for step, state in enumerate(states):
            where = f"seed {seed}, step {step}"
            required = game.required(state)
            waiting = game.waiting_on(state)
            assert set(required) <= set(waiting), f"{where}: required {required} but only {waiting} may act"
            expiring = closes_itself(game, state)
            assert required or expiring or game.result(state) is not None, f"{where}: the game waits on nobody"
            for seat in required:
                action = game.default_action(state, seat)
                assert is_legal(game, state, seat, action), f"{where}: default {action} for seat {seat} not legal"
    for seed in range(seeds_for(game)):
        rand = random.Random(seed)
        state = game.new_state(players, options, seed)
        for _ in range(STEP_CAP):
            if game.result(state) is not None:
                break
            required = game.required(state)
            if not required:  # the deadline of a window that closes itself
                state = apply_expiry(game, state)
                continue
            seat = rand.choice(required)
            state = apply_checked(game, state, seat, game.default_action(state, seat))
        assert game.result(state) is not None, f"seed {seed}: default actions alone never end the game"


@per_case
def test_what_was_played_for_a_seat_tells_it_only_of_its_own_moves(
    game: Game, players: int, options: dict[str, Any] | None
) -> None:
    """"While you were away" (issue 35): the personal line of what the timer played for a seat counts that seat's own
    timer moves and nothing else, so however the others played (in person or by the timer, whatever they held), the
    line each seat gets is the same; and the timer's moves in a registered game are named in its own words."""
    checked = 0
    for seed, states, actions in each_game(game, players, options):
        rand = random.Random(seed)
        sources = [rand.choice(("seat", "timer")) for _ in actions]
        logged = [(seat, source, action) for (seat, action), source in zip(actions, sources, strict=True)]
        for seat in range(players):
            # The others' moves redrawn as the timer's or a person's, and their actions swapped for junk: no change.
            others = [(who, rand.choice(("seat", "timer")), {"type": "junk"}) if who != seat else (who, source, action)
                      for who, source, action in logged]
            mine = played_for(game.id, logged, seat)
            assert played_for(game.id, others, seat) == mine, f"seed {seed}: seat {seat}'s line tracks the others"
            assert mine is None or sum(mine["counts"].values()) == sum(
                1 for who, source, _ in logged if who == seat and source == "timer")
            checked += mine is not None
        if game.id in NOUNS:  # what the timer plays (default actions) has a name people say
            for step, state in enumerate(states[:-1]):
                for seat in game.required(state):
                    kind = game.default_action(state, seat)["type"]
                    assert kind in NOUNS[game.id], f"seed {seed}, step {step}: no words for the timer's {kind!r}"
    assert checked, "no seat was ever played for by the timer, so this test checked nothing"


@per_case
def test_bots_play_legal_actions(game: Game, players: int, options: dict[str, Any] | None) -> None:
    for name, bot in sorted(game.bots.items()):
        parameters = inspect.signature(bot).parameters
        assert len(parameters) == 3, f"bot {name} must take exactly (view, legal, rand)"
        for seed, states, _ in each_game(game, players, options):
            for n, step in enumerate(sample(states, seed)):
                state = states[step]
                for seat in game.waiting_on(state):
                    where = f"bot {name}, seed {seed}, step {step}, seat {seat}"
                    # A bot gets what its seat's client gets, as JSON would carry it, and nothing else.
                    seen = round_trip(message(game, state, seat))
                    asks = 2 if n == 1 else 1  # the second ask, once per game, checks the bot draws only from rand
                    picks = [bot(seen["view"], seen["legal"], random.Random(7)) for _ in range(asks)]
                    assert key(picks[0]) == key(picks[-1]), f"{where}: the same random source gave different picks"
                    pick = picks[0]
                    assert pick is None or is_legal(game, state, seat, pick), f"{where}: {pick} is not legal"
            if seed >= BOT_GAMES:
                continue
            try:
                play_random(game, players, seed, random.Random(seed), options=options, bot=name)
            except IllegalAction as error:
                pytest.fail(f"bot {name}, seed {seed}: played an illegal action ({error.code}: {error.message})")
