"""A position's odds for either team, for the hard bot's loyalty confirmation (a Turncoat names the team it expects to
win, as a person would).

A small logistic model over plain facts of a complete state (a world): the side itself (the War deck holds 10
Redcoat cards to 6 Patriot ones, yet Patriots win more often), War Victories, living members, and how exposed each
Leader is (its holder down to the last face-down card, the Leader shown, eyes on its holder). Every feature changes
sign with the team, so the odds of the two teams add up to one. The weights were fitted on positions of games of
``basic`` players, labelled with the team that won (``bench/patriots_odds.py``; the fit is in bench/REPORT.md).
"""

from __future__ import annotations

import math

from games.patriots_and_redcoats.data import LEADERS, TEAMS
from games.patriots_and_redcoats.rules.core import kind
from games.patriots_and_redcoats.state import PatriotsState, Team

NAMES = ("side", "victories", "members", "leader_last", "leader_shown", "leader_eyes")
WEIGHTS = (-0.118, 0.346, 0.045, 1.090, 0.382, 0.319)


def features(state: PatriotsState, team: Team) -> list[float]:
    """The facts the model reads, from ``team``'s side (its minus the enemy's)."""
    enemy = TEAMS[1 - TEAMS.index(team)]
    sign = {team: 1.0, enemy: -1.0}
    members = sum(sign[t] for t, alive in zip(state["team"], state["alive"], strict=True) if alive and t is not None)
    last = shown = eyes = 0.0
    for seat, hand in enumerate(state["hands"]):
        for entry in hand:
            side = LEADERS.get(kind(entry["id"]))
            if side is None or not state["alive"][seat]:
                continue
            down = sum(1 for e in hand if not e["up"])
            # The enemy Leader's exposure counts for the team, its own against it.
            last -= sign[side] * (down <= 1)
            shown -= sign[side] * entry["up"]
            eyes -= sign[side] * sum(e["eyes"] for e in state["eyes"][seat])
    return [sign["redcoats"], float(len(state["track"][team]) - len(state["track"][enemy])), members, last, shown,
            eyes]


def win_odds(state: PatriotsState, team: Team) -> float:
    """The model's chance that ``team`` wins from this position."""
    z = sum(w * x for w, x in zip(WEIGHTS, features(state, team), strict=True))
    return 1 / (1 + math.exp(-z))
