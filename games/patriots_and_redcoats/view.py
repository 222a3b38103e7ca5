"""What each viewer of a Patriots & Redcoats table may see (edition, "Secrets: who sees what"), built by allow-list,
plus the two leak-test hooks: ``secrets`` (canary strings) and ``resample`` (redraw what a viewer cannot see).

Public: face-up Loyalty cards, how many face-down cards each player has (a bare count: no slot, order or id), eyes,
Reverse cards set aside, the War track and marker, deck and discard sizes, the Spycraft cards being resolved, who has
voted (and every vote, once all are in), the Commander and Agent. Private: your own three cards and team; the council
War cards (Commander and Agent); the War card Winter's drawer keeps hidden (the drawer). Nobody: who has acted in a
response window, a loyalty confirmation, a Winter flip or selection. At the end, everything.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import orjson

from games.facts import Zone
from games.patriots_and_redcoats.data import (
    LOYALTY,
    LOYALTY_NAMES,
    SECOND_PILE,
)
from games.patriots_and_redcoats.rules import legal, teams
from games.patriots_and_redcoats.rules.core import (
    face_up_slots,
    given_to,
    living,
    loyalty_label,
    spycraft_card,
    spycraft_label,
    war_name,
)
from games.patriots_and_redcoats.rules.council import votes_of
from games.patriots_and_redcoats.rules.end import reveal_all
from games.patriots_and_redcoats.rules.winter import passable, started
from games.patriots_and_redcoats.sampler import redraw_loyalty
from games.patriots_and_redcoats.state import (
    SPYCRAFT_FRAMES,
    AssassinationWindowView,
    CouncilFrame,
    CouncilStep,
    Frame,
    PatriotsState,
    PatriotsView,
    Resolving,
    ResponseWindowView,
    SeatSummary,
    SeatView,
    SpectatorView,
    Step,
    WinterStep,
)
from games.protocol import Seat, Viewer
from games.shared_views import SharedViews

REMINDER = "Commander and Agent may not communicate in any way while they choose their War cards."


def view(state: PatriotsState, viewer: Viewer) -> PatriotsView:
    n = state["players"]
    over = state["phase"] == "over"
    me = viewer if viewer is not None and 0 <= viewer < n else None
    shared = _shared.of(state)
    # The step is the one public key a viewer changes (a seat is told when it is its own turn to act).
    step = None if over else _step(state, me)
    out: PatriotsView
    if me is None:
        public: SpectatorView = {**shared, "step": step}
        out = public
    else:
        # A seat's view is the same dict with ``you`` and ``step`` filled in (each keeps its place) and the seat's own
        # keys after: one copy of the shared part per viewer.
        mine: SeatView = {
            **shared,
            "step": step,
            "you": me,
            "your_cards": [{"slot": i, "kind": LOYALTY[e["id"]], "face_up": e["up"]}
                           for i, e in enumerate(state["hands"][me])],
            "your_team": state["team"][me],
            "your_last_leader": state["leader_held"][me],
            "your_turncoat_choice": state["choice"][me],
            "you_alive": state["alive"][me],
        }
        out = mine
    if over:
        outcome = state["outcome"]
        assert outcome is not None, "finish() sets the outcome with the phase"
        out["outcome"] = outcome.copy()
        out["reveal"] = reveal_all(state)
    return out


def _shared_view(state: PatriotsState) -> SpectatorView:
    n = state["players"]
    over = state["phase"] == "over"
    shared: SpectatorView = {
        "you": None,
        "players": n,
        "phase": state["phase"],
        "round": state["round"],
        "commander": state["commander"],
        "agent": next((f["agent"] for f in reversed(state["stack"]) if f["kind"] == "council"), None),
        "direction": "clockwise" if state["walk"]["dir"] == 1 else "counter-clockwise",
        "anchor": state["walk"]["anchor"],
        "pending_skips": state["walk"]["skips"],
        "seats": [_seat(state, seat, over) for seat in range(n)],
        "war": {"patriots": len(state["track"]["patriots"]), "redcoats": len(state["track"]["redcoats"]),
                "marker": state["marker"], "deck": len(state["war"]["deck"]), "discard": len(state["war"]["discard"])},
        "spycraft": {"deck": len(state["spycraft"]["deck"]), "discard": len(state["spycraft"]["discard"])},
        "resolving": _resolving(state),
        "step": None,
        "window": None if over else _window(state),
        "assassinations": [
            {"assassin": w["assassin"], "target": w["target"], "turncoat": w["protected"],
             "countered": w["countered"], "cancelled": w["cancelled"]}
            for w in state["windows"] if w["kind"] == "assassination"
        ],
        "councils": [{**c, "votes": None if c["votes"] is None else list(c["votes"])} for c in state["councils"]],
        "options": state["options"].copy(),
        "over": over,
    }
    return shared


def _seat(state: PatriotsState, seat: int, over: bool) -> SeatSummary:
    hand = state["hands"][seat]
    eyes = [card["eyes"] for card in state["eyes"][seat]]
    face_up = sorted(LOYALTY[e["id"]] for e in hand if e["up"])
    out: SeatSummary = {
        "seat": seat,
        "alive": state["alive"][seat],
        "face_up": face_up,
        "face_down": len(hand) - len(face_up),
        "eyes": eyes,
        "eye_total": sum(eyes),
        "reverse": sum(1 for r in state["reverse"] if r["seat"] == seat),
        "commander": state["commander"] == seat,
    }
    if over:
        out["cards"] = [{"kind": LOYALTY[e["id"]], "face_up": e["up"]} for e in hand]
        out["team"] = state["team"][seat]
    return out


def _resolving(state: PatriotsState) -> list[Resolving]:
    """The Spycraft cards being resolved, outermost first: all of them were shown when drawn."""
    out = []
    for frame in state["stack"]:
        if frame["kind"] in SPYCRAFT_FRAMES:
            entry: Resolving = {"card": spycraft_card(frame["card"]), "seat": frame["drawer"], "step": frame["step"]}
            if frame["kind"] == "draw2" and frame["queue"]:
                entry["waiting"] = [spycraft_card(c) for c in frame["queue"]]
            if frame["step"] == "window":
                to = given_to(frame)
                entry["to"] = list(to) if isinstance(to, list) else to
            out.append(entry)
    return out


def _window(state: PatriotsState) -> ResponseWindowView | AssassinationWindowView | None:
    if not state["windows"]:
        return None
    top = state["windows"][-1]
    options = state["options"]
    seconds = options["assassination_window_s"] if top["kind"] == "assassination" else options["response_window_s"]
    key, mode, depth = f"pr-window-{top['serial']}", options["window_mode"], len(state["windows"])
    if top["kind"] == "assassination":
        return {"kind": top["kind"], "key": key, "seconds": seconds, "mode": mode, "depth": depth,
                "assassin": top["assassin"], "target": top["target"]}
    return {"kind": top["kind"], "key": key, "seconds": seconds, "mode": mode, "depth": depth, "seat": top["seat"]}


def _step(state: PatriotsState, me: int | None) -> Step:
    """What play waits on, as far as it is public; the viewer's own part is in their legal list."""
    frame = state["stack"][-1]
    if frame["kind"] == "confirm":
        return {"kind": "confirm"}
    if frame["kind"] == "spy" or frame["kind"] == "conceal":
        return {"kind": frame["kind"], "seat": frame["drawer"], "card": spycraft_card(frame["card"])}
    if frame["kind"] == "reveal":
        return {"kind": "reveal", "seat": frame["seat"], "reason": frame["why"]}
    if frame["kind"] == "flip":
        return {"kind": "hessians_flip", "seat": frame["seat"]}
    if frame["kind"] == "skip":
        return {"kind": "ferguson", "seat": frame["drawer"]}
    if frame["kind"] == "draw2":
        return {"kind": "order" if frame["step"] == "order" else "hessians", "seat": frame["drawer"]}
    if frame["kind"] == "winter":
        out: WinterStep = {"kind": "winter", "step": frame["step"], "seat": frame["drawer"]}
        if frame["step"] == "war" and me == frame["drawer"]:
            out["your_war_cards"] = [war_name(c) for c in frame["war"]]
        return out
    if frame["kind"] == "council":
        return _council(state, frame, me)
    return {"kind": frame["kind"]}  # a frame that never waits (round, turn, reverse): not seen in practice


