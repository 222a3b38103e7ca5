"""Draws into a hand-limit discard: ``hard`` leaves them out of its legal list when anything else is legal.

A draw that takes the hand over its limit most often ends the turn there, and the extra cards go to the public
discard: the action bought a look at a card and told everyone what was thrown away. ``basic`` draws with every spare
action, so a turn could draw six cards and discard three (issue 37); ending the turn, giving or playing is left."""

from __future__ import annotations

from games.red_scare_redux.state import RedScareView, RsrAction


def draws(view: RedScareView, action: RsrAction) -> tuple[int, int]:
    """(Resource cards the action draws, the change of the hand's size); (0, 0) for one that draws nothing."""
    left = view["decks"]["omega"] + view["decks"]["delta"]
    if action["type"] == "draw":
        return 1, 1
    if action["type"] == "draw_objective":
        return 0, 1
    if action["type"] == "black_ops" and action["card"] == "Requisition":
        return min(3, left), min(3, left) - 1  # the Requisition card itself leaves the hand
    return 0, 0


def wasted(view: RedScareView, action: RsrAction) -> bool:
    """Whether ``action`` (a main action of the seat's own turn) draws the hand over its limit. No discard follows
    the game's last turn, nor the turn that draws the last Resource card (which makes it the last)."""
    seat = view["you"]
    if seat is None or view["step"] is not None or view["window"] is not None or view["last_turn"]:
        return False
    hand = view["hands"][seat] or []
    resources, grows = draws(view, action)
    if grows <= 0 or resources >= view["decks"]["omega"] + view["decks"]["delta"] > 0:
        return False
    return len(hand) + grows > view["hand_limits"][seat]


def unwasted(view: RedScareView, legal: list[RsrAction]) -> list[RsrAction]:
    """The legal list without the draws into a hand-limit discard (``end_turn`` is always left)."""
    kept = [action for action in legal if not wasted(view, action)]
    return kept or legal
