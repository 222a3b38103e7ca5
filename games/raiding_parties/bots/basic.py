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
from math import comb
from typing import Any

from games.protocol import Action
from games.raiding_parties.data import DECK, catalogue_json

Card = dict[str, Any]  # a card in play as the view shows it
Entry = dict[str, Any]  # a catalogue entry
CATALOGUE: dict[str, Entry] = {c["name"]: c for c in catalogue_json()}  # public, the same for every seat

HORIZON = 2.5  # turns of threat a destroyed card would still have dealt
CANNON_HIT = 2.0  # a cannon hit kills crew: worth about a 2-HP card
HOLD_HIT = 2.0  # a random card of an enemy hold destroyed (unknown, not yet in play)
SPAWN = 1.0  # a spawned Pirate's body: one more card the enemy must destroy, one more target to split fire
SEARCH = 0.6  # a card of our choice into the hold now rather than later
RACE_WEIGHT = 0.3  # the later turns of a melee a charge starts, weighed against a sure shot now
CHARGE_MARGIN = 0.05  # a charge must beat the card's best shot by this much (it commits the card)
SPAWN_CAP = 20  # K5(d): further spawns fizzle
PIRATEERS = "Pirateers"
STRUCTURES = ("ship", "fort", "land")
JOLLY_ROGER = "Jolly Roger"


