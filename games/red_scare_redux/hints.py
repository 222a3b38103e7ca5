"""Hints for a guided first game of Red Scare Redux (games/hints.py): each holds on the seat's own view and legal
list."""

from __future__ import annotations

from games.hints import Hint

HINTS = (
    Hint("first-turn", "Your turn: {actions_left} actions. Draw, begin an Objective from your hand, add to one, or "
         "play Black Ops. As your first action only, you may redraw cards you do not want.",
         {"all": [{"can": "redraw"}, {"view": "first_action", "is": True}]}),
    Hint("begin", "You can begin an Objective: tap it in your hand, choose Begin, then its first helping card.",
         {"can": "begin"}),
    Hint("place", "Your Objective is on the table. Place more helping cards on it now, or press Done to stop.",
         {"all": [{"view": "step.kind", "is": "place"}, {"can": "done"}]}),
    Hint("draw-step", "Choose a deck to draw from: {step.owed} more to draw.",
         {"all": [{"view": "step.kind", "is": "draw"}, {"can": "draw"}]}),
    Hint("end-turn", "Out of actions, or nothing you want to do? End turn passes play on.",
         {"all": [{"can": "end_turn"}, {"view": "actions_left", "at_most": 2}]}),
    Hint("black-ops", "You hold a Black Ops card: play it against the other team. They may cancel it with "
         "Counterintelligence.",
         {"can": "black_ops"}),
    Hint("counter", "The other team played a card against you: cancel it with Counterintelligence, or let it pass.",
         {"can": "counter"}),
    Hint("give-take", "You may give a card to your teammate or take one from them: your team sees each other's hands.",
         {"any": [{"can": "give"}, {"can": "take"}]}),
    Hint("discard", "You hold more cards than your limit: discard down to {hand_limits.@you}.",
         {"can": "discard"}),
)