def _council(state: PatriotsState, frame: CouncilFrame, me: int | None) -> CouncilStep:
    out: CouncilStep = {"kind": "council", "hessians": frame["hessians"], "step": frame["step"],
                        "commander": frame["commander"], "agent": frame["agent"]}
    if frame["step"] == "vote":
        out["voted"] = [seat for seat in range(state["players"]) if votes_of(frame)[seat] is not None]
    if frame["step"] in ("discard", "place"):
        out["reminder"] = REMINDER
        sees = me == frame["commander"] or (frame["step"] == "place" and me == frame["agent"])
        if sees:
            out["your_war_cards"] = [war_name(c) for c in frame["hand"]]
    return out


# ----------------------------------------------------------------------------- leak-test hooks


def secrets(state: PatriotsState, viewer: Viewer) -> set[str]:
    """Canary strings: the ids of every Loyalty card the viewer cannot see (other players' face-down cards and the
    box) and of the War cards drawn in secret that they have not seen. No id ever leaves the state, so any of these
    in a message means a raw state dump; what a view says about cards by kind is checked by ``resample``."""
    hidden = set(state["box"])
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer:
            hidden.update(entry["id"] for entry in hand if not entry["up"])
    for frame in state["stack"]:
        if frame["kind"] == "council" and frame["hand"]:
            if viewer != frame["commander"] and not (frame["step"] == "place" and viewer == frame["agent"]):
                hidden.update(frame["hand"])
        elif frame["kind"] == "winter" and viewer != frame["drawer"]:
            hidden.update(frame["war"])
    return hidden


