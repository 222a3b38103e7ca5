"""The Council Phase and the Hessians council (rulebook: Phase 2; edition: The Council Phase).

Nomination, a simultaneous secret vote (who has voted shows, how does not until every living player has voted),
the War marker and its random War card, and the two-step secret council: the Commander sees 3 War cards and discards
one, the Agent sees the other 2 and places one, then window (b). A Hessians council skips nomination-by-vote: its
drawer is Commander and names the Agent, and it is elected without a vote. A council whose Commander or Agent is
eliminated before the card is placed is broken.
"""

from __future__ import annotations

from typing import Literal

from games.patriots_and_redcoats.data import COUNCIL_DRAW, MARKER_MAX
from games.patriots_and_redcoats.rules.core import (
    discard,
    draw,
    living,
    next_living,
    s,
    say,
    war_name,
    war_side,
)
from games.patriots_and_redcoats.rules.end import check_victories
from games.patriots_and_redcoats.rules.windows import open_window
from games.patriots_and_redcoats.state import CouncilAction, CouncilFrame, PatriotsAction, PatriotsState, Team
from games.protocol import Seat
from games.turns import pop

Prompts = dict[Seat, list[PatriotsAction]]


def new_council(state: PatriotsState, commander: Seat, hessians: bool) -> CouncilFrame:
    return {"kind": "council", "hessians": hessians, "commander": commander, "agent": None, "step": "nominate",
            "votes": None, "hand": [], "placed": None}


def record(state: PatriotsState, frame: CouncilFrame,
           outcome: Literal["elected", "failed", "broken", "placed", "discarded"], placed: Team | None = None) -> None:
    """Public council history, kept up to date as the council goes: the views and the basic bot read it. Votes
    appear once every vote is in (a council broken during its vote shows none)."""
    if "record" not in frame:
        frame["record"] = len(state["councils"])
        state["councils"].append({"round": state["round"], "hessians": frame["hessians"],
                                  "commander": frame["commander"], "agent": frame["agent"], "votes": None,
                                  "outcome": outcome, "placed": placed})
    entry = state["councils"][frame["record"]]
    entry.update({"outcome": outcome, "placed": placed})
    if outcome in ("elected", "failed") and frame["votes"] is not None:
        entry["votes"] = list(frame["votes"])


def agent_of(frame: CouncilFrame) -> Seat:
    """The Agent, named from the nomination on (every step after ``nominate``)."""
    agent = frame["agent"]
    assert agent is not None, "the Agent is named before any later step"
    return agent


def votes_of(frame: CouncilFrame) -> list[bool | None]:
    """The votes by seat, open from the nomination of a voted council on (step ``vote``)."""
    votes = frame["votes"]
    assert votes is not None, "the votes open with the nomination"
    return votes


def broken(state: PatriotsState, frame: CouncilFrame) -> bool:
    members = [frame["commander"]] + ([frame["agent"]] if frame["agent"] is not None else [])
    return any(not state["alive"][seat] for seat in members)


def run_council(state: PatriotsState, frame: CouncilFrame) -> bool:
    step = frame["step"]
    if step == "window":
        card = frame["placed"]
        assert card is not None, "the window step follows the placing"
        side = war_side(card)
        pop(state)
        if not state["alive"][agent_of(frame)]:
            state["track"][side].remove(card)
            discard(state, "war", card)
            record(state, frame, "discarded")
            say(state, f"The Agent was eliminated: the {war_name(card)} is discarded from the War track.",
                event={"kind": "agent_gone", "side": side})
            return True
        record(state, frame, "placed", side)
        check_victories(state)
        return True
    if broken(state, frame):
        for card in frame["hand"]:
            discard(state, "war", card)
        frame["hand"] = []
        pop(state)
        record(state, frame, "broken")
        say(state, "The War Council is broken: no War card is placed and the War marker does not move.")
        return True
    if step == "vote" and all(votes_of(frame)[seat] is not None for seat in living(state)):
        count_votes(state, frame)
        return True
    return False


