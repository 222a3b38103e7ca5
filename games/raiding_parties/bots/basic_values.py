"""What the ``basic`` bot thinks things are worth (the pricing is explained in ``basic.py``'s docstring): cards in play
and in the hold, shots, melee, charges and abilities, all in one currency, "value"."""

from __future__ import annotations

from math import comb
from typing import Any

from games.raiding_parties.bots.basic_board import Board, Card

HORIZON = 2.5  # turns of threat a destroyed card would still have dealt
CANNON_HIT = 2.0  # a cannon hit kills crew: worth about a 2-HP card
HOLD_HIT = 2.0  # a random card of an enemy hold destroyed (unknown, not yet in play)
SPAWN = 1.0  # a spawned Pirate's body: one more card the enemy must destroy, one more target to split fire
SEARCH = 0.6  # a card of our choice into the hold now rather than later
RACE_WEIGHT = 0.3  # the later turns of a melee a charge starts, weighed against a sure shot now
SPAWN_CAP = 20  # K5(d): further spawns fizzle
STRUCTURES = ("ship", "fort", "land")


class Table(Board):
    """The board with a price on everything the bot may do."""

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
