"""Hints for a guided first game of Patriots & Redcoats (games/hints.py): each holds on the seat's own view and legal
list."""

from __future__ import annotations

from games.hints import Hint

HINTS = (
    Hint("confirm", "Your Loyalty cards decide your team: more Patriot cards, you are a Patriot. Only you see your "
         "face-down cards. Confirm your team to begin.",
         {"can": "confirm"}),
    Hint("spycraft", "You drew a Spycraft card. A Spy card puts eyes on another player (three eyes make them reveal "
         "a card); a Conceal card's feathers take eyes away. Choose who gets it.",
         {"any": [{"can": "spy"}, {"can": "conceal"}]}),
    Hint("reveal", "You must turn one of your face-down cards face up for everyone: pick which one.",
         {"can": "reveal"}),
    Hint("assassinate", "You hold a Spy Loyalty card: at any time you may use it to assassinate a player you think "
         "is on the other team. Everyone then sees your Spy.",
         {"can": "assassinate"}),
    Hint("continue", "A response window is open: others may answer what just happened. Press Continue when you have "
         "nothing to play.",
         {"can": "continue"}),
    Hint("nominate", "You are the Commander: name an Agent for the council. Then everyone votes on the pair.",
         {"can": "nominate"}),
    Hint("vote", "Vote yes or no on the council. Who has voted shows; how each voted shows once all are in.",
         {"can": "vote"}),
    Hint("commander-discard", "Your council was elected. Only you see these three War cards: discard one, and the "
         "Agent places one of the other two.",
         {"can": "discard"}),
    Hint("agent-place", "You are the Agent: place one of these two War cards on the track. The other is discarded, "
         "and nobody else sees which was which.",
         {"can": "place"}),
)
