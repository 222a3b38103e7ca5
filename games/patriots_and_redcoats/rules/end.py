"""Reveals, elimination, the Leader checks and the end of the game (rulebook: Leaders, Assassination; edition: Game
end, Elimination). A Leader's fall ends the game at once; so does a team's fourth War Victory."""

from __future__ import annotations

from typing import Any

from games.patriots_and_redcoats.data import (
    LEADERS,
    LOYALTY,
    MAJOR_FERGUSON,
    PATRIOT_LEADER,
    REDCOAT_LEADER,
    SPIES,
    SPYCRAFT,
    TEAMS,
    VICTORIES_TO_WIN,
    WAR,
)
from games.patriots_and_redcoats.rules.core import (
    article,
    discard,
    face_down_slots,
    kind,
    kinds,
    leaders_held,
    living,
    next_living,
    s,
    say,
    spy_of,
    turn_up,
)
from games.patriots_and_redcoats.state import LoyaltyKind, PatriotsState, RevealAll, Team
from games.protocol import Seat


def other(team: Team) -> Team:
    return TEAMS[1 - TEAMS.index(team)]


def victories(state: PatriotsState, team: Team) -> int:
    return len(state["track"][team])


# ----------------------------------------------------------------------------- reveal and elimination


def reveal(state: PatriotsState, seat: Seat, slot: int, eyes: bool) -> None:
    """Turn a face-down card face up, owed for three eyes or else for Major Ferguson; a player left with no face-down
    card is eliminated at once (edition)."""
    card_kind = turn_up(state, seat, slot)
    say(state, f"{s(seat)} reveals {article(card_kind)} ({'three eyes' if eyes else MAJOR_FERGUSON}).",
        event={"kind": "reveal", "seat": seat, "card": card_kind, "cause": "eyes" if eyes else "ferguson"})
    if not face_down_slots(state, seat):
        eliminate(state, [seat], "has no face-down Loyalty card left")


def eliminate(state: PatriotsState, seats: list[Seat], why: str) -> None:
    """Eliminate ``seats`` as one event. A fallen Leader ends the game (both at once: see ``both_leaders_fall``)."""
    before = [seat for seat in living(state)]
    fallen: list[LoyaltyKind] = []
    for seat in seats:
        if not state["alive"][seat]:
            continue
        state["alive"][seat] = False
        for card in state["eyes"][seat]:
            discard(state, "spycraft", card["id"])
        state["eyes"][seat] = []
        say(state, f"{s(seat)} is eliminated ({why}).", event={"kind": "eliminated", "seat": seat})
        for window in state["windows"]:
            # Edition: a counter-assassination cancels the first only by eliminating its assassin.
            if window["kind"] == "assassination" and window["assassin"] == seat:
                window["cancelled"] = True
        if state["phase"] in ("setup", "spycraft") and seat == state["commander"] and living(state):
            # Edition: in the Spycraft Phase the Commander card passes at once, clockwise of the anchor.
            state["commander"] = next_living(state, state["walk"]["anchor"])
            say(state, f"The Commander card passes to {s(state['commander'])}.")
        for leader in leaders_held(state, seat):
            slot = next(i for i, e in enumerate(state["hands"][seat]) if kind(e["id"]) == leader)
            if not state["hands"][seat][slot]["up"]:
                turn_up(state, seat, slot)
                say(state, f"{s(seat)} held {article(leader)}.", event={"kind": "held", "seat": seat, "card": leader})
            fallen.append(leader)
    if len(fallen) == 2:
        both_leaders_fall(state, before, "both Leaders are eliminated")
    elif fallen:
        loser = LEADERS[fallen[0]]
        finish(state, other(loser), f"{article(fallen[0])} is eliminated")


# ----------------------------------------------------------------------------- the end


def finish(state: PatriotsState, winner: Team | None, reason: str) -> None:
    if state["phase"] == "over":
        return
    state["phase"] = "over"
    state["windows"] = []
    state["outcome"] = {"winning_team": winner, "reason": reason}
    if winner is None:
        say(state, f"The game ends in a draw: {reason}.")
    else:
        say(state, f"The {winner.capitalize()} win: {reason}.")


