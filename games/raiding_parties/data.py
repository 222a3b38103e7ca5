"""Raiding Parties: every number of our edition (shared/rules/raiding-parties-edition.md), in one place.

The 31 cards in catalogue order (the row order of the edition's section 2, which the defaults follow), the three
ready-made parties, the Golden Rule, the playing-card deck and the small limits of K5. A corrected card list is a
change to this file only.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

MIN_PLAYERS, MAX_PLAYERS = 2, 4
START_HOLD = 3  # T1: everyone draws 3
IDLE_TURNS_PER_PLAYER = 10  # K5(c): the no-progress draw comes after 10 idle turns per player not out
SPAWN_CAP = 20  # K5(d): spawned cards in play per player
Gold = Literal[20, 30, 40]
DEFAULT_GOLD: Gold = 30
SHIPS_FORTS_ALLOWED = {20: 0, 30: 1, 40: 2}  # K4, the Golden Rule
MIN_COPY_CAP = 4  # ruling 13: the ready-made parties must stay legal
REACTION_SECONDS = 5  # H0, ruling 1
REACTION_SECONDS_MAX = 60

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)  # 52 cards, no jokers (F1)
INSTRUCTOR_RANK = "J"  # F3
PIRATE_SHIP_SUIT = "C"  # F3

CardType = Literal["crew", "ship", "fort", "land", "one-timer"]
UseEffect = Literal["destroy_hold", "search", "extra_attack_privateer", "extra_attack_crew", "make_pirate"]
UseTarget = Literal["hold", "own_privateer", "own_other_crew"]
Played = Literal["draw", "brethren", "extra_attack", "search", "spawn_privateer"]
Aim = Literal["one", "each", "distinct"]


class Line(TypedDict):
    """What a flip must show: any listed suit or any listed rank (F2)."""

    suits: list[str]
    ranks: list[str]


class Weapon(TypedDict):
    name: str
    kind: Literal["P", "M"]
    line: Line
    flips: int  # per attack, before auras (k for "(k targets)")
    aim: Aim  # one: all flips at one target; each: every shot its own target; distinct: k different targets
    cannon: bool
    requires: NotRequired[str]  # a card the owner must have in play (the Swashbuckler's cannon needs Captain Redd)


class Use(TypedDict):
    line: Line
    effect: UseEffect
    target: UseTarget | None


class Card(TypedDict):
    name: str
    type: CardType
    gold: int
    hp: int | None  # None: a one-timer
    unique: bool  # (X)
    traits: list[str]
    traits_in_play_only: bool
    weapons: list[Weapon]
    md: Line | None
    evade: Line | None
    fortify: Line | None
    hold: Line | None  # Navigator's Hold ability
    use: Use | None
    played: Played | None
    bonus_play: bool  # Ranger
    aura: str | None
    text: str
    expected: float | None  # the edition's E column
    expected_cannon: bool


def line(suits: str = "", ranks: str = "") -> Line:
    """``line("S D", "A K")``: the edition's ``♠ ♦, A K``."""
    return {"suits": suits.split(), "ranks": ranks.split()}


def weapon(name: str, kind: Literal["P", "M"], suits: str = "", ranks: str = "", *, flips: int = 1,
           aim: Aim = "one", cannon: bool = False, requires: str | None = None) -> Weapon:
    out: Weapon = {"name": name, "kind": kind, "line": line(suits, ranks), "flips": flips, "aim": aim,
                   "cannon": cannon}
    if requires is not None:
        out["requires"] = requires
    return out


def pistol(suits: str, ranks: str = "") -> Weapon:
    return weapon("Pistol", "P", suits, ranks)


def brace(suits: str, ranks: str = "") -> Weapon:
    return weapon("Brace of Pistols", "P", suits, ranks, flips=2, aim="each")


def grenades(suits: str, ranks: str, targets: int) -> Weapon:
    return weapon("Grenades", "P", suits, ranks, flips=targets, aim="distinct")


def cannon(suits: str, ranks: str = "", *, requires: str | None = None) -> Weapon:
    return weapon("Cannon", "P", suits, ranks, cannon=True, requires=requires)


def cannons(suits: str, ranks: str = "") -> Weapon:
    return weapon("2 Cannons", "P", suits, ranks, flips=2, aim="each", cannon=True)


def melee(name: str, suits: str, ranks: str = "") -> Weapon:
    """A melee weapon; a name starting with "2 " flips twice at the melee opponent (W2)."""
    return weapon(name, "M", suits, ranks, flips=2 if name.startswith("2 ") else 1)


