"""Patriots & Redcoats rules: setup, and the protocol's legal / apply / must_act / default_action / window.

Play is a stack of frames (``spycraft``, ``council``, ``winter``, ``teams``) under a stack of response windows
(``windows``). ``advance`` runs the top frame until it waits on players; nothing beneath an open window moves.
An assassination can be declared at any time by a Spy, so a Spy's legal list may hold actions while play waits on
others: ``must_act`` names only the seats play is actually waiting for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar

from pydantic import BaseModel

from games import rng
from games.patriots_and_redcoats import council, spycraft, teams, windows, winter
from games.patriots_and_redcoats.core import (
    article,
    eye_total,
    face_down_slots,
    kinds,
    leaders_held,
    living,
    say,
    spy_of,
    zones,
)
from games.patriots_and_redcoats.data import (
    HAND,
    LEADERS,
    LOYALTY,
    PATRIOT_LEADER,
    REDCOAT_LEADER,
    SECOND_PILE,
    SPYCRAFT,
    TEAMS,
    VICTORIES_TO_WIN,
    WAR,
    first_pile_specials,
)
from games.patriots_and_redcoats.options import Options
from games.patriots_and_redcoats.state import FrameKind, OpenWindow, PatriotsState
from games.protocol import Action, Seat, Window
from games.state import RngState

Prompts = dict[Seat, list[Action]]
F = TypeVar("F", bound=Mapping[str, Any])  # one kind of frame (state.Frame)


class Handler(NamedTuple, Generic[F]):
    """How one kind of frame is played: ``run`` moves it on (False: it waits on players), ``prompts`` says who is
    asked what, ``act`` applies an answer, ``default`` answers for a timed-out or departed player."""

    run: Callable[[PatriotsState, F], bool]
    prompts: Callable[[PatriotsState, F], Prompts]
    act: Callable[[PatriotsState, F, Seat, Action], None] | None
    default: Callable[[PatriotsState, F, Seat], Action] | None


def _none(state: PatriotsState, frame: object) -> Prompts:
    return {}


# Each entry is checked against its own frame type; the table is looked up by the top frame's kind, which is what
# pairs a frame with its handlers, so the table itself holds Handler[Any].
HANDLERS: dict[FrameKind, Handler[Any]] = {
    "round": Handler(spycraft.run_round, _none, None, None),
    "turn": Handler(spycraft.run_turn, _none, None, None),
    "confirm": Handler(teams.run_confirm, teams.confirm_prompts, teams.confirm_act, teams.confirm_default),
    "spy": Handler(spycraft.run_spy, spycraft.spy_prompts, spycraft.spy_act, spycraft.spy_default),
    "conceal": Handler(spycraft.run_spy, spycraft.spy_prompts, spycraft.spy_act, spycraft.spy_default),
    "reveal": Handler(spycraft.run_reveal, spycraft.reveal_prompts, spycraft.reveal_act, spycraft.reveal_default),
    "flip": Handler(spycraft.run_flip, spycraft.flip_prompts, spycraft.flip_act, spycraft.flip_default),
    "skip": Handler(spycraft.run_skip, spycraft.skip_prompts, spycraft.skip_act, spycraft.skip_default),
    "reverse": Handler(spycraft.run_reverse, _none, None, None),
    "draw2": Handler(spycraft.run_draw2, spycraft.draw2_prompts, spycraft.draw2_act, spycraft.draw2_default),
    "winter": Handler(winter.run_winter, winter.winter_prompts, winter.winter_act, winter.winter_default),
    "council": Handler(council.run_council, council.council_prompts, council.council_act, council.council_default),
}


# ----------------------------------------------------------------------------- setup


def setup(players: int, options: BaseModel, seed: int) -> PatriotsState:
    assert isinstance(options, Options)
    source: RngState = {"rng": seed}  # the random source, until the state that keeps it is built
    by_kind: dict[str, list[str]] = {}
    for card, card_kind in LOYALTY.items():
        by_kind.setdefault(card_kind, []).append(card)
    # Rulebook Setup 1: the first pile starts from the Spies and Leaders the player count keeps; the rest go to the box.
    first: list[str] = []
    for card_kind in first_pile_specials(players):
        first.append(by_kind[card_kind].pop(0))
    box = [card for card_kind, cards in by_kind.items() if card_kind not in SECOND_PILE for card in cards]
    second = [card for card_kind in SECOND_PILE for card in by_kind[card_kind]]
    rng.shuffle(source, second)
    while len(first) < players:
        first.append(second.pop())
    rng.shuffle(source, first)
    hands = [[first[seat]] for seat in range(players)]
    for seat in range(players):
        hands[seat] += [second.pop(), second.pop()]
    box += second
    spycraft_deck = list(SPYCRAFT)
    war_deck = list(WAR)
    rng.shuffle(source, spycraft_deck)
    rng.shuffle(source, war_deck)
    commander = rng.randbelow(source, players)
    state: PatriotsState = {
        "players": players,
        "rng": source["rng"],
        "log": [],
        "options": {"window_mode": options.window_mode, "response_window_s": options.response_window_s,
                    "assassination_window_s": options.assassination_window_s},
        "hands": [[{"id": card, "up": False} for card in hand] for hand in hands],
        "dealt": [list(hand) for hand in hands],
        "box": box,
        "touched": [],
        "alive": [True] * players,
        "team": [None] * players,
        "team_before": [None] * players,
        "choice": [None] * players,
        "leader_held": [None] * players,
        "received_leader": [False] * players,
        "eyes": [[] for _ in range(players)],
        "spycraft": {"deck": spycraft_deck, "discard": []},
        "war": {"deck": war_deck, "discard": []},
        "track": {team: [] for team in TEAMS},
        "marker": 0,
        "reverse": [],
        "commander": commander,
        "round": 1,
        "phase": "setup",
        "walk": spycraft.new_walk(commander),
        "stack": [{"kind": "round", "step": "setup"}],
        "windows": [],
        "serial": 0,
        "steps": 0,
        "councils": [],
        "outcome": None,
    }
    for seat in range(players):
        held = leaders_held(state, seat)
        if held:
            state["leader_held"][seat] = held[0]
    say(state, f"Each player is dealt {HAND} Loyalty cards in secret. {{s{commander}}} is the first Commander.")
    for seat in range(players):
        say(state, "Your Loyalty cards: " + ", ".join(article(k) for k in kinds(state, seat)) + ".", to=[seat])
    advance(state)
    return state


# ----------------------------------------------------------------------------- the engine loop


def advance(state: PatriotsState) -> None:
    while state["phase"] != "over" and not state["windows"]:
        frame = state["stack"][-1]
        if not HANDLERS[frame["kind"]].run(state, frame):
            return


def prompts(state: PatriotsState) -> Prompts:
    if state["phase"] == "over" or state["windows"]:
        return {}
    frame = state["stack"][-1]
    return HANDLERS[frame["kind"]].prompts(state, frame)


def legal(state: PatriotsState, seat: Seat) -> list[Action]:
    if state["phase"] == "over" or not 0 <= seat < state["players"]:
        return []
    if state["windows"]:
        actions = windows.window_actions(state, seat)
    else:
        actions = list(prompts(state).get(seat, []))
    return actions + windows.assassinations(state, seat)


def must_act(state: PatriotsState) -> list[Seat]:
    if state["phase"] == "over":
        return []
    if state["windows"]:
        if windows.fixed(state):
            return []  # nobody owes anything: the window closes at its deadline (a target's Turncoat is optional)
        return windows.still_waiting(state, state["windows"][-1])
    return sorted(prompts(state))


def apply(state: PatriotsState, seat: Seat, action: Action) -> None:
    kind = action["type"]
    if kind == "assassinate":
        windows.declare(state, seat, action["target"], action["turncoat"])
    elif kind == "turncoat":
        windows.counter(state, seat)
        windows.settle(state)
    elif kind == "continue":
        windows.continue_(state, seat)
    else:
        frame = state["stack"][-1]
        act = HANDLERS[frame["kind"]].act
        assert act is not None
        act(state, frame, seat, action)
    advance(state)
    check_invariants(state)


def default_action(state: PatriotsState, seat: Seat) -> Action:
    """Edition, Defaults: never dependent on the player's team."""
    if state["windows"]:
        return windows.window_default(state, seat)
    frame = state["stack"][-1]
    default = HANDLERS[frame["kind"]].default
    assert default is not None
    return default(state, frame, seat)


