"""Red Scare Redux: who may act, applying an action, the result. The turn lives in turn.py, windows and Black Ops in
blackops.py."""

from __future__ import annotations

from typing import Any

from games import turns
from games.protocol import Action, Seat, Turn, Window
from games.red_scare_redux import data
from games.red_scare_redux.rules import blackops, turn
from games.red_scare_redux.rules.table import scores
from games.red_scare_redux.rules.zones import active, hand_names
from games.red_scare_redux.state import RedScareState, RsrAction


def legal(state: RedScareState, seat: Seat) -> list[RsrAction]:
    if state["over"]:
        return []
    if state["window"] is not None:
        return list(blackops.window_actions(state, seat))
    if state["step"] is not None:
        return list(turn.step_actions(state)) if state["step"]["seat"] == seat else []
    if seat != active(state):
        return []
    return list(turn.main_actions(state, seat))


def apply(state: RedScareState, seat: Seat, action: RsrAction) -> None:
    """``action`` is in the seat's legal list (the platform's guard), so it is of the kind the moment takes."""
    if state["window"] is not None:
        assert action["type"] in ("counter", "tip_off", "continue")
        blackops.apply_window(state, seat, action)
        turn.after_action(state)
    elif state["step"] is not None:
        assert action["type"] in ("draw", "place", "place_pair", "done", "steal", "pick", "discard")
        turn.apply_step(state, seat, action)
    else:
        assert action["type"] in ("draw", "draw_objective", "redraw", "give", "take", "begin", "add", "add_pair",
                                  "black_ops", "end_turn")
        turn.apply_main(state, seat, action)


def default_action(state: RedScareState, seat: Seat) -> RsrAction:
    if state["window"] is not None:
        return {"type": "continue"}  # ruling 13: only asked of seats a quick window waits for
    if state["step"] is not None:
        return turn.default_step(state)
    return turn.default_main(state)


def result(state: RedScareState) -> dict[str, Any] | None:
    if not state["over"]:
        return None
    points = scores(state)

    def key(team: int) -> tuple[int, int]:
        # Most points, then the most recent completion (ruling: "Winner").
        latest = max((c["order"] for c in state["completed"][team]), default=0)
        return (-points[team], -latest)

    ranked = sorted(range(len(state["teams"])), key=key)
    ranking: list[dict[str, Any]] = []
    for team in ranked:
        rank = len(ranking) + 1
        if ranking and key(team) == key(ranking[-1]["team"]):
            rank = ranking[-1]["rank"]
        ranking.append({"team": team, "seats": list(state["teams"][team]), "points": points[team], "rank": rank})
    winners = sorted(seat for entry in ranking if entry["rank"] == 1 for seat in entry["seats"])
    return {"winners": winners, "ranking": ranking, "reason": state["reason"], "tie_break": tie_break(state, points),
            "reveal": {"hands": [hand_names(state, seat) for seat in range(state["players"])]}}


def tie_break(state: RedScareState, points: list[int]) -> dict[str, Any] | None:
    """How a tie for most points was settled (the edition's "Winner"), so the result can say it in words: the tied
    teams in team order, their points, and the one among them that completed an Objective last (null: none of them
    completed one, a draw). None when one team has the most points alone."""
    best = max(points)
    tied = [team for team, pts in enumerate(points) if pts == best]
    if len(tied) < 2:
        return None
    latest = {team: max((c["order"] for c in state["completed"][team]), default=0) for team in tied}
    last = max(tied, key=lambda team: latest[team])
    return {"teams": tied, "points": best, "last": last if latest[last] else None}


def must_act(state: RedScareState) -> list[Seat]:
    if state["over"]:
        return []
    if state["window"] is not None:
        return blackops.waiting(state)
    if state["step"] is not None:
        return [state["step"]["seat"]]
    return [active(state)]


def window(state: RedScareState) -> Window | None:
    """Every response window has the same length and a fresh key, whoever holds what; a fixed one closes itself."""
    if state["over"] or state["window"] is None:
        return None
    return turns.deadline(f"rsr-{state['serial']}", state["window_s"], state["window_mode"])


def auto_answers(state: RedScareState) -> dict[Seat, Action | None]:
    """A quick window asks the eligible opponents (public), and each may continue whatever it holds; a fixed one
    asks nobody (it closes at its deadline)."""
    if state["over"] or state["window"] is None or state["window_mode"] != "quick":
        return {}
    return {seat: {"type": "continue"} for seat in state["window"]["eligible"]}


def secret_step(state: RedScareState) -> str | None:
    """A response window, in either mode, is a step whose actors are secret: who has continued (or is still deciding
    whether to play an instant) shows nowhere, so a timeout there marks nobody away. The key is the window's own and
    changes only when a window opens (a Tip-Off's Counterintelligence window is a new one)."""
    if state["over"] or state["window"] is None:
        return None
    return f"rsr-{state['serial']}"


def expire(state: RedScareState) -> None:
    blackops.close(state)
    turn.after_action(state)


def turn_clock(state: RedScareState) -> Turn | None:
    """A turn holds four actions (and the steps they open): with a turn timer each action gets the timer's time, and
    the whole turn four times it. The key changes at every new turn (two turns in a row never share an index)."""
    if state["over"]:
        return None
    return Turn(key=f"rsr-turn-{state['turn_index']}", actions=data.ACTIONS_PER_TURN)


def reversible(state: RedScareState, seat: Seat, action: Action) -> bool:
    """Giving and taking between teammates, whose hands are open to each other, draws nothing and shows nothing new:
    its player may take it back (the platform's take-back) until anyone else acts or the turn passes on. Every other
    action draws, places (a card on the table is seen by everyone) or plays a card."""
    return action["type"] in ("give", "take")
