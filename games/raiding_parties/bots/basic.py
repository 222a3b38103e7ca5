"""Raiding Parties' ``basic`` bot: greedy, one action at a time, from its own seat's view and legal list only.

Everything is priced in one currency, "value": a point of damage that does not kill is worth 1; destroying a card is
worth the HP it had left plus ``HORIZON`` turns of its threat (the value it deals per turn). A card's threat is its
best weapon's expected hits per use (a cannon hit counted as ``CANNON_HIT``, since it kills crew) or its ability, plus
what its aura adds. Each action is then worth its expected value: the hit chance of the line with the J and ♣
bonuses in force, times the chance the target's Evade, Fortify (normal hits only) do not cancel the hit, times what
the hit does (a cannon kills crew and does 2 to Ships, Forts and Lands).

Hit chances are counted on the cards left in the flip deck: the flipped pile since the last reshuffle is public, so
the deck's make-up (not its order) is known to every seat; every flip before the next reshuffle has the same odds.

On its own turn ``basic``: plays the hold card worth most first (so its aura works and it can act this turn), its bonus
Rangers and chained Brethren, its Played effects; then, card by card, the single best of shooting, charging or an
ability. A charge must beat the card's best shot counting the Stand and Shoot it may meet, the blow, the answer and
the melee lock that follows (who tends to win it, and the shooting both sides give up while it lasts). Actions worth
less than nothing are skipped, unless half the no-progress turns are gone (K5c: waiting would only end in a draw). A
Jolly Roger left alone in the hold is played last (a hit during this turn may still give it an effect). In prompts it
aims each further shot at the best target, stands and shoots when that is worth more than taking the blow and
retaliating, always retaliates with the weapon worth most, takes every free Cannoneer and Grenades attack, searches for
the card worth most, and reacts with every Jolly Roger and Navigator it holds; it never passes a reaction window early
(ruling 1: it returns None instead).

Which card to play first: the one worth most in play, not cheap crew "to soak up fire". A card does nothing in the
hold, one play a turn is compulsory anyway, so every card comes out; delaying the strong ones only delays their
damage. The hold is not a shelter either (cannons and Rogues hit it).

It reads no random numbers: ties go to the first entry of the legal list, so it is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from games.raiding_parties.bots.basic_board import Card
from games.raiding_parties.bots.basic_values import Table
from games.raiding_parties.state import (
    AttackAction,
    ChargeAction,
    EffectAction,
    Prompt,
    RaidingAction,
    RaidingView,
    StandPrompt,
    UseAction,
)

A = TypeVar("A", bound=RaidingAction)

CHARGE_MARGIN = 0.05  # a charge must beat the card's best shot by this much (it commits the card)
PIRATEERS = "Pirateers"
JOLLY_ROGER = "Jolly Roger"


# ---------------------------------------------------------------------- the decisions


def build(view: RaidingView, legal: list[RaidingAction]) -> RaidingAction:
    """The 30-gold "Pirateers" party at 30 gold; otherwise the ready-made party made for the table's gold."""
    building = view["build"]
    assert building is not None, "the view has a build while parties are built"
    gold = building["gold"]
    made = {p["name"]: p for p in building["ready_made"]}
    wanted = made[PIRATEERS] if gold == 30 and PIRATEERS in made else max(building["ready_made"],
                                                                            key=lambda p: p["gold"])
    for action in legal:
        if not action.get("template") and action.get("cards") == wanted["cards"]:
            return action
    return next(a for a in legal if not a.get("template"))


def react(legal: list[RaidingAction]) -> RaidingAction | None:
    """Ruling 1: play the card whenever the seat holds one; otherwise let the window run (never pass early)."""
    return next((a for a in legal if a["type"] in ("jolly_roger", "navigator")), None)


def best(options: Sequence[tuple[float, A]]) -> tuple[float, A]:
    """The highest value; the first listed on a tie."""
    top = options[0]
    for option in options[1:]:
        if option[0] > top[0]:
            top = option
    return top


def prompt_answer(table: Table, prompt: Prompt, legal: list[RaidingAction]) -> RaidingAction | None:
    if prompt["kind"] == "reaction":
        return react(legal)
    if prompt["kind"] == "aim":
        attacker = table.where[prompt["card"]][1]
        w = table.weapon(table.me, attacker["name"], prompt["weapon"])
        shots = [(table.shot(attacker, w, a["target"]) if w is not None else 0.0, a)
                 for a in legal if a["type"] == "shot"]
        if shots:
            value, action = best(shots)
            if value >= 0:
                return action
        return {"type": "stop"}
    if prompt["kind"] == "stand_and_shoot":
        return stand_or_not(table, prompt, legal)
    if prompt["kind"] == "retaliate":
        mine = table.where[prompt["card"]][1]
        attacker = table.where[prompt["attacker"]][1]
        options: list[tuple[float, RaidingAction]] = []
        for a in legal:
            w = table.weapon(table.me, mine["name"], a["weapon"]) if a["type"] == "retaliate" else None
            if w is not None:
                options.append((table.volley(table.me, mine["name"], w, w["flips"], False, attacker)[0], a))
        # A retaliation is never answered (ruling 2): any chance to hurt is worth taking.
        return best(options)[1] if options else legal[-1]
    if prompt["kind"] == "cannoneer":
        return {"type": "cannoneer"}  # a free attack, answered by nothing but MD
    if prompt["kind"] == "grenades":
        scalawag = table.where[prompt["card"]][1]
        w = table.weapon(table.me, scalawag["name"], "Grenades")
        throws = [(table.shot(scalawag, w, a["target"]) if w is not None else 0.0, a)
                  for a in legal if a["type"] == "grenades"]
        if throws:
            value, throw = best(throws)
            if value >= 0:
                return throw
        return {"type": "decline"}
    if prompt["kind"] == "search":
        picks = [(table.play_worth(a["card"]), a) for a in legal if a["type"] == "search"]
        return best(picks)[1] if picks else legal[-1]
    return legal[-1]