def window(state: PatriotsState) -> Window | None:
    """The deadline of the top response window: its key changes whenever a window opens or one beneath reopens.

    A fixed-mode window closes itself: nobody can shorten it and the platform calls ``expire`` at its deadline.
    Our ruling: a fixed window of 0 seconds closes at once (its deadline is the moment it opens), since without
    continue nothing else could ever close it; a quick window of 0 seconds has no timer and waits for everyone to
    continue (the table's turn timer covers the absent)."""
    if state["phase"] == "over" or not state["windows"]:
        return None
    top = state["windows"][-1]
    options = state["options"]
    seconds = options["assassination_window_s"] if top["kind"] == "assassination" else options["response_window_s"]
    key = window_key(top)
    if windows.fixed(state):
        return Window(key=key, seconds=max(seconds, 0), closes_itself=True)
    if seconds <= 0:
        return None
    return Window(key=key, seconds=seconds)


def window_key(top: OpenWindow) -> str:
    return f"pr-window-{top['serial']}"


def expire(state: PatriotsState) -> None:
    """Protocol hook: a fixed window's deadline has passed; it closes as if every living player had continued."""
    assert state["windows"] and windows.fixed(state), "only a fixed window closes by itself"
    windows.expire(state)
    advance(state)
    check_invariants(state)


