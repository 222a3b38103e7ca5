"""Teams (rulebook: Winter is Coming; edition: Teams) and the loyalty confirmation step.

Rule 1: a Spy card decides. Rule 2: the most recent Leader held decides, and sticks after it is passed on. Rule 3:
the majority of blue and red cards, each Turncoat counting as its holder chose. A player holding both Leaders (the
game then ends) is loyal to their third card, or to their team before this Winter if that card is a Turncoat.
"""

from __future__ import annotations

from games.patriots_and_redcoats.data import COLOUR, LEADERS, PATRIOT, REDCOAT, SPIES, TEAMS, TURNCOAT
from games.patriots_and_redcoats.rules.core import kinds, living, new_step, say
from games.patriots_and_redcoats.state import Confirm, ConfirmFrame, PatriotsAction, PatriotsState, Team
from games.protocol import Seat
from games.turns import pop


def decided(state: PatriotsState, seat: Seat) -> Team | None:
    """The team rules 1 and 2 (or the both-Leaders rule) give, or None when rule 3 applies."""
    held = kinds(state, seat)
    for spy, team in SPIES.items():
        if spy in held:
            return team
    leaders = [k for k in held if k in LEADERS]
    if len(leaders) == 2:
        third = next(k for k in held if k not in LEADERS)
        return COLOUR.get(third) or state["team_before"][seat] or state["team"][seat] or TEAMS[0]
    leader = state["leader_held"][seat]
    if leader is not None:
        return LEADERS[leader]
    return None


def majority(state: PatriotsState, seat: Seat) -> Team | None:
    """Rule 3 without Turncoats: the team two or three same-colour cards give, or None when Turncoats decide."""
    held = kinds(state, seat)
    for colour_kind in (PATRIOT, REDCOAT):
        if held.count(colour_kind) >= 2:
            return COLOUR[colour_kind]
    return None


def has_choice(state: PatriotsState, seat: Seat) -> bool:
    """Edition: only a rule-3 player whose majority turns on Turncoats names a team."""
    if decided(state, seat) is not None or majority(state, seat) is not None:
        return False
    assert TURNCOAT in kinds(state, seat)
    return True


def team_of(state: PatriotsState, seat: Seat, choice: Team | None) -> Team:
    team = decided(state, seat) or majority(state, seat)
    return team if team is not None else (choice or TEAMS[0])


def confirm_options(state: PatriotsState, seat: Seat) -> list[Team]:
    return list(TEAMS) if has_choice(state, seat) else [team_of(state, seat, None)]


# ----------------------------------------------------------------------------- the confirmation step


def new_confirm() -> ConfirmFrame:
    return {"kind": "confirm", "choices": None}


def run_confirm(state: PatriotsState, frame: ConfirmFrame) -> bool:
    if frame["choices"] is None:
        frame["choices"] = [None] * state["players"]
        frame["step_id"] = new_step(state)
        say(state, "Everyone confirms their loyalty in secret.")
        return True
    if any(frame["choices"][seat] is None for seat in living(state)):
        return False
    for seat in living(state):
        choice = frame["choices"][seat]
        state["choice"][seat] = choice if has_choice(state, seat) else None
        team = team_of(state, seat, state["choice"][seat])
        if team != state["team"][seat]:
            say(state, f"You are on the {team.capitalize()} team.", to=[seat])
        state["team"][seat] = team
    say(state, "Every loyalty is confirmed.")
    pop(state)
    return True


def confirm_prompts(state: PatriotsState, frame: ConfirmFrame) -> dict[Seat, list[PatriotsAction]]:
    if frame["choices"] is None:
        return {}
    return {seat: [{"type": "confirm", "team": team} for team in confirm_options(state, seat)]
            for seat in living(state) if frame["choices"][seat] is None}


def confirm_act(state: PatriotsState, frame: ConfirmFrame, seat: Seat, action: Confirm) -> None:
    choices = frame["choices"]
    assert choices is not None, "nobody is asked before the confirmation starts"
    choices[seat] = action["team"]
    if has_choice(state, seat):
        say(state, f"You count your Turncoats for the {action['team'].capitalize()}.", to=[seat])


def confirm_default(state: PatriotsState, frame: ConfirmFrame, seat: Seat) -> Confirm:
    # Edition: a timed-out real choice counts the Turncoats as blue (Patriot).
    return {"type": "confirm", "team": confirm_options(state, seat)[0]}