def count_votes(state: PatriotsState, frame: CouncilFrame) -> None:
    """Edition: votes count among the players living when the vote closes; strictly more yes than no elects."""
    votes = {seat: votes_of(frame)[seat] for seat in living(state)}
    yes = sum(1 for v in votes.values() if v)
    no = len(votes) - yes
    shown = ", ".join(f"{s(seat)} {'yes' if v else 'no'}" for seat, v in votes.items())
    say(state, f"The votes: {shown}.", event={"kind": "votes", "yes": [seat for seat, v in votes.items() if v],
                                                 "no": [seat for seat, v in votes.items() if not v]})
    frame["votes"] = [votes[seat] if seat in votes else None for seat in range(state["players"])]
    if yes > no:
        record(state, frame, "elected")
        say(state, f"The War Council is elected ({yes} to {no}).")
        elect(state, frame)
        return
    state["marker"] += 1
    record(state, frame, "failed")
    say(state, f"The election fails ({yes} to {no}). The War marker moves to {state['marker']}.")
    pop(state)
    if state["marker"] >= MARKER_MAX:
        card = draw(state, "war")
        state["track"][war_side(card)].append(card)
        state["marker"] = 0
        say(state, f"Foreign powers meddle: a {war_name(card)} is drawn onto the War track. The marker returns to 0.")
        check_victories(state)


def elect(state: PatriotsState, frame: CouncilFrame) -> None:
    frame["step"] = "discard"
    frame["hand"] = [draw(state, "war") for _ in range(COUNCIL_DRAW)]
    commander = frame["commander"]
    say(state, f"The Commander, {s(commander)}, looks at {COUNCIL_DRAW} War cards in secret and discards one. "
               "Commander and Agent may not communicate while they choose.")
    say(state, "You draw: " + ", ".join(war_name(c) for c in frame["hand"]) + ".", to=[commander])


def council_prompts(state: PatriotsState, frame: CouncilFrame) -> Prompts:
    step = frame["step"]
    commander = frame["commander"]
    if step == "nominate":
        return {commander: [{"type": "nominate", "agent": seat} for seat in living(state) if seat != commander]}
    if step == "vote":
        return {seat: [{"type": "vote", "yes": True}, {"type": "vote", "yes": False}]
                for seat in living(state) if votes_of(frame)[seat] is None}
    if step == "discard":
        return {commander: [{"type": "discard", "card": i} for i in range(len(frame["hand"]))]}
    if step == "place":
        return {agent_of(frame): [{"type": "place", "card": i} for i in range(len(frame["hand"]))]}
    return {}


def council_act(state: PatriotsState, frame: CouncilFrame, seat: Seat, action: CouncilAction) -> None:
    if action["type"] == "nominate":
        agent = action["agent"]
        frame["agent"] = agent
        if frame["hessians"]:
            record(state, frame, "elected")
            say(state, f"{s(seat)} names {s(agent)} as Agent of the Hessians council, elected without a vote.",
                event={"kind": "nominate", "commander": seat, "agent": agent, "hessians": True})
            elect(state, frame)
        else:
            frame["step"] = "vote"
            frame["votes"] = [None] * state["players"]
            say(state, f"{s(seat)} nominates {s(agent)} as Agent. Everyone votes.",
                event={"kind": "nominate", "commander": seat, "agent": agent, "hessians": False})
    elif action["type"] == "vote":
        votes_of(frame)[seat] = action["yes"]  # who has voted shows in the view; how, once all are in
    elif action["type"] == "discard":
        dropped = frame["hand"].pop(action["card"])
        discard(state, "war", dropped)
        frame["step"] = "place"
        agent = agent_of(frame)
        say(state, f"The Commander discards a War card and passes two to the Agent, {s(agent)}.")
        say(state, f"You discard a {war_name(dropped)} and pass on: "
                   + ", ".join(war_name(c) for c in frame["hand"]) + ".", to=[seat])
        say(state, "You receive: " + ", ".join(war_name(c) for c in frame["hand"]) + ".", to=[agent])
    elif action["type"] == "place":
        card = frame["hand"].pop(action["card"])
        discard(state, "war", *frame["hand"])
        frame["hand"] = []
        frame["placed"] = card
        frame["step"] = "window"
        state["track"][war_side(card)].append(card)
        say(state, f"The Agent, {s(seat)}, places a {war_name(card)} on the War track and discards the other card.",
            event={"kind": "place", "agent": seat, "side": war_side(card)})
        open_window(state, "agent", seat=seat)


def council_default(state: PatriotsState, frame: CouncilFrame, seat: Seat) -> CouncilAction:
    """Edition, Defaults: next living Agent clockwise; vote no; the Commander drops the third card; the Agent places
    the first."""
    step = frame["step"]
    if step == "nominate":
        return {"type": "nominate", "agent": next_living(state, seat)}
    if step == "vote":
        return {"type": "vote", "yes": False}
    if step == "discard":
        return {"type": "discard", "card": len(frame["hand"]) - 1}
    return {"type": "place", "card": 0}