def secret_step(state: PatriotsState) -> str | None:
    """The current step when who has acted in it is secret (edition, Secrets: a response window in either mode, the
    loyalty confirmation, the Winter flip and selection), else None. The key names the step instance: it changes
    when a window opens or reopens and when a new confirmation or Winter sub-step begins, and never with who has
    acted. A vote is not secret in this sense: who has voted shows (only how stays hidden until all are in)."""
    if state["phase"] == "over":
        return None
    if state["windows"]:
        return window_key(state["windows"][-1])
    frame = state["stack"][-1]
    if frame["kind"] == "confirm" and frame["choices"] is not None:
        return f"pr-confirm-{frame.get('step_id')}"
    if frame["kind"] == "winter":
        started = {"flip": frame["flips"], "select": frame["picks"]}.get(frame["step"])
        if started is not None:
            return f"pr-winter-{frame['step']}-{frame.get('step_id')}"
    return None


# ----------------------------------------------------------------------------- invariants


def check_invariants(state: PatriotsState) -> None:
    """Edition, Invariants: they cannot fail if the rules are right."""
    found = zones(state)
    assert sorted(found["loyalty"]) == sorted(LOYALTY), "Loyalty cards are conserved"
    assert sorted(found["spycraft"]) == sorted(SPYCRAFT), "Spycraft cards are conserved"
    assert sorted(found["war"]) == sorted(WAR), "War cards are conserved"
    if state["phase"] == "over":
        return
    placing = any(f["kind"] == "council" and f["step"] == "window" for f in state["stack"])
    for team in TEAMS:
        assert len(state["track"][team]) < VICTORIES_TO_WIN or placing, "a fourth War Victory ends the game"
    for seat in range(state["players"]):
        spy_of(state, seat)  # asserts at most one Spy card
        if state["alive"][seat]:
            assert face_down_slots(state, seat), "every living player has a face-down card"
            if not state["windows"] and not any(f["kind"] == "reveal" and f["seat"] == seat for f in state["stack"]):
                assert eye_total(state, seat) < 3, "eyes at rest are at most 2"
    holders = {k: seat for seat in range(state["players"]) for k in leaders_held(state, seat)}
    for leader in (PATRIOT_LEADER, REDCOAT_LEADER):
        assert leader in holders and state["alive"][holders[leader]], "both Leaders are held by living players"
    assert all(k in LEADERS for k in holders)
    assert living(state)