class Table:
    """The seat's view, indexed for the questions the bot asks: where a card is, its lines and their odds."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me: int = view["you"]
        self.catalogue = CATALOGUE
        self.seats: list[dict[str, Any]] = view["seats"]
        self.where: dict[str, tuple[int, Card]] = {}
        self.names: list[set[str]] = []
        for seat in self.seats:
            self.names.append({c["name"] for c in seat["in_play"]})
            for c in seat["in_play"]:
                self.where[c["id"]] = (seat["seat"], c)
        flips = view["flips"]
        # Deck and pile always make up the 52 cards; an empty deck is reshuffled from the whole pile.
        pile = set(flips["pile"])
        self.deck = [c for c in DECK if c not in pile] if flips["deck"] else list(DECK)
        self.opponents = [s["seat"] for s in self.seats if s["seat"] != self.me and not s["out"]]
        self._odds: dict[tuple[frozenset[str], frozenset[str]], float] = {}

    # ------------------------------------------------------------------ cards and lines

    def entry(self, name: str) -> Entry:
        return self.catalogue[name]

    def has(self, seat: int, name: str) -> bool:
        return name in self.names[seat]

    def pirate(self, name: str, in_play: bool = True) -> bool:
        entry = self.entry(name)
        return "Pirate" in entry["traits"] and (in_play or not entry["traits_in_play_only"])

    def chance(self, seat: int, name: str, line: dict[str, Any] | None, in_play: bool = True) -> float:
        """One flip's chance for this card's line, with its owner's J and ♣ bonuses (F3), on the deck as it is."""
        if line is None:
            return 0.0
        suits, ranks = set(line["suits"]), set(line["ranks"])
        if self.has(seat, "Instructor"):
            ranks.add("J")
        if self.pirate(name, in_play) and self.has(seat, "Pirate Ship"):
            suits.add("C")
        key = (frozenset(suits), frozenset(ranks))
        if key not in self._odds:
            hits = sum(1 for c in self.deck if c[-1] in suits or c[:-1] in ranks)
            self._odds[key] = hits / len(self.deck)
        return self._odds[key]

    def evade_line(self, seat: int, name: str, in_play: bool = True) -> dict[str, Any] | None:
        line: dict[str, Any] | None = self.entry(name)["evade"]
        if (self.pirate(name, in_play) or name == "Pirateer") and self.has(seat, "Artishaan"):
            suits = set(line["suits"] if line else []) | {"H"}
            return {"suits": sorted(suits), "ranks": list(line["ranks"] if line else [])}
        return line

    def weapons(self, seat: int, name: str) -> list[dict[str, Any]]:
        return [w for w in self.entry(name)["weapons"] if w["requires"] is None or self.has(seat, w["requires"])]

    def weapon(self, seat: int, name: str, weapon: str) -> dict[str, Any] | None:
        return next((w for w in self.weapons(seat, name) if w["name"] == weapon), None)

    def dueling(self) -> bool:
        return any("Dueling Grounds" in names for names in self.names)

    def shots(self, seat: int, name: str, w: dict[str, Any]) -> tuple[int, str]:
        """Flips per attack and how they aim, as the engine fixes them when the attack starts."""
        flips, aim = w["flips"], w["aim"]
        if name == "Pirateer" and w["name"] == "Pistol" and self.has(seat, "Privateer"):
            flips, aim = 2, "each"
        if self.dueling():
            if aim == "distinct":
                flips = 1
            elif aim == "each":
                aim = "one"
        return flips, aim

    def kind(self, name: str) -> str:
        kind: str = self.entry(name)["type"]
        return kind

    # ------------------------------------------------------------------ what cards are worth

    def threat(self, seat: int, name: str) -> float:
        """Expected value this card deals per turn: its best weapon or ability, plus its aura's share."""
        best = 0.0
        for w in self.weapons(seat, name):
            flips, _ = self.shots(seat, name, w)
            best = max(best, flips * self.chance(seat, name, w) * (CANNON_HIT if w["cannon"] else 1.0))
        entry = self.entry(name)
        if name == "Raiders":
            best *= 2
        use = entry["use"]
        if use is not None:
            p = self.chance(seat, name, use)
            # What a success brings, roughly: a Pirate (its body and some shots), a hold card, a search, one more shot.
            gain = {"make_pirate": SPAWN + 0.4, "destroy_hold": HOLD_HIT, "search": SEARCH,
                    "extra_attack_privateer": 0.5, "extra_attack_crew": 0.7}[use["effect"]]
            best = max(best, p * gain)
        own = self.names[seat]
        aura = entry["aura"]
        if aura == "pirate_ship_clubs":
            best += 0.15 * sum(1 for c in self.seats[seat]["in_play"] if self.pirate(c["name"]))
        elif aura == "privateer_double":
            best += 0.35 * sum(1 for c in self.seats[seat]["in_play"] if c["name"] == "Pirateer")
        elif aura == "instructor_j":
            best += 0.04 * len(self.seats[seat]["in_play"])
        elif aura == "redd_cannons":
            best += 0.5 * sum(1 for c in self.seats[seat]["in_play"] if c["name"] == "Swashbuckler")
        elif aura in ("artishaan_evade", "coastlands"):
            best += 0.1 * len(own)
        return best

    def worth(self, seat: int, card: Card) -> float:
        """What destroying this card in play is worth: the HP it has left, and the threat it would still deal."""
        left: int = max(1, card["hp"] - card["damage"])
        return left + HORIZON * self.threat(seat, card["name"])

    def through(self, seat: int, card: Card, cannon: bool) -> float:
        """The chance a hit that lands on this card is not cancelled by its Evade or Fortify (H1)."""
        name = card["name"]
        q = 1.0 - self.chance(seat, name, self.evade_line(seat, name))
        if not cannon:
            q *= 1.0 - self.chance(seat, name, self.entry(name)["fortify"])
        return q

    def volley(self, seat: int, name: str, line: dict[str, Any] | None, flips: int, cannon: bool,
               target: Card) -> tuple[float, float]:
        """``flips`` flips of one card's line at one target: (expected value, chance the target dies)."""
        t_seat = self.where[target["id"]][0]
        q = self.chance(seat, name, line) * self.through(t_seat, target, cannon)
        left = target["hp"] - target["damage"]
        per_hit = 2 if cannon else 1
        kills_at = 1 if cannon and self.kind(target["name"]) not in STRUCTURES else -(-left // per_hit)
        if kills_at > flips:
            return flips * q * per_hit, 0.0
        # W2: flips after the kill are lost, so the kill needs at least ``kills_at`` landed hits of ``flips``.
        kill = 1.0 - sum(_binomial(flips, k, q) for k in range(kills_at))
        value = kill * self.worth(t_seat, target) + sum(_binomial(flips, k, q) * k * per_hit
                                                       for k in range(1, kills_at))
        return value, kill

    def hold_shot(self, p: float) -> float:
        """A hit on an enemy hold: a random hold card dies unless a Navigator or an Evade saves it."""
        return p * 0.85 * HOLD_HIT

    def cannoneer_risk(self, attacker: Card, target: Card, kill: float) -> float:
        """Shooting an enemy Cannoneer draws its free Cannon at the shooter (form b), if it survives."""
        if target["name"] != "Cannoneer" or target["melee"]:
            return 0.0
        t_seat = self.where[target["id"]][0]
        w = self.weapon(t_seat, "Cannoneer", "Cannon")
        assert w is not None
        value, _ = self.volley(t_seat, "Cannoneer", w, 1, True, attacker)
        return (1 - kill) * value

    # ------------------------------------------------------------------ targets

    def shootable(self, target: str, cannon: bool) -> bool:
        """W4 from this seat: an enemy crew not in melee (not a Brethren under Coastlands), a Ship or Fort; a cannon
        also an enemy Land nobody is in melee with and an enemy hold with a card."""
        if target.startswith("hold:"):
            seat = int(target[5:])
            return cannon and seat in self.opponents and self.seats[seat]["hold_size"] > 0
        found = self.where.get(target)
        if found is None or found[0] not in self.opponents:
            return False
        seat, card = found
        kind = self.kind(card["name"])
        if kind in ("ship", "fort"):
            return True
        if kind == "land":
            return cannon and not card["melee"]
        if kind != "crew" or card["melee"]:
            return False
        return not (card["name"] == "Brethren" and self.has(seat, "Coastlands"))

    def targets(self, cannon: bool) -> list[str]:
        out = [c["id"] for seat in self.opponents for c in self.seats[seat]["in_play"]
               if self.shootable(c["id"], cannon)]
        if cannon:
            out += [f"hold:{seat}" for seat in self.opponents if self.seats[seat]["hold_size"] > 0]
        return out

    def first_only(self, target: str, cannon: bool) -> bool:
        found = self.where.get(target)
        if found is None:
            return False
        kind = self.kind(found[1]["name"])
        return kind in ("ship", "fort") or (cannon and kind == "land")

    # ------------------------------------------------------------------ what an action is worth

    def shot(self, card: Card, w: dict[str, Any], target: str) -> float:
        """One flip of a projectile weapon at a target."""
        seat = self.me
        if target.startswith("hold:"):
            return self.hold_shot(self.chance(seat, card["name"], w))
        victim = self.where[target][1]
        value, kill = self.volley(seat, card["name"], w, 1, w["cannon"], victim)
        return value - self.cannoneer_risk(card, victim, kill)

    def best_shot(self, card: Card, w: dict[str, Any], excluded: tuple[str, ...] = ()) -> float:
        options = [t for t in self.targets(w["cannon"]) if t not in excluded and not self.first_only(t, w["cannon"])]
        return max((self.shot(card, w, t) for t in options), default=0.0)

    def attack(self, card: Card, weapon: str, target: str) -> float:
        """A whole attack: its first flip at ``target``, the rest where they would best go (W2, W3)."""
        w = self.weapon(self.me, card["name"], weapon)
        if w is None:
            return 0.0
        victim = self.where.get(target, (0, None))[1]
        if w["kind"] == "M":
            assert victim is not None
            return self.melee(card, w, victim, answered=True)
        flips, aim = self.shots(self.me, card["name"], w)
        if aim == "one" or self.first_only(target, w["cannon"]):
            if victim is None:
                return flips * self.shot(card, w, target)
            value, kill = self.volley(self.me, card["name"], w, flips, w["cannon"], victim)
            return value - self.cannoneer_risk(card, victim, kill)
        first = self.shot(card, w, target)
        rest = self.best_shot(card, w, (target,) if aim == "distinct" else ())
        return first + (flips - 1) * rest

    def melee(self, card: Card, w: dict[str, Any], victim: Card, *, answered: bool) -> float:
        """A melee attack on ``victim``, less what its answer (MD or retaliation) is expected to cost."""
        value, kill = self.volley(self.me, card["name"], w, w["flips"], False, victim)
        if answered:
            value -= (1 - kill) * self.answer(victim, card)
        return value

    def answer(self, defender: Card, attacker: Card) -> float:
        """What the defender's Melee Defense or best retaliation is expected to take off the attacker."""
        d_seat = self.where[defender["id"]][0]
        name = defender["name"]
        md = self.entry(name)["md"]
        if md is not None:
            return self.volley(d_seat, name, md, 1, False, attacker)[0]
        if self.kind(name) != "crew":
            return 0.0
        return max((self.volley(d_seat, name, w, w["flips"], False, attacker)[0]
                    for w in self.weapons(d_seat, name) if w["kind"] == "M"), default=0.0)

    def stand_risk(self, defender: Card, charger: Card) -> tuple[float, float]:
        """The defender's best Stand and Shoot at the charger: (value lost, chance the charger dies)."""
        d_seat = self.where[defender["id"]][0]
        name = defender["name"]
        if self.kind(name) != "crew" or defender["melee"]:
            return 0.0, 0.0
        if charger["name"] == "Brethren" and self.has(self.me, "Coastlands"):
            return 0.0, 0.0
        worst = (0.0, 0.0)
        for w in self.weapons(d_seat, name):
            if w["kind"] == "P":
                flips, _ = self.shots(d_seat, name, w)
                worst = max(worst, self.volley(d_seat, name, w, flips, w["cannon"], charger))
        return worst

    def charge(self, card: Card, weapon: str, target: str) -> float:
        """A charge: the Stand and Shoot it may meet (assumed taken whenever the defender can), the blow, the answer,
        and a share of the melee that follows."""
        w = self.weapon(self.me, card["name"], weapon)
        victim = self.where[target][1]
        if w is None:
            return 0.0
        lost, dies = self.stand_risk(victim, card)
        stood = dies > 0 or lost > 0
        dealt, kill = self.volley(self.me, card["name"], w, w["flips"], False, victim)
        answer = 0.0
        if self.entry(victim["name"])["md"] is not None or not stood:
            answer = (1 - kill) * self.answer(victim, card)
        arrive = 1 - dies
        value = -lost + arrive * (dealt - answer)
        return value + RACE_WEIGHT * arrive * (1 - kill) * self.lock(card, w, victim)

    def lock(self, card: Card, w: dict[str, Any], victim: Card) -> float:
        """The melee a charge starts (M4: it lasts until one side dies). Whoever needs fewer rounds tends to win it;
        meanwhile our card shoots at nothing else, and an enemy crew shoots at nothing but our card. A Ship, Fort or
        Land ignores its boarders on its own turn but answers each of their attacks with its Melee Defense."""
        v_seat = self.where[victim["id"]][0]
        crew = self.kind(victim["name"]) == "crew"
        rounds = 2 if crew else 1  # crew strike on their own turn and retaliate on the other's
        mine = rounds * self.landed(self.me, card["name"], w, w["flips"], victim)
        theirs = rounds * self.melee_hits(victim, card)
        t_kill: float = (victim["hp"] - victim["damage"]) / max(mine, 0.05)
        t_die: float = (card["hp"] - card["damage"]) / max(theirs, 0.05)
        win = t_die / (t_die + t_kill)
        length = t_kill * t_die / (t_kill + t_die)
        race = win * self.worth(v_seat, victim) - (1 - win) * self.worth(self.me, card)
        held = self.shooting(v_seat, victim["name"]) if crew else 0.0
        return race + length * (held - self.shooting(self.me, card["name"]))

    def landed(self, seat: int, name: str, line: dict[str, Any] | None, flips: int, target: Card) -> float:
        """Expected hits of ``flips`` normal flips that get through the target's Evade and Fortify."""
        return flips * self.chance(seat, name, line) * self.through(self.where[target["id"]][0], target, False)

    def melee_hits(self, defender: Card, attacker: Card) -> float:
        """The defender's expected landed hits when it answers or strikes in melee (MD, or its best M weapon)."""
        d_seat = self.where[defender["id"]][0]
        name = defender["name"]
        md = self.entry(name)["md"]
        if md is not None:
            return self.landed(d_seat, name, md, 1, attacker)
        return max((self.landed(d_seat, name, w, w["flips"], attacker) for w in self.weapons(d_seat, name)
                    if w["kind"] == "M"), default=0.0)

    def shooting(self, seat: int, name: str) -> float:
        """What a card's best projectile deals per turn: what it stops dealing while locked in melee."""
        return max((self.shots(seat, name, w)[0] * self.chance(seat, name, w) * (CANNON_HIT if w["cannon"] else 1.0)
                    for w in self.weapons(seat, name) if w["kind"] == "P"), default=0.0)

    def use(self, card: Card, target: str | None) -> float:
        name = card["name"]
        use = self.entry(name)["use"]
        p = self.chance(self.me, name, use)
        effect = use["effect"]
        if effect == "make_pirate":
            spawned = sum(1 for c in self.seats[self.me]["in_play"] if c["spawned"])
            if spawned >= SPAWN_CAP:
                return 0.0
            return p * (SPAWN + HORIZON * self.threat(self.me, "Pirate"))
        if effect == "destroy_hold":
            return p * 0.85 * (HOLD_HIT + 0.5)  # Destroy: a Ship in the hold dies too
        if effect == "search":
            return p * SEARCH
        assert target is not None
        found = self.where.get(target)
        return p * self.best_attack(found[1]) if found is not None else 0.0

    def best_attack(self, card: Card) -> float:
        """What one more attack by this card of ours is worth now (for extra attacks)."""
        name = card["name"]
        if card["melee"]:
            opponent = self.where.get(card["melee"][0])
            if opponent is None or self.kind(name) != "crew":
                return 0.0
            return max((self.melee(card, w, opponent[1], answered=True) for w in self.weapons(self.me, name)
                        if w["kind"] == "M"), default=0.0)
        best = 0.0
        for w in self.weapons(self.me, name):
            if w["kind"] == "P":
                for t in self.targets(w["cannon"]):
                    best = max(best, self.attack(card, w["name"], t))
        return best

    def play_worth(self, name: str) -> float:
        """What a hold card is worth once in play (to pick the regular play and a search)."""
        entry = self.entry(name)
        if entry["type"] == "one-timer":
            return -10.0
        me = self.me
        own = self.seats[me]
        hold = own["hold"] or []
        value = 0.5 * (entry["hp"] or 0) + HORIZON * self.threat(me, name)
        pirates = sum(1 for c in own["in_play"] if self.pirate(c["name"])) + sum(1 for n in hold if self.pirate(n))
        aura = entry["aura"]
        if aura == "pirate_ship_clubs" and not self.has(me, "Pirate Ship"):
            value += 1.0 + 0.4 * pirates
        elif aura == "privateer_double" and not self.has(me, "Privateer"):
            value += 0.8 * (sum(1 for c in own["in_play"] if c["name"] == "Pirateer") + 0.5 * hold.count("Pirateer"))
        elif aura == "instructor_j" and not self.has(me, "Instructor"):
            value += 0.1 * (len(own["in_play"]) + len(hold))
        value += {"draw": 0.8, "search": 0.6, "spawn_privateer": 1.5, "extra_attack": 0.6}.get(entry["played"], 0.0)
        return value


def _binomial(n: int, k: int, q: float) -> float:
    return comb(n, k) * q ** k * (1 - q) ** (n - k)


# ---------------------------------------------------------------------- the decisions


def build(view: dict[str, Any], legal: list[Action]) -> Action:
    """The 30-gold "Pirateers" party at 30 gold; otherwise the ready-made party made for the table's gold."""
    gold = view["build"]["gold"]
    made = {p["name"]: p for p in view["build"]["ready_made"]}
    wanted = made[PIRATEERS] if gold == 30 and PIRATEERS in made else max(view["build"]["ready_made"],
                                                                            key=lambda p: p["gold"])
    for action in legal:
        if not action.get("template") and action.get("cards") == wanted["cards"]:
            return action
    return next(a for a in legal if not a.get("template"))


def react(legal: list[Action]) -> Action | None:
    """Ruling 1: play the card whenever the seat holds one; otherwise let the window run (never pass early)."""
    return next((a for a in legal if a["type"] in ("jolly_roger", "navigator")), None)


def best(options: list[tuple[float, Action]]) -> tuple[float, Action]:
    """The highest value; the first listed on a tie."""
    top = options[0]
    for option in options[1:]:
        if option[0] > top[0]:
            top = option
    return top


def prompt_answer(table: Table, prompt: dict[str, Any], legal: list[Action]) -> Action | None:
    kind = prompt["kind"]
    if kind == "reaction":
        return react(legal)
    if kind == "aim":
        attacker = table.where[prompt["card"]][1]
        w = table.weapon(table.me, attacker["name"], prompt["weapon"])
        shots = [(table.shot(attacker, w, a["target"]) if w is not None else 0.0, a)
                 for a in legal if a["type"] == "shot"]
        if shots:
            value, action = best(shots)
            if value >= 0:
                return action
        return {"type": "stop"}
    if kind == "stand_and_shoot":
        return stand_or_not(table, prompt, legal)
    if kind == "retaliate":
        mine = table.where[prompt["card"]][1]
        attacker = table.where[prompt["attacker"]][1]
        options = []
        for a in legal:
            w = table.weapon(table.me, mine["name"], a.get("weapon", ""))
            if a["type"] == "retaliate" and w is not None:
                options.append((table.volley(table.me, mine["name"], w, w["flips"], False, attacker)[0], a))
        # A retaliation is never answered (ruling 2): any chance to hurt is worth taking.
        return best(options)[1] if options else legal[-1]
    if kind == "cannoneer":
        return {"type": "cannoneer"}  # a free attack, answered by nothing but MD
    if kind == "grenades":
        scalawag = table.where[prompt["card"]][1]
        w = table.weapon(table.me, scalawag["name"], "Grenades")
        throws = [(table.shot(scalawag, w, a["target"]) if w is not None else 0.0, a)
                  for a in legal if a["type"] == "grenades"]
        if throws:
            value, action = best(throws)
            if value >= 0:
                return action
        return {"type": "decline"}
    if kind == "search":
        picks = [(table.play_worth(a["card"]), a) for a in legal if a["type"] == "search"]
        return best(picks)[1] if picks else legal[-1]
    return legal[-1]


def stand_or_not(table: Table, prompt: dict[str, Any], legal: list[Action]) -> Action:
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
    options: list[tuple[float, Action]] = []
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


def own_turn(table: Table, view: dict[str, Any], legal: list[Action]) -> Action:
    me = view["seats"][table.me]
    hold: list[str] = me["hold"] or []
    due = not view["turn"]["regular_play_done"] and bool(hold)
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
    options: list[tuple[float, Action]] = []
    for card in me["in_play"]:
        mine = [a for a in legal if a.get("card") == card["id"] and a["type"] in ("attack", "charge", "use")]
        if not mine:
            continue
        shots = [(action_worth(table, card, a), a) for a in mine if a["type"] != "charge"]
        charges = [(action_worth(table, card, a), a) for a in mine if a["type"] == "charge"]
        top = best(shots) if shots else None
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


def effect_worth(table: Table, action: Action) -> float:
    if "pick" in action:
        return table.play_worth(action["pick"])
    if "target" in action:
        found = table.where.get(action["target"])
        return table.best_attack(found[1]) if found is not None else 0.0
    return 1.0  # Advisor: a card drawn


def action_worth(table: Table, card: Card, action: Action) -> float:
    if action["type"] == "use":
        return table.use(card, action["target"])
    if action["type"] == "charge":
        return table.charge(card, action["weapon"], action["target"])
    return table.attack(card, action["weapon"], action["target"])


def basic_bot(view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action | None:
    if not legal:
        return None
    if view["phase"] == "build":
        return build(view, legal)
    table = Table(view)
    prompt = view["prompt"]
    if prompt is not None:
        return prompt_answer(table, prompt, legal)
    return own_turn(table, view, legal)
