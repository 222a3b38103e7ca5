"""The ``hard`` bot's judge of a position (a full state: a drawn world after a playout): a logistic of the weighed
difference between the teams' features. The weights are fitted on positions from played games
(bench/red_scare_redux_judge.py: the final outcome regressed on the feature difference), not set by hand."""

from __future__ import annotations

import math
from typing import Any

from games.red_scare_redux import data, rules
from games.red_scare_redux.bots.reading import BLACK_OPS_KEEP, fill, work
from games.red_scare_redux.rules.table import items, objective_of, scores
from games.red_scare_redux.state import RedScareState

FEATURES = ("points", "points_late", "completed", "table_0", "table_1", "table_2", "table_3", "hand_0", "hand_1",
            "hand_2", "hand_3", "placing", "black_ops", "resources", "moves_next")
# Fitted by bench/red_scare_redux_judge.py (see there for the games and the fit); the order of FEATURES.
WEIGHTS = (0.0931, 0.4316, 0.7148, 0.4676, 0.3498, 0.2223, 0.0924, 0.4361, 0.2232, 0.1383, 0.0186, -0.1167, 0.2519,
           0.3103, 0.3224)
GOAL = 5  # a team's completions that end a two-team game (the fifth Objective)


# An Objective a team works on: the objective, its cards once the hand is planned onto it, the hand cards that used,
# and whether it is begun on the table.
Planned = tuple[data.Objective, list[tuple[str, Any]], list[str], bool]


def plan(state: RedScareState, team: int) -> tuple[list[str], list[Planned]]:
    """The team's hand cards (by name), and every Objective it works on (on the table, begun, or in a hand) with the
    team's hand Resources planned onto the nearest first (a card counts for one Objective only): (objective, its
    cards once filled, the hand cards used, begun) each, nearest first."""
    names = state["cards"]
    hand = [names[copy]["name"] for seat in state["teams"][team] for copy in state["hands"][seat]]
    pool = [card for card in hand if card not in data.OBJECTIVE_BY_NAME and card not in BLACK_OPS_KEEP]
    targets = [(objective_of(state, p), items(state, p), True) for p in state["partials"] if p["team"] == team]
    targets += [(data.OBJECTIVE_BY_NAME[card], [], False) for card in hand if card in data.OBJECTIVE_BY_NAME]
    ranked = sorted(((work(obj, fill(obj, placed, pool)[0]), obj, placed, begun) for obj, placed, begun in targets),
                    key=lambda t: (t[0], -t[1].points))
    planned = []
    for _, obj, placed, begun in ranked:
        after, used = fill(obj, placed, pool)
        for card in used:
            pool.remove(card)
        planned.append((obj, after, used, begun))
    return hand, planned


def team_features(state: RedScareState, team: int) -> list[float]:
    """What a team has, as numbers: its points (and again scaled by how near the game is to its end), its completed
    Objectives, the points of every Objective it works on by the cards still lacking once its hands are planned onto
    the nearest first (0, 1, 2, 3 or more; on the table and in hand apart), the points times the actions that placing
    its own cards still takes, its Black Ops in hand, its Resource cards in hand, and whether its seat moves next."""
    points = float(scores(state)[team])
    hand, planned = plan(state, team)
    table, held, placing = [0.0] * 4, [0.0] * 4, 0.0
    for obj, after, used, begun in planned:
        lack = min(3, int(work(obj, after)))
        (table if begun else held)[lack] += obj.points
        actions = len(used) if begun else min(len(used), 1)
        placing += obj.points * actions / 3
    black_ops = sum(BLACK_OPS_KEEP[card] for card in hand if card in BLACK_OPS_KEEP) / 10
    resources = float(sum(1 for card in hand if card not in data.OBJECTIVE_BY_NAME))
    mover = state["order"][state["turn_index"] % len(state["order"])]
    moves_next = 1.0 if state["team_of"][mover] == team else 0.0
    done = [len(pile) for pile in state["completed"]]
    late = points * max(done) / GOAL  # points weigh more as the end nears
    return [points, late, float(done[team]), *table, *held, placing, black_ops, resources / 5, moves_next]


def advantage(mine: list[float], theirs: list[float], weights: tuple[float, ...] = WEIGHTS) -> float:
    return sum(w * (a - b) for w, a, b in zip(weights, mine, theirs, strict=True))


def judge(state: RedScareState, seat: int) -> float:
    """How good a position is for ``seat``'s team, from 0 (lost) to 1 (won): against the strongest other team."""
    result = rules.result(state)
    if result is not None:
        winners = result["winners"]
        return 1.0 if seat in winners and len(winners) < state["players"] else 0.0 if seat not in winners else 0.5
    team = state["team_of"][seat]
    mine = team_features(state, team)
    theirs = [team_features(state, t) for t in range(len(state["teams"])) if t != team]
    edge = min(advantage(mine, other) for other in theirs)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, edge))))