def both_leaders_fall(state: PatriotsState, before: list[Seat], reason: str) -> None:
    """Edition: most War Victories wins; then most loyal players among those alive before the event; then a draw."""
    score = {team: victories(state, team) for team in TEAMS}
    if score["patriots"] == score["redcoats"]:
        score = {team: sum(1 for seat in before if state["team"][seat] == team) for team in TEAMS}
        detail = "tied on War Victories, decided by loyal players"
    else:
        detail = "decided by War Victories"
    if score["patriots"] == score["redcoats"]:
        finish(state, None, f"{reason}, and the teams are tied")
    else:
        winner = max(TEAMS, key=lambda team: score[team])
        finish(state, winner, f"{reason} ({detail})")


def check_victories(state: PatriotsState) -> bool:
    """A team with 4 War Victories wins at once. Returns True when the game ended."""
    for team in TEAMS:
        if victories(state, team) >= VICTORIES_TO_WIN:
            finish(state, team, f"{VICTORIES_TO_WIN} War Victories")
            return True
    return False


def leader_checks(state: PatriotsState) -> None:
    """Edition, Game end: the checks after a Winter pass, on the cards held after passing, in order."""
    spy_with_leader = []
    for seat in living(state):
        spy = spy_of(state, seat)
        if spy is not None and any(LEADERS[held] != SPIES[spy] for held in leaders_held(state, seat)):
            spy_with_leader.append((seat, SPIES[spy]))
    alive = living(state)
    if len(spy_with_leader) == 2:
        say(state, "A Patriot Spy holds King George III while the Redcoat Spy holds General Washington.")
        both_leaders_fall(state, alive, "both Leaders fall to the Spies at once")
        return
    if spy_with_leader:
        seat, team = spy_with_leader[0]
        say(state, f"{s(seat)}, a Spy of the {team.capitalize()}, receives the opposing Leader.")
        finish(state, team, "a Spy captured the opposing Leader")
        return
    for seat in alive:
        if len(leaders_held(state, seat)) == 2:
            say(state, f"{s(seat)} holds both Leaders.")
            both_leaders_fall(state, alive, "both Leaders meet in one hand")
            return


def result(state: PatriotsState) -> dict[str, Any] | None:
    if state["phase"] != "over":
        return None
    outcome = state["outcome"]
    assert outcome is not None, "finish() sets the outcome with the phase"
    winner = outcome["winning_team"]
    rows = []
    for seat in range(state["players"]):
        rows.append({"seat": seat, "team": state["team"][seat], "won": winner is not None and
                     state["team"][seat] == winner, "alive": state["alive"][seat]})
    rows.sort(key=lambda r: (not r["won"], not r["alive"], r["seat"]))
    for place, row in enumerate(rows, start=1):
        row["rank"] = place
    return {
        "winners": [r["seat"] for r in rows if r["won"]],
        "ranking": rows,
        "winning_team": winner,
        "reason": outcome["reason"],
        "reveal": reveal_all(state),
    }


def reveal_all(state: PatriotsState) -> RevealAll:
    """Everything, by kind (ids stay inside the state): every hand, team, last Leader held, undealt card, deck."""
    return {
        "players": [
            {"seat": seat, "team": state["team"][seat], "alive": state["alive"][seat],
             "last_leader": state["leader_held"][seat],
             "cards": [{"kind": LOYALTY[e["id"]], "face_up": e["up"]} for e in state["hands"][seat]],
             "eyes": [c["eyes"] for c in state["eyes"][seat]]}
            for seat in range(state["players"])
        ],
        "undealt": sorted(LOYALTY[c] for c in state["box"]),
        "war_deck": [WAR[c] for c in reversed(state["war"]["deck"])],
        "war_discard": sorted(WAR[c] for c in state["war"]["discard"]),
        "track": {team: len(cards) for team, cards in state["track"].items()},
        "spycraft_deck": [SPYCRAFT[c].copy() for c in reversed(state["spycraft"]["deck"])],
        "spycraft_discard": len(state["spycraft"]["discard"]),
        "leaders": {LEADERS[k]: seat for seat in range(state["players"]) for k in kinds(state, seat)
                    if k in (PATRIOT_LEADER, REDCOAT_LEADER)},
    }