def card(name: str, type_: CardType, gold: int, hp: int | None, weapons: list[Weapon], text: str,
         expected: float | None, **extra: Any) -> Card:
    out: Card = {
        "name": name, "type": type_, "gold": gold, "hp": hp, "unique": False, "traits": [],
        "traits_in_play_only": False, "weapons": weapons, "md": None, "evade": None, "fortify": None, "hold": None,
        "use": None, "played": None, "bonus_play": False, "aura": None, "text": text, "expected": expected,
        "expected_cannon": False,
    }
    out.update(extra)  # type: ignore[typeddict-item]
    return out


def use(suits: str, ranks: str, effect: UseEffect, target: UseTarget | None = None) -> Use:
    return {"line": line(suits, ranks), "effect": effect, "target": target}


PIRATE = "Pirate"
PIRATEER = "Pirateer"
PRIVATEER = "Privateer"
NAVIGATOR = "Navigator"
BRETHREN = "Brethren"
RANGER = "Ranger"
CANNONEER = "Cannoneer"
SCALAWAG = "Scalawag"
SWASHBUCKLER = "Swashbuckler"
INSTRUCTOR = "Instructor"
ARTISHAAN = "Artishaan"
CAPTAIN_REDD = "Captain Redd"
RAIDERS = "Raiders"
PIRATE_SHIP = "Pirate Ship"
QUICKSILVER = "Quicksilver"
LIBERTY = "Liberty"
COASTLANDS = "Coastlands"
DUELING_GROUNDS = "Dueling Grounds"
JOLLY_ROGER = "Jolly Roger"
JOLLY_ROGER_LINE = line("H C")  # the protected card's evade flip
MD_DAMAGE = 1  # M5: an MD line does 1 damage with 1 flip
CANNON_DAMAGE_TO_STRUCTURES = 2  # H2: a cannon hit on a Ship, Fort or Land
HOLD_HIT_DAMAGE = 2  # H3: a Ship/Fort/Land hit by a cannon in the hold enters play with 2 damage