def resample(state: PatriotsState, viewer: Viewer, rand: random.Random) -> PatriotsState:
    """A state the viewer cannot tell from this one: everything they cannot see is redrawn consistently with what
    they know (``sampler``: other players' face-down Loyalty cards and the undealt ones, weighted by the public
    history), and so are both deck orders, the council and Winter War cards they have not seen, others' undisclosed
    votes, flips, selections and confirmations, and who has sent them in a secret step. Canonical: every pool is put
    in a fixed order before it is shuffled, so the result depends only on what the viewer sees and on ``rand``."""
    # A copy through JSON (the state is plain JSON): many times faster than deepcopy, and bots redraw on every move.
    new: PatriotsState = orjson.loads(orjson.dumps({key: value for key, value in state.items() if key != "log"}))
    new["log"] = [entry.copy() for entry in state["log"]]
    if new["phase"] == "over":
        return new
    before = legal(state, viewer) if viewer is not None else None
    new["spycraft"]["deck"].sort()
    rand.shuffle(new["spycraft"]["deck"])
    _resample_war(new, viewer, rand)
    redraw_loyalty(new, viewer, rand)
    _resample_choices(new, viewer, rand)
    assert viewer is None or legal(new, viewer) == before
    return new


def _resample_war(state: PatriotsState, viewer: Viewer, rand: random.Random) -> None:
    # The War discard lies face down: which cards the deck lost to it is as hidden as the deck's order.
    slots: list[tuple[list[str], int]] = [(pile, i) for pile in (state["war"]["deck"], state["war"]["discard"])
                                          for i in range(len(pile))]
    for frame in state["stack"]:
        if frame["kind"] == "council" and frame["hand"]:
            seen = viewer == frame["commander"] or (frame["step"] == "place" and viewer == frame["agent"])
            if not seen:
                slots += [(frame["hand"], i) for i in range(len(frame["hand"]))]
        if frame["kind"] == "winter" and frame["war"] and viewer != frame["drawer"]:
            slots += [(frame["war"], i) for i in range(len(frame["war"]))]
    cards = sorted(pile[i] for pile, i in slots)
    rand.shuffle(cards)
    for (pile, i), card in zip(slots, cards, strict=True):
        pile[i] = card


def _resample_choices(state: PatriotsState, viewer: Viewer, rand: random.Random) -> None:
    """Others' undisclosed choices in the step under way, and, in a secret step, who has made them: the viewer sees
    only how many actions were sent (a message comes at every seq), so as many other living seats, drawn at random,
    have acted in the redraw. Who has voted shows, so only how is redrawn."""
    frame = state["stack"][-1]
    others = [seat for seat in living(state) if seat != viewer]
    for window in state["windows"]:  # quick mode: who has continued (a fixed window waits for everyone)
        waiting = set(window["waiting"])
        answered = rand.sample(others, sum(seat not in waiting for seat in others))
        window["waiting"] = sorted((waiting - set(others)) | (set(others) - set(answered)))
    if frame["kind"] == "confirm" and frame["choices"] is not None:
        choices = frame["choices"]
        for seat in _redrawn(others, choices, rand):
            choices[seat] = rand.choice(teams.confirm_options(state, seat))
    elif frame["kind"] == "council" and frame["step"] == "vote":
        votes = votes_of(frame)
        for seat in others:
            if votes[seat] is not None:
                votes[seat] = rand.random() < 0.5
    elif frame["kind"] == "winter" and frame["step"] == "flip" and frame["flips"] is not None:
        flips = frame["flips"]
        for seat in _redrawn(others, flips, rand):
            flips[seat] = rand.choice(face_up_slots(state, seat) or [-1])
    elif frame["kind"] == "winter" and frame["step"] == "select":
        picks = started(frame["picks"])
        for seat in _redrawn(others, picks, rand):
            picks[seat] = rand.choice(passable(state, seat))


def _redrawn(others: list[Seat], done: list[Any], rand: random.Random) -> list[Seat]:
    """Clear the choices of ``others`` in ``done`` (by seat; None: not yet) and return as many of them as had chosen,
    drawn at random, to be given new choices."""
    acted = sorted(rand.sample(others, sum(done[seat] is not None for seat in others)))
    for seat in others:
        done[seat] = None
    return acted


# ----------------------------------------------------------------------------- replays

NOT_YET = "not yet"


