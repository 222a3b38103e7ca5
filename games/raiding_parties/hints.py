"""Hints for a guided first game of Raiding Parties (games/hints.py): each holds on the seat's own view and legal
list."""

from __future__ import annotations

from games.hints import Hint

HINTS = (
    Hint("build", "First hire your raiding party: build one with your gold, or pick a ready-made one. Nobody sees it "
         "until play starts.",
         {"can": "party"}),
    Hint("play-card", "Your turn: play one card from your hold first. Tap Play on it.",
         {"can": "play"}),
    Hint("attack", "Your crew can attack: tap one of your cards, choose a weapon, then pick a target lit on the "
         "table.",
         {"any": [{"can": "attack"}, {"can": "charge"}]}),
    Hint("end-turn", "When your crew are done, press End turn.",
         {"all": [{"can": "end"}, {"not": {"can": "play"}}]}),
    Hint("defend", "You were attacked: answer with one of your weapons, or decline.",
         {"any": [{"can": "retaliate"}, {"can": "stand"}]}),
    Hint("aim", "Your weapon can fire again: pick another target, or stop here.",
         {"all": [{"can": "shot"}, {"can": "stop"}]}),
    Hint("reaction", "A reaction window is open for you: a Navigator or a Jolly Roger in your hold could answer "
         "now. Pass if you have nothing to play.",
         {"can": "pass"}),
)