def stand_or_not(table: Table, prompt: StandPrompt, legal: list[RaidingAction]) -> RaidingAction:
    """M2: shooting first spends the retaliation; it is worth it when the shot may kill or hurt more than taking the
    blow and striking back would."""
    mine = table.where[prompt["card"]][1]
    charger = table.where[prompt["charger"]][1]
    c_seat = table.where[charger["id"]][0]
    blow = table.weapon(c_seat, charger["name"], prompt["weapon"])
    if blow is not None:
        taken, i_die = table.volley(c_seat, charger["name"], blow, blow["flips"], False, mine)
    else:
        taken, i_die = 0.0, 0.0
    back = max((table.volley(table.me, mine["name"], w, w["flips"], False, charger)[0]
                for w in table.weapons(table.me, mine["name"]) if w["kind"] == "M"), default=0.0)
    decline = -taken + (1 - i_die) * back
    options: list[tuple[float, RaidingAction]] = []
    for a in legal:
        if a["type"] != "stand":
            continue
        w = table.weapon(table.me, mine["name"], a["weapon"])
        if w is None:
            continue
        flips, _ = table.shots(table.me, mine["name"], w)
        dealt, kills = table.volley(table.me, mine["name"], w, flips, w["cannon"], charger)
        options.append((dealt - (1 - kills) * taken, a))
    if options:
        value, action = best(options)
        if value >= decline:
            return action
    return {"type": "decline"}


def own_turn(table: Table, view: RaidingView, legal: list[RaidingAction]) -> RaidingAction:
    me = view["seats"][table.me]
    hold: list[str] = me["hold"] or []
    turn = view["turn"]
    assert turn is not None, "play has a turn"
    due = not turn["regular_play_done"] and bool(hold)
    plays = [a for a in legal if a["type"] == "play"]
    if due:
        regular = [a for a in plays if a["card"] != JOLLY_ROGER]
        if regular:
            return best([(regular_worth(table, a["card"], hold), a) for a in regular])[1]
    elif plays:
        return plays[0]  # a bonus Ranger or a chained Brethren: one more card at work
    effects = [a for a in legal if a["type"] == "effect"]
    if effects:
        return best([(effect_worth(table, a), a) for a in effects])[1]
    # K5(c): a game where nothing happens is drawn; once half the idle turns are gone, waiting only leads there, so a
    # losing exchange is still better than none.
    stalling = view["idle_turns"] >= view["idle_limit"] // 2
    options: list[tuple[float, RaidingAction]] = []
    for card in me["in_play"]:
        mine = [a for a in legal if a.get("card") == card["id"] and a["type"] in ("attack", "charge", "use")]
        if not mine:
            continue
        shots = [(action_worth(table, card, a), a) for a in mine if a["type"] != "charge"]
        charges = [(action_worth(table, card, a), a) for a in mine if a["type"] == "charge"]
        top: tuple[float, RaidingAction] | None = best(shots) if shots else None
        if charges:
            charge = best(charges)
            if (charge[0] > 0 or stalling) and (top is None or charge[0] > top[0] + CHARGE_MARGIN):
                top = charge
        if top is not None:
            # M4: a crew in melee owes one melee attack a turn; make it first, it is not optional.
            locked = table.kind(card["name"]) == "crew" and bool(card["melee"]) and not card["melee_attacked"]
            options.append((top[0] + (100.0 if locked else 0.0), top[1]))
    if options:
        value, action = best(options)
        if value >= 0 or stalling:
            return action
    if due:
        return plays[0]  # only Jolly Rogers left: the compulsory play, last, to no effect
    end = next((a for a in legal if a["type"] == "end"), None)
    if end is not None:
        return end
    return best(options)[1] if options else legal[0]


def regular_worth(table: Table, name: str, hold: list[str]) -> float:
    value = table.play_worth(name)
    others = [n for n in hold if n not in (name, JOLLY_ROGER)]
    if name == "Ranger" and hold.count("Ranger") == 1 and others:
        value -= table.play_worth("Ranger")  # it can come as the bonus play after another card
    if name == "Brethren":
        value += table.play_worth("Brethren") * (hold.count("Brethren") - 1)  # the chain brings the rest
    return value


def effect_worth(table: Table, action: EffectAction) -> float:
    if "pick" in action:
        return table.play_worth(action["pick"])
    if "target" in action:
        found = table.where.get(action["target"])
        return table.best_attack(found[1]) if found is not None else 0.0
    return 1.0  # Advisor: a card drawn


def action_worth(table: Table, card: Card, action: AttackAction | ChargeAction | UseAction) -> float:
    if action["type"] == "use":
        return table.use(card, action["target"])
    if action["type"] == "charge":
        return table.charge(card, action["weapon"], action["target"])
    return table.attack(card, action["weapon"], action["target"])


def basic_bot(view: RaidingView, legal: list[RaidingAction], rand: random.Random) -> RaidingAction | None:
    if not legal:
        return None
    if view["phase"] == "build":
        return build(view, legal)
    table = Table(view)
    prompt = view["prompt"]
    if prompt is not None:
        return prompt_answer(table, prompt, legal)
    return own_turn(table, view, legal)