CARDS: list[Card] = [
    # Crew
    card(PIRATE, "crew", 1, 1, [pistol("S", "A"), melee("Cutlass", "D", "A")],
         "No ability. Make a Pirate spawns this card.", 0.31, traits=["Pirate"]),
    card(PIRATEER, "crew", 1, 1, [pistol("D", "A"), melee("Cutlass", "S", "A")],
         "In play it counts as a Pirate and a Privateer; in the hold it is neither.", 0.31,
         traits=["Pirate", "Privateer"], traits_in_play_only=True),
    card(PRIVATEER, "crew", 1, 1, [pistol("D", "A K"), melee("Dagger", "S", "A")],
         "Aura: your Pirateers' Pistol attacks fire two shots (any number of Privateers still gives two).", 0.37,
         traits=["Privateer"], aura="privateer_double"),
    card(NAVIGATOR, "crew", 2, 1, [pistol("D", "A K"), melee("Dagger", "C", "A")],
         "In the hold: when an enemy hit lands on your hold you may reveal it and flip; a success cancels the hit, "
         "a failure lets the hit fall on a random hold card (this one included).", 0.37, hold=line("D H")),
    card(BRETHREN, "crew", 2, 1, [grenades("C", "A", 2), melee("Boarding Axe", "S C")],
         "Played: you may play another Brethren from your hold, which may do the same.", 0.62,
         traits=["Brethren"], played="brethren"),
    card(RANGER, "crew", 2, 1, [pistol("D C", "A"), melee("Dagger", "S", "A")],
         "Once a turn, after your regular card, you may also play a Ranger (one played first is your "
         "regular card).", 0.54, bonus_play=True),
    card("Pirate Chief", "crew", 2, 2, [pistol("S", "A"), melee("Cutlass", "D", "A K")],
         "Use: make a Pirate.", 0.37, traits=["Pirate"], use=use("H", "A", "make_pirate")),
    card(CANNONEER, "crew", 3, 1, [cannon("C", "A K"), melee("Dagger", "D", "A")],
         "Retaliates, each way once a turn: after the enemy retaliates against its melee attack it may strike "
         "once more; after an enemy projectile attack on it, it may fire its Cannon once at the attacker.", 0.37,
         expected_cannon=True),
    card("Skipper", "crew", 3, 2, [pistol("S D", "A"), melee("Cutlass", "S", "A K")],
         "Use: put any card of your locker into your hold, then shuffle the locker (not with an empty locker).",
         0.54, use=use("H D", "", "search")),
    card("Lieutenant", "crew", 3, 2, [pistol("S C", "A"), melee("Cutlass", "D", "A K")],
         "Use: one of your Privateers (Pirateers count) gets an extra attack this turn.", 0.54,
         use=use("S C", "", "extra_attack_privateer", "own_privateer")),
    card("Rogue", "crew", 3, 2, [pistol("S D", "A"), melee("Dagger", "S", "A K Q")],
         "Use: destroy a random card in one enemy hold (a Navigator and an Evade may still stop it).", 0.54,
         use=use("H", "A", "destroy_hold", "hold")),
    card("Advisor", "crew", 3, 2, [pistol("S D", "A K Q"), melee("Dagger", "S C", "A K")],
         "Played: draw one card from your locker.", 0.62, played="draw"),
    card(SCALAWAG, "crew", 3, 2, [grenades("C", "", 3), melee("Cutlass", "S D", "A J")],
         "Evades. When it evades in play (not in melee), it may throw its Grenades at once, free, once a turn.",
         0.75, evade=line("H")),
    card(SWASHBUCKLER, "crew", 3, 2,
         [melee("2 Cutlass", "S D"), cannon("S", "A", requires=CAPTAIN_REDD)],
         "While your Captain Redd is in play it may attack (and Stand and Shoot) with a Cannon instead.", 1.00,
         traits=["Swashbuckler"]),
    card(INSTRUCTOR, "crew", 3, 2, [pistol("S", "A"), melee("Cutlass", "D", "A K")],
         "Aura: every flip of your cards, in play or in the hold, also succeeds on a Jack.", 0.37,
         unique=True, aura="instructor_j"),
    card("Flagbearers", "crew", 4, 3,
         [pistol("S", "A"), melee("2 Cutlass", "S", "A K"), melee("Boarding Axe", "C", "J")],
         "Played: one of your crew in play (this one too) gets an extra attack this turn.", 0.73,
         played="extra_attack"),
    card("Flotilla", "crew", 4, 3, [brace("S", "A K"), melee("Boarding Axe", "C", "A")],
         "Use: make a Pirate.", 0.73, use=use("S H", "", "make_pirate")),
    card(RAIDERS, "crew", 4, 3, [pistol("S", "A"), melee("Boarding Axe", "S C", "A")],
         "Attacks again: one extra attack every turn.", 1.08),
    card("Officer", "crew", 4, 3, [brace("D", "A K"), melee("Cutlass", "S", "A K")],
         "Fortifies.", 0.73, unique=True, fortify=line("S C")),
    card("Master Gunner", "crew", 4, 2, [cannon("S C", "A"), melee("Cutlass", "D", "A")],
         "Fortifies.", 0.54, fortify=line("S C"), expected_cannon=True),
    card(ARTISHAAN, "crew", 5, 3, [melee("2 Boarding Axe", "S D", "A")],
         "Aura: your Pirates and Pirateers, in play or in your hold, evade on a Heart (this one too).", 1.08,
         unique=True, traits=["Pirate"], aura="artishaan_evade"),
    card(CAPTAIN_REDD, "crew", 5, 3, [pistol("S D", "A"), melee("2 Cutlass", "S C", "A")],
         "Evades. Aura: your Swashbucklers may attack with a Cannon.", 1.08,
         unique=True, evade=line("H"), aura="redd_cannons"),
    card("Captain", "crew", 6, 4, [pistol("S D", "A K"), melee("2 Cutlass", "S D", "A")],
         "Fortifies. Use: another crew of yours gets an extra attack this turn.", 1.08,
         unique=True, fortify=line("C H"), use=use("S D", "", "extra_attack_crew", "own_other_crew")),
    # Ships
    card("Sloop", "ship", 5, 3, [cannons("C")], "Melee Defense. Evades.", 0.50,
         md=line("S C"), evade=line("H"), expected_cannon=True),
    card(QUICKSILVER, "ship", 6, 4, [cannons("D", "A")],
         "Melee Defense. Played: put any card of your locker into your hold, then shuffle the locker.", 0.62,
         unique=True, md=line("S C"), played="search", expected_cannon=True),
    card(LIBERTY, "ship", 7, 5, [cannon("S D", "A K")],
         "Melee Defense. Played: a Privateer joins your play from outside the game.", 0.58,
         unique=True, md=line("S C", "A"), played="spawn_privateer", expected_cannon=True),
    card(PIRATE_SHIP, "ship", 8, 6, [cannons("", "A K")],
         "Melee Defense. Aura: every flip of your Pirates, in play or in the hold, also succeeds on a Club.", 0.73,
         traits=["Pirate"], md=line("S C"), aura="pirate_ship_clubs", expected_cannon=True),
    # Fort
    card("Pirate Fort", "fort", 8, 8, [cannons("S", "A")],
         "Melee Defense. Fortifies. Use: make a Pirate.", 0.62,
         traits=["Pirate"], md=line("S D"), fortify=line("S C"), use=use("C H", "", "make_pirate"),
         expected_cannon=True),
    # Lands
    card(COASTLANDS, "land", 3, 4, [],
         "Melee Defense. Aura: no projectile may target your Brethren, and a cannon hit on your hold that picks "
         "one is cancelled (a Destroy still works).", None, unique=True, md=line("C", "A"), aura="coastlands"),
    card(DUELING_GROUNDS, "land", 2, 3, [],
         "Melee Defense. Aura for every player: a weapon with several targets takes one, and every shot of a "
         "two-shot weapon goes at one target.", None, unique=True, md=line("S", "A K"), aura="dueling_grounds"),
    # One-timer
    card(JOLLY_ROGER, "one-timer", 2, None, [],
         "Play it from your hold when one of your cards has been hit and its own Evade and Fortify failed: that "
         "card flips Hearts or Clubs to cancel the hit. Not on itself.", None),
]

