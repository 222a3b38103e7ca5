"""Setup: teams, turn order and the deal for every layout (edition: Teams and seating, rulings 5-7)."""

from __future__ import annotations

from math import lcm

from games import rng
from games.protocol import Seat
from games.red_scare_redux import data
from games.red_scare_redux.options import Options
from games.red_scare_redux.state import Back, Card, Decks, RedScareState
from games.state import RngState


def layout_for(players: int, options: Options) -> str:
    return options.layout_6 if players == 6 else data.LAYOUT_BY_PLAYERS[players]


def labels_for(players: int, layout: str, options: Options) -> list[int]:
    """A team label per seat: the host's, checked against the layout, else alternating seats."""
    sizes = data.LAYOUTS[layout]
    if options.teams is None:
        return [seat % len(sizes) for seat in range(players)]
    labels = list(options.teams)
    groups = sorted(labels.count(label) for label in set(labels))
    if len(labels) != players or groups != sorted(sizes):
        raise ValueError(f"teams must give {players} seats labels in groups of {'-'.join(map(str, sizes))}")
    return labels


def team_order(labels: list[int], first: Seat) -> list[list[Seat]]:
    """Clockwise from the first seat: teams by first appearance, players numbered by first appearance (ruling 7)."""
    players = len(labels)
    teams: dict[int, list[Seat]] = {}
    for step in range(players):
        seat = (first + step) % players
        teams.setdefault(labels[seat], []).append(seat)
    return list(teams.values())


def turn_cycle(teams: list[list[Seat]]) -> list[Seat]:
    """Teams take turns in order, each rotating through its own players; with equal teams this is player 1 of each
    team, then player 2 of each, ...; in 3v2 a cycle of 12 turns."""
    length = len(teams) * lcm(*(len(team) for team in teams))
    return [teams[k % len(teams)][(k // len(teams)) % len(teams[k % len(teams)])] for k in range(length)]


def deal_plan(layout: str, teams: list[list[Seat]]) -> dict[Seat, tuple[int, list[Back], int]]:
    """Per seat: Objectives dealt, the Resource decks dealt from in order, and the hand limit."""
    plan: dict[Seat, tuple[int, list[Back], int]] = {}
    for team in teams:
        for number, seat in enumerate(team):
            if layout == "3v2":
                objectives, resources = data.DEAL_3V2[len(team)][number]
                decks: list[Back] = ["omega" if i % 2 == 0 else "delta" for i in range(resources)]
                plan[seat] = (objectives, decks, data.HAND_LIMIT_3V2[len(team)])
            else:
                omega: list[Back] = ["omega"]
                delta: list[Back] = ["delta"]
                decks = omega * data.DEAL_OMEGA + delta * data.DEAL_DELTA
                plan[seat] = (data.DEAL_OBJECTIVES, decks, data.HAND_LIMIT)
    return plan


def deal(decks: Decks, hands: list[list[int]], plan: dict[Seat, tuple[int, list[Back], int]],
         seats: list[Seat]) -> None:
    """Round-robin (ruling 20): one card to each seat still owed one, in turn order from the first seat, repeated;
    first the Objectives, then the Resources, each seat's n-th Resource from the deck its plan names n-th."""
    rounds = max(plan[seat][0] for seat in seats)
    for number in range(rounds):
        for seat in seats:
            if number < plan[seat][0]:
                hands[seat].append(decks["objective"].pop(0))
    rounds = max(len(plan[seat][1]) for seat in seats)
    for number in range(rounds):
        for seat in seats:
            backs = plan[seat][1]
            if number < len(backs):
                hands[seat].append(decks[backs[number]].pop(0))


def build_cards() -> tuple[list[Card], Decks]:
    cards: list[Card] = []
    decks: Decks = {"objective": [], "omega": [], "delta": []}
    sources: list[tuple[Back, list[str]]] = [
        ("objective", [o.name for o in data.OBJECTIVES]), ("omega", data.omega_cards()), ("delta", data.delta_cards())]
    for back, names in sources:
        for name in names:
            decks[back].append(len(cards))
            cards.append({"name": name, "back": back})
    return cards, decks


def setup(players: int, options: Options, seed: int) -> RedScareState:
    source: RngState = {"rng": seed}
    layout = layout_for(players, options)
    labels = labels_for(players, layout, options)
    first = rng.randbelow(source, players)
    teams = team_order(labels, first)
    team_of = [0] * players
    for index, team in enumerate(teams):
        for seat in team:
            team_of[seat] = index
    cards, decks = build_cards()
    for pile in (decks["objective"], decks["omega"], decks["delta"]):
        rng.shuffle(source, pile)
    order = turn_cycle(teams)
    plan = deal_plan(layout, teams)
    hands: list[list[int]] = [[] for _ in range(players)]
    limits = [0] * players
    deal(decks, hands, plan, list(dict.fromkeys(order)))
    for seat, (_, _, limit) in plan.items():
        limits[seat] = limit
    return {
        "players": players, "rng": source["rng"], "log": [{"text": "Teams: " + "; ".join(
            " & ".join(f"{{s{seat}}}" for seat in team) for team in teams) + f". {{s{order[0]}}} goes first."}],
        "layout": layout, "teams": teams, "team_of": team_of, "hand_limits": limits, "order": order,
        "turn_index": 0, "actions_left": data.ACTIONS_PER_TURN, "first_action": True, "cards": cards,
        "decks": decks, "hands": hands, "discard": [], "partials": [], "next_partial": 1,
        "completed": [[] for _ in teams], "completions": 0, "step": None, "window": None,
        "pending": None, "response": None,
        "window_mode": options.window_mode, "window_s": options.response_window_s, "serial": 0,
        "last_turn": False, "progress": False, "quiet_turns": 0, "over": False, "reason": None,
    }
