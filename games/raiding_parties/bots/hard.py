"""Raiding Parties' ``hard`` bot: its own party (``hard_party.py``), then ``basic``'s play sharpened by a short
determinized search on its own turn.

It reads its view, its legal list, its random source and the worlds the platform drew from its seat (games/bots.py):
each world is a way the flip deck, the lockers and the other parties' unseen cards could be. Prompts (aiming further
shots, Stand and Shoot, retaliation, free attacks, searches, reaction windows) are answered as ``basic`` answers them:
they are small local choices that its prices already settle. On its own turn it asks ``basic``'s prices for its best
few actions (``candidates``); when one is plainly ahead, or there is only one, it plays it at once. Otherwise each
candidate is played in the same worlds (paired: the same deck order for every candidate, so the luck of the flips
cancels out of the comparison), the game goes on with ``basic`` for every seat until the bot's next turn begins, and
the position is judged by what each side has left (``judge``). The candidate with the best mean wins; basic's own
choice keeps the tie, and must be beaten by ``MARGIN``.

Deterministic for a seed and a node budget: ``basic`` reads no random numbers and each world carries its own
reseeded engine random source.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from games.protocol import Action, Budget, Game, State
from games.raiding_parties.bots.basic import action_worth, basic_bot, effect_worth, regular_worth
from games.raiding_parties.bots.basic_values import Table
from games.raiding_parties.bots.hard_party import build_party, card_value
from games.raiding_parties.data import BY_NAME
from games.raiding_parties.setup import is_template
from games.raiding_parties.state import RaidingAction, RaidingView
from games.search import Hard

WIDTH = 3  # candidates searched: basic's choice and the next best by its prices
PLAIN = 1.5  # basic's choice is played at once when it is priced this far above every other
MARGIN = 0.02  # how much better (in judged share of the material) another candidate must be than basic's choice
DEPTH = 120  # playout actions at most: the rest of this turn and the next player's
HELD = 0.8  # a card in the hold or locker is worth this share of its value in play (it must still come out)


def hard_bot(game: Game[Any], view: dict[str, Any], legal: list[Action], rand: random.Random, worlds: list[State],
             budget: Budget) -> Action | None:
    if not legal:
        return None
    # The platform hands plain dicts; they are exactly this game's view and actions (as in __init__.py's casts).
    seen = cast(RaidingView, view)
    actions = cast(list[RaidingAction], legal)
    if seen["phase"] == "build":
        return cast(Action, build(actions))
    chosen = basic_bot(seen, actions, rand)
    if seen["prompt"] is not None or chosen is None:
        return cast(Action | None, chosen)
    options = candidates(Table(seen), seen, actions, chosen)
    if len(options) == 1 or seen["you"] is None:
        return cast(Action, chosen)
    return SEARCH.search(game, seen["you"], cast(list[Action], options), worlds, rand, budget)


def build(legal: list[RaidingAction]) -> RaidingAction:
    """The party ``hard_party`` builds for the table's template; a ready-made one if the template is missing."""
    template = next((a for a in legal if is_template(a)), None)
    if template is None:
        return legal[0]
    cards = build_party(template["gold"], template["max_ships_forts"], template["copy_cap"])
    return {"type": "party", "cards": dict(cards)}


def price(table: Table, view: RaidingView, action: RaidingAction) -> float | None:
    """``basic``'s price of a top-level action; None for what it does not price (ending the turn)."""
    kind = action["type"]
    if kind == "play":
        hold = view["seats"][table.me]["hold"] or []
        return regular_worth(table, action["card"], hold)  # type: ignore[typeddict-item]
    if kind == "effect":
        return effect_worth(table, action)  # type: ignore[arg-type]
    if kind in ("attack", "charge", "use"):
        found = table.where.get(action["card"])  # type: ignore[typeddict-item]
        return action_worth(table, found[1], action) if found is not None else None  # type: ignore[arg-type]
    return None


def candidates(table: Table, view: RaidingView, legal: list[RaidingAction],
               chosen: RaidingAction) -> list[RaidingAction]:
    """Basic's choice first, then the best-priced others, while they are close enough to be worth a search. A
    regular play that is due is never weighed against attacks: basic makes it first, and so does this bot."""
    kinds = (chosen["type"],) if chosen["type"] in ("play", "effect") else ("attack", "charge", "use")
    pool = [a for a in legal if a["type"] in kinds]
    priced = [(value, a) for a in pool if a != chosen and (value := price(table, view, a)) is not None]
    priced.sort(key=lambda pair: -pair[0])  # stable: ties keep the legal list's order
    own = price(table, view, chosen)
    top = own if own is not None else max((v for v, _ in priced), default=0.0)
    return [chosen] + [a for value, a in priced[:WIDTH - 1] if value >= top - PLAIN]


def next_turn_begun(world: State) -> Callable[[State], bool]:
    """A playout's horizon: the turn after the one the candidate is played in has ended (the bot's next turn begins, at
    two players)."""
    start: list[int] = []  # the turn number right after the candidate, once seen

    def stop(state: State) -> bool:
        number = state["turn"]["number"] if state["turn"] else 0
        if not start:
            start.append(number)
        return state["turn"] is not None and number >= start[0] + 2

    return stop


def material(state: State, seat: int) -> float:
    """What a seat has left: its cards in play by value, scaled by the HP they have left, and its unplayed cards."""
    total = 0.0
    for card in state["play"][seat]:
        hp = BY_NAME[card["name"]]["hp"] or 1
        total += card_value(card["name"]) * (hp - card["damage"]) / hp
    for name in state["holds"][seat] + state["lockers"][seat]:
        if BY_NAME[name]["hp"] is not None:
            total += HELD * card_value(name)
    return total


def judge(state: State, seat: int) -> float:
    """The bot's share of all the material on the table, from 0 to 1."""
    mine = material(state, seat)
    rivals = sum(material(state, other) for other in range(state["players"])
                 if other != seat and not state["out"][other])
    return mine / (mine + rivals) if mine + rivals > 0 else 0.5


# ``basic`` for every seat (it reads no random numbers) until the next player's turn has ended, then ``judge``; every
# candidate in the same worlds, basic's choice kept unless another is better by ``MARGIN``.
SEARCH = Hard(judge=judge, depth=DEPTH, policy="basic", horizon=next_turn_begun, margin=MARGIN)