def hidden_zones(state: PatriotsState, seat: int) -> dict[str, Zone]:
    """What ``seat`` cannot see (``Facts.hidden_zones``): every other player's face-down Loyalty cards and the ones
    never dealt that could have been (by kind), the War deck's order and discard, the Spycraft deck's order."""
    if state["phase"] == "over":
        return {}
    zones = {f"hand {other}": Zone(tuple(("loyalty", LOYALTY[e["id"]]) for e in state["hands"][other] if not e["up"]))
             for other in range(state["players"]) if other != seat}
    zones["box"] = Zone(tuple(("loyalty", LOYALTY[card]) for card in state["box"] if LOYALTY[card] in SECOND_PILE))
    zones["War deck"] = Zone(tuple(("war", war_name(card)) for card in state["war"]["deck"]), ordered=True)
    zones["War discard"] = Zone(tuple(("war", war_name(card)) for card in state["war"]["discard"]))
    zones["Spycraft deck"] = Zone(tuple(("spycraft", spycraft_label(card)) for card in state["spycraft"]["deck"]),
                                  ordered=True)
    return zones


def reveal(state: PatriotsState) -> dict[str, Any]:
    """Everything a spectator cannot see at a moment, labelled for the replay's "everything revealed" view: every
    player's Loyalty cards (face-down ones included), team, Turncoat choice and last Leader held; the Loyalty cards
    never dealt; both decks in order (top first) and the War discard; the War cards a Council or Winter's drawer holds
    in secret; and the secret choices of a step under way (confirmations, votes, Winter flips and picks, who has
    answered an open response window)."""
    top = state["stack"][-1] if state["stack"] else None
    out: dict[str, Any] = {
        "players": [_player(state, seat, top) for seat in range(state["players"])],
        "Loyalty cards never dealt": _tally(loyalty_label(c) for c in state["box"]),
    }
    for frame in state["stack"]:
        if frame["kind"] == "council" and frame["hand"]:
            holder = frame["commander"] if frame["step"] == "discard" else frame["agent"]
            out["War cards in the Council"] = [{"seat": holder, "cards": [war_name(c) for c in frame["hand"]]}]
        elif frame["kind"] == "winter" and frame["war"]:
            drawn = [war_name(c) for c in frame["war"]]
            out["War cards drawn for Winter"] = [{"seat": frame["drawer"], "cards": drawn}]
    out["War deck, top first"] = [war_name(c) for c in reversed(state["war"]["deck"])]
    out["War discard"] = _tally(war_name(c) for c in state["war"]["discard"])
    out["Spycraft deck, top first"] = [spycraft_label(c) for c in reversed(state["spycraft"]["deck"])]
    return out


def _tally(names: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(names).items()))


def _player(state: PatriotsState, seat: int, top: Frame | None) -> dict[str, Any]:
    hand = state["hands"][seat]
    row: dict[str, Any] = {
        "seat": seat,
        "face down": [loyalty_label(e["id"]) for e in hand if not e["up"]],
        "face up": [loyalty_label(e["id"]) for e in hand if e["up"]],
        "team": state["team"][seat] or "not yet confirmed",
    }
    if state["choice"][seat] is not None:
        row["Turncoat choice"] = state["choice"][seat]
    leader = state["leader_held"][seat]
    if leader is not None:
        row["last Leader held"] = LOYALTY_NAMES[leader]
    if not state["alive"][seat]:
        return row
    if state["windows"] and state["options"]["window_mode"] == "quick":
        # Who has let the open response window go by is nobody's to know (fixed mode: nobody can, it runs out).
        row["continued in the open window"] = "no" if seat in state["windows"][-1]["waiting"] else "yes"
    if top is None:
        return row
    if top["kind"] == "confirm" and top["choices"] is not None:
        row["confirming"] = top["choices"][seat] or NOT_YET
    elif top["kind"] == "council" and top["step"] == "vote" and top["votes"] is not None:
        vote = top["votes"][seat]
        row["vote"] = NOT_YET if vote is None else ("yes" if vote else "no")
    elif top["kind"] == "winter" and top["step"] == "flip" and top["flips"] is not None:
        row["Winter flip"] = _slot(state, seat, top["flips"][seat], "nothing to flip")
    elif top["kind"] == "winter" and top["step"] == "select" and top["picks"] is not None:
        row["Winter pass (face down)"] = _slot(state, seat, top["picks"][seat], NOT_YET)
    return row


def _slot(state: PatriotsState, seat: int, slot: int | None, none: str) -> str:
    """A Winter flip or pick (a slot in the hand; -1: nothing to flip), by the card's name."""
    if slot is None:
        return NOT_YET
    if slot < 0:
        return none
    return loyalty_label(state["hands"][seat][slot]["id"])


_shared: SharedViews[SpectatorView] = SharedViews(_shared_view)
