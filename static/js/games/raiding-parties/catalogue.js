// Generated from games/raiding_parties/data.py by scripts/rp_catalogue.py: edit the data, not this file.
export const CATALOGUE = [
 {
  "name": "Pirate",
  "type": "crew",
  "gold": 1,
  "hp": 1,
  "unique": false,
  "traits": [
   "Pirate"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "No ability. Make a Pirate spawns this card.",
  "expected": 0.31,
  "expected_cannon": false
 },
 {
  "name": "Pirateer",
  "type": "crew",
  "gold": 1,
  "hp": 1,
  "unique": false,
  "traits": [
   "Pirate",
   "Privateer"
  ],
  "traits_in_play_only": true,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "In play it counts as a Pirate and a Privateer; in the hold it is neither.",
  "expected": 0.31,
  "expected_cannon": false
 },
 {
  "name": "Privateer",
  "type": "crew",
  "gold": 1,
  "hp": 1,
  "unique": false,
  "traits": [
   "Privateer"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   },
   {
    "name": "Dagger",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "privateer_double",
  "text": "Aura: your Pirateers' Pistol attacks fire two shots (any number of Privateers still gives two).",
  "expected": 0.37,
  "expected_cannon": false
 },
 {
  "name": "Navigator",
  "type": "crew",
  "gold": 2,
  "hp": 1,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   },
   {
    "name": "Dagger",
    "kind": "M",
    "suits": [
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": {
   "suits": [
    "D",
    "H"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "In the hold: when an enemy hit lands on your hold you may reveal it and flip; a success cancels the hit, a failure lets the hit fall on a random hold card (this one included).",
  "expected": 0.37,
  "expected_cannon": false
 },
 {
  "name": "Brethren",
  "type": "crew",
  "gold": 2,
  "hp": 1,
  "unique": false,
  "traits": [
   "Brethren"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Grenades",
    "kind": "P",
    "suits": [
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 2,
    "aim": "distinct",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "Boarding Axe",
    "kind": "M",
    "suits": [
     "S",
     "C"
    ],
    "ranks": [],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.5,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": "brethren",
  "bonus_play": false,
  "aura": null,
  "text": "Played: you may play another Brethren from your hold, which may do the same.",
  "expected": 0.62,
  "expected_cannon": false
 },
 {
  "name": "Ranger",
  "type": "crew",
  "gold": 2,
  "hp": 1,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "D",
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   },
   {
    "name": "Dagger",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": true,
  "aura": null,
  "text": "Once a turn, after your regular card, you may also play a Ranger (one played first is your regular card).",
  "expected": 0.54,
  "expected_cannon": false
 },
 {
  "name": "Pirate Chief",
  "type": "crew",
  "gold": 2,
  "hp": 2,
  "unique": false,
  "traits": [
   "Pirate"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": {
   "suits": [
    "H"
   ],
   "ranks": [
    "A"
   ],
   "chance": 0.31,
   "effect": "make_pirate",
   "target": null
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Use: make a Pirate.",
  "expected": 0.37,
  "expected_cannon": false
 },
 {
  "name": "Cannoneer",
  "type": "crew",
  "gold": 3,
  "hp": 1,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Cannon",
    "kind": "P",
    "suits": [
     "C"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": true,
    "chance": 0.37,
    "requires": null
   },
   {
    "name": "Dagger",
    "kind": "M",
    "suits": [
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Retaliates, each way once a turn: after the enemy retaliates against its melee attack it may strike once more; after an enemy projectile attack on it, it may fire its Cannon once at the attacker.",
  "expected": 0.37,
  "expected_cannon": true
 },
 {
  "name": "Skipper",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": {
   "suits": [
    "H",
    "D"
   ],
   "ranks": [],
   "chance": 0.5,
   "effect": "search",
   "target": null
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Use: put any card of your locker into your hold, then shuffle the locker (not with an empty locker).",
  "expected": 0.54,
  "expected_cannon": false
 },
 {
  "name": "Lieutenant",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S",
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5,
   "effect": "extra_attack_privateer",
   "target": "own_privateer"
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Use: one of your Privateers (Pirateers count) gets an extra attack this turn.",
  "expected": 0.54,
  "expected_cannon": false
 },
 {
  "name": "Rogue",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   },
   {
    "name": "Dagger",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A",
     "K",
     "Q"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.42,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": {
   "suits": [
    "H"
   ],
   "ranks": [
    "A"
   ],
   "chance": 0.31,
   "effect": "destroy_hold",
   "target": "hold"
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Use: destroy a random card in one enemy hold (a Navigator and an Evade may still stop it).",
  "expected": 0.54,
  "expected_cannon": false
 },
 {
  "name": "Advisor",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A",
     "K",
     "Q"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.62,
    "requires": null
   },
   {
    "name": "Dagger",
    "kind": "M",
    "suits": [
     "S",
     "C"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.58,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": "draw",
  "bonus_play": false,
  "aura": null,
  "text": "Played: draw one card from your locker.",
  "expected": 0.62,
  "expected_cannon": false
 },
 {
  "name": "Scalawag",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Grenades",
    "kind": "P",
    "suits": [
     "C"
    ],
    "ranks": [],
    "flips": 3,
    "aim": "distinct",
    "cannon": false,
    "chance": 0.25,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A",
     "J"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.58,
    "requires": null
   }
  ],
  "md": null,
  "evade": {
   "suits": [
    "H"
   ],
   "ranks": [],
   "chance": 0.25
  },
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Evades. When it evades in play (not in melee), it may throw its Grenades at once, free, once a turn.",
  "expected": 0.75,
  "expected_cannon": false
 },
 {
  "name": "Swashbuckler",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": false,
  "traits": [
   "Swashbuckler"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "2 Cutlass",
    "kind": "M",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [],
    "flips": 2,
    "aim": "one",
    "cannon": false,
    "chance": 0.5,
    "requires": null
   },
   {
    "name": "Cannon",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": true,
    "chance": 0.31,
    "requires": "Captain Redd"
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "While your Captain Redd is in play it may attack (and Stand and Shoot) with a Cannon instead.",
  "expected": 1.0,
  "expected_cannon": false
 },
 {
  "name": "Instructor",
  "type": "crew",
  "gold": 3,
  "hp": 2,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "instructor_j",
  "text": "Aura: every flip of your cards, in play or in the hold, also succeeds on a Jack.",
  "expected": 0.37,
  "expected_cannon": false
 },
 {
  "name": "Flagbearers",
  "type": "crew",
  "gold": 4,
  "hp": 3,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "2 Cutlass",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 2,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   },
   {
    "name": "Boarding Axe",
    "kind": "M",
    "suits": [
     "C"
    ],
    "ranks": [
     "J"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": "extra_attack",
  "bonus_play": false,
  "aura": null,
  "text": "Played: one of your crew in play (this one too) gets an extra attack this turn.",
  "expected": 0.73,
  "expected_cannon": false
 },
 {
  "name": "Flotilla",
  "type": "crew",
  "gold": 4,
  "hp": 3,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Brace of Pistols",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 2,
    "aim": "each",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   },
   {
    "name": "Boarding Axe",
    "kind": "M",
    "suits": [
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": {
   "suits": [
    "S",
    "H"
   ],
   "ranks": [],
   "chance": 0.5,
   "effect": "make_pirate",
   "target": null
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Use: make a Pirate.",
  "expected": 0.73,
  "expected_cannon": false
 },
 {
  "name": "Raiders",
  "type": "crew",
  "gold": 4,
  "hp": 3,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   },
   {
    "name": "Boarding Axe",
    "kind": "M",
    "suits": [
     "S",
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Attacks again: one extra attack every turn.",
  "expected": 1.08,
  "expected_cannon": false
 },
 {
  "name": "Officer",
  "type": "crew",
  "gold": 4,
  "hp": 3,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Brace of Pistols",
    "kind": "P",
    "suits": [
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 2,
    "aim": "each",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "S"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.37,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Fortifies.",
  "expected": 0.73,
  "expected_cannon": false
 },
 {
  "name": "Master Gunner",
  "type": "crew",
  "gold": 4,
  "hp": 2,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Cannon",
    "kind": "P",
    "suits": [
     "S",
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": true,
    "chance": 0.54,
    "requires": null
   },
   {
    "name": "Cutlass",
    "kind": "M",
    "suits": [
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Fortifies.",
  "expected": 0.54,
  "expected_cannon": true
 },
 {
  "name": "Artishaan",
  "type": "crew",
  "gold": 5,
  "hp": 3,
  "unique": true,
  "traits": [
   "Pirate"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "2 Boarding Axe",
    "kind": "M",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 2,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "artishaan_evade",
  "text": "Aura: your Pirates and Pirateers, in play or in your hold, evade on a Heart (this one too).",
  "expected": 1.08,
  "expected_cannon": false
 },
 {
  "name": "Captain Redd",
  "type": "crew",
  "gold": 5,
  "hp": 3,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   },
   {
    "name": "2 Cutlass",
    "kind": "M",
    "suits": [
     "S",
     "C"
    ],
    "ranks": [
     "A"
    ],
    "flips": 2,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   }
  ],
  "md": null,
  "evade": {
   "suits": [
    "H"
   ],
   "ranks": [],
   "chance": 0.25
  },
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "redd_cannons",
  "text": "Evades. Aura: your Swashbucklers may attack with a Cannon.",
  "expected": 1.08,
  "expected_cannon": false
 },
 {
  "name": "Captain",
  "type": "crew",
  "gold": 6,
  "hp": 4,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Pistol",
    "kind": "P",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": false,
    "chance": 0.58,
    "requires": null
   },
   {
    "name": "2 Cutlass",
    "kind": "M",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 2,
    "aim": "one",
    "cannon": false,
    "chance": 0.54,
    "requires": null
   }
  ],
  "md": null,
  "evade": null,
  "fortify": {
   "suits": [
    "C",
    "H"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "hold": null,
  "use": {
   "suits": [
    "S",
    "D"
   ],
   "ranks": [],
   "chance": 0.5,
   "effect": "extra_attack_crew",
   "target": "own_other_crew"
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Fortifies. Use: another crew of yours gets an extra attack this turn.",
  "expected": 1.08,
  "expected_cannon": false
 },
 {
  "name": "Sloop",
  "type": "ship",
  "gold": 5,
  "hp": 3,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "2 Cannons",
    "kind": "P",
    "suits": [
     "C"
    ],
    "ranks": [],
    "flips": 2,
    "aim": "each",
    "cannon": true,
    "chance": 0.25,
    "requires": null
   }
  ],
  "md": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "evade": {
   "suits": [
    "H"
   ],
   "ranks": [],
   "chance": 0.25
  },
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Melee Defense. Evades.",
  "expected": 0.5,
  "expected_cannon": true
 },
 {
  "name": "Quicksilver",
  "type": "ship",
  "gold": 6,
  "hp": 4,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "2 Cannons",
    "kind": "P",
    "suits": [
     "D"
    ],
    "ranks": [
     "A"
    ],
    "flips": 2,
    "aim": "each",
    "cannon": true,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": "search",
  "bonus_play": false,
  "aura": null,
  "text": "Melee Defense. Played: put any card of your locker into your hold, then shuffle the locker.",
  "expected": 0.62,
  "expected_cannon": true
 },
 {
  "name": "Liberty",
  "type": "ship",
  "gold": 7,
  "hp": 5,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "Cannon",
    "kind": "P",
    "suits": [
     "S",
     "D"
    ],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 1,
    "aim": "one",
    "cannon": true,
    "chance": 0.58,
    "requires": null
   }
  ],
  "md": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [
    "A"
   ],
   "chance": 0.54
  },
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": "spawn_privateer",
  "bonus_play": false,
  "aura": null,
  "text": "Melee Defense. Played: a Privateer joins your play from outside the game.",
  "expected": 0.58,
  "expected_cannon": true
 },
 {
  "name": "Pirate Ship",
  "type": "ship",
  "gold": 8,
  "hp": 6,
  "unique": false,
  "traits": [
   "Pirate"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "2 Cannons",
    "kind": "P",
    "suits": [],
    "ranks": [
     "A",
     "K"
    ],
    "flips": 2,
    "aim": "each",
    "cannon": true,
    "chance": 0.15,
    "requires": null
   }
  ],
  "md": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "pirate_ship_clubs",
  "text": "Melee Defense. Aura: every flip of your Pirates, in play or in the hold, also succeeds on a Club.",
  "expected": 0.73,
  "expected_cannon": true
 },
 {
  "name": "Pirate Fort",
  "type": "fort",
  "gold": 8,
  "hp": 8,
  "unique": false,
  "traits": [
   "Pirate"
  ],
  "traits_in_play_only": false,
  "weapons": [
   {
    "name": "2 Cannons",
    "kind": "P",
    "suits": [
     "S"
    ],
    "ranks": [
     "A"
    ],
    "flips": 2,
    "aim": "each",
    "cannon": true,
    "chance": 0.31,
    "requires": null
   }
  ],
  "md": {
   "suits": [
    "S",
    "D"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "evade": null,
  "fortify": {
   "suits": [
    "S",
    "C"
   ],
   "ranks": [],
   "chance": 0.5
  },
  "hold": null,
  "use": {
   "suits": [
    "C",
    "H"
   ],
   "ranks": [],
   "chance": 0.5,
   "effect": "make_pirate",
   "target": null
  },
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Melee Defense. Fortifies. Use: make a Pirate.",
  "expected": 0.62,
  "expected_cannon": true
 },
 {
  "name": "Coastlands",
  "type": "land",
  "gold": 3,
  "hp": 4,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [],
  "md": {
   "suits": [
    "C"
   ],
   "ranks": [
    "A"
   ],
   "chance": 0.31
  },
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "coastlands",
  "text": "Melee Defense. Aura: no projectile may target your Brethren, and a cannon hit on your hold that picks one is cancelled (a Destroy still works).",
  "expected": null,
  "expected_cannon": false
 },
 {
  "name": "Dueling Grounds",
  "type": "land",
  "gold": 2,
  "hp": 3,
  "unique": true,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [],
  "md": {
   "suits": [
    "S"
   ],
   "ranks": [
    "A",
    "K"
   ],
   "chance": 0.37
  },
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": "dueling_grounds",
  "text": "Melee Defense. Aura for every player: a weapon with several targets takes one, and every shot of a two-shot weapon goes at one target.",
  "expected": null,
  "expected_cannon": false
 },
 {
  "name": "Jolly Roger",
  "type": "one-timer",
  "gold": 2,
  "hp": null,
  "unique": false,
  "traits": [],
  "traits_in_play_only": false,
  "weapons": [],
  "md": null,
  "evade": null,
  "fortify": null,
  "hold": null,
  "use": null,
  "played": null,
  "bonus_play": false,
  "aura": null,
  "text": "Play it from your hold when one of your cards has been hit and its own Evade and Fortify failed: that card flips Hearts or Clubs to cancel the hit. Not on itself.",
  "expected": null,
  "expected_cannon": false
 }
];
