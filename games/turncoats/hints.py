"""Hints for a guided first game of Turncoats (games/hints.py): each holds on the seat's own view and legal list."""

from __future__ import annotations

from games.hints import Hint

HINTS = (
    Hint("your-turn", "Your turn. Tap one of your stones, then Recruit, Battle or March with it on the map. Or "
         "Negotiate to draw a new stone.",
         {"can": "recruit"}),
    Hint("return-stone", "You drew a stone: only you see its colour. Now put one stone from your hand back in the "
         "bag, the new one or another.",
         {"can": "return"}),
    Hint("streak", "{streak} Negotiate in a row so far. When every player negotiates in turn the game ends, and the "
         "colour ruling the most areas wins: check the leader before you Negotiate.",
         {"all": [{"can": "negotiate"}, {"view": "streak", "at_least": 1}]}),
    Hint("empty-hand", "Your hand is empty, so Negotiate is the only move: it draws you a stone.",
         {"all": [{"can": "negotiate"}, {"not": {"can": "recruit"}}]}),
)