BY_NAME: dict[str, Card] = {c["name"]: c for c in CARDS}
ORDER: dict[str, int] = {c["name"]: i for i, c in enumerate(CARDS)}  # catalogue order, for defaults and holds
PIRATE_NAMES = frozenset(c["name"] for c in CARDS if "Pirate" in c["traits"] and not c["traits_in_play_only"])
STRUCTURES = ("ship", "fort", "land")  # not crew, MD cards; Lands only if their card lists MD
SHIP_OR_FORT = ("ship", "fort")

# Section 3: the ready-made parties, by the gold they are made for.
READY_MADE: dict[int, tuple[str, dict[str, int]]] = {
    20: ("Brethren of the Coast",
         {COASTLANDS: 1, BRETHREN: 4, "Rogue": 1, SCALAWAG: 1, "Advisor": 1}),
    30: ("Pirateers",
         {PIRATE_SHIP: 1, "Lieutenant": 1, "Flotilla": 1, "Pirate Chief": 2, "Skipper": 1, PRIVATEER: 2,
          PIRATEER: 2, JOLLY_ROGER: 1, PIRATE: 2}),
    40: ("Redd's Gunners",
         {"Pirate Fort": 1, "Sloop": 1, CAPTAIN_REDD: 1, SWASHBUCKLER: 3, "Master Gunner": 1, INSTRUCTOR: 1,
          NAVIGATOR: 1, RANGER: 1, JOLLY_ROGER: 1}),
}


def hits(flip_line: Line, extra_suits: tuple[str, ...] = (), extra_ranks: tuple[str, ...] = ()) -> int:
    """How many of the 52 playing cards succeed on ``flip_line`` plus the given bonuses."""
    suits = set(flip_line["suits"]) | set(extra_suits)
    ranks = set(flip_line["ranks"]) | set(extra_ranks)
    return sum(1 for c in DECK if c[-1] in suits or c[:-1] in ranks)


def chance(flip_line: Line) -> float:
    return round(hits(flip_line) / len(DECK), 2)


def _line_json(flip_line: Line | None) -> dict[str, Any] | None:
    if flip_line is None:
        return None
    return {"suits": list(flip_line["suits"]), "ranks": list(flip_line["ranks"]), "chance": chance(flip_line)}


def catalogue_json() -> list[dict[str, Any]]:
    """The catalogue as the view carries it (README: "The catalogue entry")."""
    out = []
    for c in CARDS:
        use_ = c["use"]
        out.append({
            "name": c["name"], "type": c["type"], "gold": c["gold"], "hp": c["hp"], "unique": c["unique"],
            "traits": list(c["traits"]), "traits_in_play_only": c["traits_in_play_only"],
            "weapons": [{"name": w["name"], "kind": w["kind"], "suits": list(w["line"]["suits"]),
                         "ranks": list(w["line"]["ranks"]), "flips": w["flips"], "aim": w["aim"],
                         "cannon": w["cannon"], "chance": chance(w["line"]), "requires": w.get("requires")}
                        for w in c["weapons"]],
            "md": _line_json(c["md"]), "evade": _line_json(c["evade"]), "fortify": _line_json(c["fortify"]),
            "hold": _line_json(c["hold"]),
            "use": None if use_ is None else {**(_line_json(use_["line"]) or {}), "effect": use_["effect"],
                                              "target": use_["target"]},
            "played": c["played"], "bonus_play": c["bonus_play"], "aura": c["aura"], "text": c["text"],
            "expected": c["expected"], "expected_cannon": c["expected_cannon"],
        })
    return out


class ReadyMadeParty(TypedDict):
    """A ready-made party as the view lists it (``build.ready_made``)."""

    name: str
    gold: int  # the gold it was made for
    cards: dict[str, int]


def ready_made_json(gold: int) -> list[ReadyMadeParty]:
    """The ready-made parties legal at a table of ``gold`` (each is legal at its own gold and above)."""
    return [{"name": name, "gold": made_for, "cards": dict(cards)}
            for made_for, (name, cards) in sorted(READY_MADE.items()) if made_for <= gold]
