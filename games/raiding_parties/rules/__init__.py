"""Raiding Parties rules: the protocol's legal / apply / accepts / must_act / window / expire / default_action /
result, over the secret party building (what it offers and checks: ``setup.py``) and the play phase.

Play is a stack of frames (``state.Frame``, played by ``games.turns``) on top of the current turn. ``advance`` runs
the top frame until it waits on a player; with an empty stack the player whose turn it is acts (``turn.py``). Each
frame kind has one handler here: how it runs, whom it asks what, how an answer applies and what a timeout answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from games import rng, turns
from games.protocol import Action, Seat, Window
from games.raiding_parties.data import START_HOLD
from games.raiding_parties.rules import abilities, attacks, charges, hits, turn
from games.raiding_parties.rules.zones import check_out, draw
from games.raiding_parties.setup import as_list, party_template, read_party, ready_made_entries, ready_made_for
from games.raiding_parties.state import Frame, HitFrame, RaidingAction, RaidingState
from games.turns import Handler

F = TypeVar("F")
Prompts = dict[Seat, list[RaidingAction]]


def asks(seat: Callable[[RaidingState, F], Seat],
         legal: Callable[[RaidingState, F, Seat], list[RaidingAction]]) -> Callable[[RaidingState, F], Prompts]:
    """The prompts of a frame that waits on one seat: ``seat`` says who, ``legal`` what that seat may answer."""
    def prompts(state: RaidingState, frame: F) -> Prompts:
        asked = seat(state, frame)
        return {asked: legal(state, frame, asked)}
    return prompts


def _own(state: RaidingState, frame: Any) -> Seat:
    seat: Seat = frame["seat"]
    return seat


def _decline(state: RaidingState, frame: Any, seat: Seat) -> RaidingAction:
    return {"type": "decline"}


def _stop(state: RaidingState, frame: Any, seat: Seat) -> RaidingAction:
    return {"type": "stop"}


# How each kind of frame is played (``games.turns``): the table pairs a frame with its handler by the frame's kind.
HANDLERS: dict[str, Handler[RaidingState, RaidingAction, Any, Any]] = {
    "attack": Handler(attacks.run_attack, asks(_own, attacks.aim_legal), attacks.aim_act, _stop),
    "charge": Handler(charges.run_charge, asks(charges.charge_seat, charges.stand_legal), charges.stand_act,
                      _decline),
    "hit": Handler(hits.run_hit, asks(_own, hits.reaction_legal), hits.reaction_act, hits.reaction_default),
    "retaliate": Handler(attacks.run_retaliate, asks(_own, attacks.retaliate_legal), attacks.retaliate_act,
                         attacks.retaliate_default),
    "cannoneer": Handler(attacks.run_cannoneer, asks(_own, attacks.cannoneer_legal), attacks.cannoneer_act,
                         _decline),
    "grenades": Handler(attacks.run_grenades, asks(_own, attacks.grenades_legal), attacks.grenades_act, _decline),
    "search": Handler(abilities.run_search, asks(_own, abilities.search_legal), abilities.search_act,
                      abilities.search_default),
}


# ----------------------------------------------------------------------------- party building


def accepts(state: RaidingState, seat: Seat, action: Action) -> bool:
    """Ruling 13: a custom party, checked against the template; a bad one is refused with every reason."""
    if state["phase"] != "build" or state["parties"][seat] is not None:
        return False
    read_party(action, state["options"])
    return True


def submit(state: RaidingState, seat: Seat, action: RaidingAction) -> None:
    """K8: nothing public tells who is ready or what they chose, only how many are."""
    cards = read_party(action, state["options"])
    state["parties"][seat] = cards
    ready = sum(1 for party in state["parties"] if party is not None)
    state["log"].append({"text": "A party is ready (%d of %d)." % (ready, state["players"])})
    state["log"].append({"text": "Your party: " + ", ".join(f"{n} {name}" for name, n in cards.items()) + ".",
                         "to": [seat]})
    if ready == state["players"]:
        start_play(state)


def start_play(state: RaidingState) -> None:
    """T1 and ruling 16: lockers shuffled, the first player drawn once every party is in, three cards each, then
    the first turn (which begins with its own draw)."""
    for seat, party in enumerate(state["parties"]):
        assert party is not None
        locker = as_list(party)
        rng.shuffle(state, locker)
        state["lockers"][seat] = locker
    first = rng.randbelow(state, state["players"])
    state["first"] = first
    state["phase"] = "play"
    state["log"].append({"text": "Every party is shuffled into its locker. {s%d} goes first." % first})
    for seat in range(state["players"]):
        for _ in range(START_HOLD):
            draw(state, seat, "{s%d} draws a card from the locker." % seat)
    turn.begin(state, first)
    advance(state)


# ----------------------------------------------------------------------------- the engine loop


def advance(state: RaidingState) -> None:
    turns.run(state, HANDLERS, ready)


def ready(state: RaidingState) -> bool:
    """Before each step of the loop: whether a frame is there to run, once players out have been seen to."""
    while state["phase"] == "play":
        check_out(state)
        current = state["turn"]
        if state["phase"] != "play" or current is None:
            return False
        # K5(a), ruling 19: a player who goes out loses their own prompts and frames (their attacks stay only to
        # be dropped by run_attack, their attacker being dead); another living player's attack or effect under way
        # resolves in full, and only then does the turn of a current player who went out end.
        state["stack"] = [f for f in state["stack"] if f["kind"] == "attack" or not state["out"][f["seat"]]]
        if state["stack"]:
            return True
        if not state["out"][current["seat"]]:
            return False
        turn.finish_turn(state)
    return False


def top(state: RaidingState) -> Frame | None:
    return turns.top(state) if state["phase"] == "play" else None


def legal(state: RaidingState, seat: Seat) -> list[RaidingAction]:
    if not 0 <= seat < state["players"]:
        return []
    if state["phase"] == "build":
        if state["parties"][seat] is not None:
            return []
        return [party_template(state), *ready_made_entries(state["options"])]
    if state["phase"] != "play":
        return []
    frame = top(state)
    if frame is None:
        return turn.top_legal(state, seat)
    return turns.prompts(state, HANDLERS).get(seat, [])


def apply(state: RaidingState, seat: Seat, action: RaidingAction) -> None:
    if state["phase"] == "build":
        submit(state, seat, action)
        return
    frame = top(state)
    if frame is None:
        turn.top_act(state, seat, action)
    else:
        turns.act(state, HANDLERS, seat, action)
    advance(state)
    check_invariants(state)


def reaction(state: RaidingState) -> HitFrame | None:
    """The open reaction window (H0): a hit frame waiting on a Navigator or a Jolly Roger."""
    frame = top(state)
    if frame is not None and frame["kind"] == "hit" and frame["window"] is not None:
        return frame
    return None


def must_act(state: RaidingState) -> list[Seat]:
    if state["phase"] == "build":
        return [seat for seat, party in enumerate(state["parties"]) if party is None]
    if state["phase"] != "play":
        return []
    react = reaction(state)
    if react is not None:
        assert react["window"] is not None
        return turns.owed(hits.mode(state), react["window"])  # H0: a fixed window owes nothing (it closes itself)
    frame = top(state)
    if frame is None:
        current = state["turn"]
        assert current is not None
        return [current["seat"]]
    return sorted(turns.prompts(state, HANDLERS))


def window(state: RaidingState) -> Window | None:
    """H0, ruling 1: every reaction window has the same length and a fresh key, whatever the seat holds."""
    frame = reaction(state)
    if frame is None:
        return None
    assert frame["window"] is not None
    return turns.deadline(hits.window_key(frame["window"]), state["options"]["reaction_seconds"], hits.mode(state))


def auto_answers(state: RaidingState) -> dict[Seat, RaidingAction | None]:
    """H0, ruling 1: a quick reaction window asks the seat hit, and a pass is in its legal list whatever it holds;
    a fixed one asks nobody (nothing can be passed: it closes at its deadline)."""
    frame = reaction(state)
    if frame is None or hits.mode(state) != "quick":
        return {}
    return {frame["seat"]: {"type": "pass"}}


def expire(state: RaidingState) -> None:
    frame = reaction(state)
    assert frame is not None and frame["window"] is not None, "no reaction window is open"
    assert hits.mode(state) == "fixed", "only a fixed reaction window closes by itself"
    turns.expire(frame["window"])
    hits.close_window(state, frame)
    advance(state)
    check_invariants(state)


def secret_step(state: RaidingState) -> str | None:
    """K7, K8: party building is simultaneous and secret; who has submitted is not shown (only how many)."""
    return "rp-build" if state["phase"] == "build" else None


def default_action(state: RaidingState, seat: Seat) -> RaidingAction:
    if state["phase"] == "build":
        return {"type": "party", "cards": ready_made_for(state["options"]["gold"])}
    if top(state) is None:
        return turn.top_default(state, seat)
    return turns.default(state, HANDLERS, seat)


# ----------------------------------------------------------------------------- the result


def result(state: RaidingState) -> dict[str, Any] | None:
    outcome = state["outcome"]
    if outcome is None:
        return None
    winners = outcome["winners"]
    ranking = [{"seat": seat, "rank": 1} for seat in winners]
    rank = 2
    for seat in reversed(state["out_order"]):  # K5(d): latest out first
        if seat not in winners:
            ranking.append({"seat": seat, "rank": rank})
            rank += 1
    return {
        "winners": list(winners),
        "ranking": ranking,
        "reason": outcome["reason"],
        "reveal": {
            "parties": [dict(p) if p is not None else {} for p in state["parties"]],
            "holds": [list(h) for h in state["holds"]],
            "lockers": [list(locker) for locker in state["lockers"]],
        },
    }


# ----------------------------------------------------------------------------- invariants


def check_invariants(state: RaidingState) -> None:
    """Every party card is somewhere, exactly once: locker, hold, play or Davy Jones."""
    if state["phase"] == "build":
        return
    for seat, party in enumerate(state["parties"]):
        assert party is not None
        found = Counter(state["lockers"][seat]) + Counter(state["holds"][seat]) + Counter(state["davy_jones"][seat])
        found.update(c["name"] for c in state["play"][seat] if not c["spawned"])
        assert found == Counter(party), f"seat {seat}'s cards are not conserved"
        for name, n in state["known"][seat].items():
            assert 0 < n <= state["holds"][seat].count(name), "known hold cards are in the hold"
    if state["phase"] == "play":
        current = state["turn"]
        # Ruling 19: a current player who went out keeps the turn only while others' frames resolve.
        assert current is not None and (not state["out"][current["seat"]] or bool(state["stack"]))
