"""The end: going out (K5a, ruling 15), the last survivor and the shared draw (K5b, K5d), the no-progress draw
(K5c) and the result's ranking (K5d, ruling 16)."""

from __future__ import annotations

from games.protocol import State, apply_checked, apply_expiry
from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import act, build, legal, seat_view, spawned

END = {"type": "end"}


def attack(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def view(state: State) -> dict:
    return GAME.view(state, None)


def test_a_player_with_no_card_in_locker_hold_or_play_is_out_and_skipped() -> None:
    """K5(a): Davy Jones does not count; the game goes on with the others; their turns are skipped."""
    state = build(3, in_play={0: ["Rogue"], 1: ["Pirate"], 2: ["Sloop"]}, davy_jones={1: ["Captain"]}, deck=["AS"])
    state = attack(state, "c1", "Pistol", "c2")
    assert seat_view(state, 1)["out"] is True and view(state)["out_order"] == [1]
    assert GAME.result(state) is None
    state = act(state, 0, END)
    assert view(state)["turn"]["seat"] == 2
    state = act(state, 2, END)
    assert view(state)["turn"]["seat"] == 0


def test_a_card_in_the_locker_or_hold_keeps_a_player_in() -> None:
    """K5(a): the locker and the hold count."""
    state = build(3, in_play={0: ["Rogue"], 2: ["Sloop"]}, locker={1: ["Pirate"]}, hold={2: ["Pirate"]})
    assert not any(s["out"] for s in view(state)["seats"])


def test_spawned_pirates_in_play_keep_their_player_in_the_game() -> None:
    """K5(a), ruling 15: the Pirate Chief dies but its spawned Pirate remains; when that dies too, the player is
    out."""
    state = spawned(build(in_play={0: ["Master Gunner"], 1: ["Pirate Chief"]}, deck=["AS", "2S"]), 1)
    state = attack(state, "c1", "Cannon", "c2")
    assert seat_view(state, 1)["out"] is False and GAME.result(state) is None
    state = act(act(state, 0, END), 1, END)
    state = attack(state, "c1", "Cannon", "c3")
    assert GAME.result(state)["winners"] == [0]


def test_the_last_player_not_out_wins() -> None:
    """K5(b), K5(d): the result, the ranking, and everything revealed."""
    state = build(in_play={0: ["Rogue"], 1: ["Pirate"]}, locker={0: ["Captain"]}, hold={0: ["Pirate"]},
                  deck=["AS"])
    state = attack(state, "c1", "Pistol", "c2")
    result = GAME.result(state)
    assert result["winners"] == [0] and result["reason"] == "last_survivor"
    assert result["ranking"] == [{"seat": 0, "rank": 1}, {"seat": 1, "rank": 2}]
    assert result["reveal"]["holds"][0] == ["Pirate"] and result["reveal"]["lockers"][0] == ["Captain"]
    assert view(state)["phase"] == "over" and view(state)["winners"] == [0]
    assert legal(state, 0) == [] and legal(state, 1) == []
    assert GAME.view(state, 1)["seats"][0]["hold"] == ["Pirate"]


def test_going_out_on_ones_own_turn_ends_that_turn() -> None:
    """K5(a): the charger dies to Stand and Shoot with its player's last card; the next player's turn begins."""
    state = build(3, in_play={0: ["Pirate"], 1: ["Master Gunner"], 2: ["Sloop"]}, deck=["AS"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    state = act(state, 1, {"type": "stand", "weapon": "Cannon"})
    assert seat_view(state, 0)["out"] is True and view(state)["turn"]["seat"] == 1 and GAME.result(state) is None


def test_two_players_knocked_out_by_one_attack_go_out_one_at_a_time() -> None:
    """K5(b), K5(d): hits resolve one at a time, so no shared draw; the later one out ranks higher."""
    state = build(3, in_play={0: ["Scalawag"], 1: ["Pirate"], 2: ["Pirate"]}, deck=["AC", "KC"])
    state = act(attack(state, "c1", "Grenades", "c2"), 0, {"type": "shot", "target": "c3"})
    result = GAME.result(state)
    assert result["winners"] == [0] and result["reason"] == "last_survivor"
    assert view(state)["out_order"] == [1, 2]
    assert result["ranking"] == [{"seat": 0, "rank": 1}, {"seat": 2, "rank": 2}, {"seat": 1, "rank": 3}]


def test_players_out_together_share_a_draw_only_if_they_are_the_last() -> None:
    """K5(b): should the last players ever go out together, they share the draw; a survivor wins instead."""
    result = GAME.result(build(2))
    assert result["reason"] == "shared" and result["winners"] == [0, 1]
    assert result["ranking"] == [{"seat": 0, "rank": 1}, {"seat": 1, "rank": 1}]
    result = GAME.result(build(3, in_play={0: ["Sloop"]}))
    assert result["reason"] == "last_survivor" and result["winners"] == [0]


# ----------------------------------------------------------------------------- K5(c) no progress


def idle(state: State, turns: int) -> State:
    for _ in range(turns):
        state = act(state, view(state)["turn"]["seat"], END)
    return state


def test_ten_idle_turns_per_player_draw_the_game() -> None:
    """K5(c), ruling 16: the count and its threshold are public; at 10 × players not out the game is drawn."""
    state = build(in_play={0: ["Sloop"], 1: ["Sloop"]})
    assert (view(state)["idle_turns"], view(state)["idle_limit"]) == (0, 20)
    state = idle(state, 19)
    assert GAME.result(state) is None and view(state)["idle_turns"] == 19
    result = GAME.result(idle(state, 1))
    assert result["reason"] == "no_progress" and result["winners"] == [0, 1]
    assert result["ranking"] == [{"seat": 0, "rank": 1}, {"seat": 1, "rank": 1}]


def test_the_idle_limit_counts_only_players_not_out() -> None:
    """K5(c): 3 players, one out: 20 turns."""
    assert view(build(3, in_play={0: ["Sloop"], 1: ["Sloop"], 2: ["Sloop"]}))["idle_limit"] == 30
    state = build(3, in_play={0: ["Sloop"], 2: ["Sloop"]}, davy_jones={1: ["Pirate"]})
    assert view(state)["idle_limit"] == 20
    result = GAME.result(idle(state, 20))
    assert result["reason"] == "no_progress" and result["winners"] == [0, 2]
    assert [r["seat"] for r in result["ranking"]] == [0, 2, 1] and result["ranking"][2]["rank"] > 1


def test_damage_to_a_party_card_resets_the_count_a_miss_does_not() -> None:
    """K5(c): a miss changes nothing; damage is progress."""
    state = build(in_play={0: ["Sloop"], 1: ["Pirate Fort"]}, deck=["2H", "AC"])
    state = act(attack(state, "c1", "2 Cannons", "c2"), 0, {"type": "stop"})
    state = idle(state, 2)
    assert view(state)["idle_turns"] == 2
    state = act(attack(state, "c1", "2 Cannons", "c2"), 0, {"type": "stop"})
    state = idle(state, 1)
    assert view(state)["idle_turns"] == 0


def test_a_draw_from_the_locker_is_progress() -> None:
    """K5(c): a card changing zone (locker to hold)."""
    state = idle(build(in_play={0: ["Sloop"], 1: ["Sloop"]}, locker={1: ["Pirate"]}), 1)
    state = act(state, 1, {"type": "play", "card": "Pirate"})
    assert view(idle(state, 1))["idle_turns"] == 0


def test_spawned_cards_are_not_progress() -> None:
    """K5(c): making a Pirate, or killing a spawned one, moves no party card."""
    state = build(in_play={0: ["Pirate Chief"], 1: ["Sloop"]}, deck=["AH"])
    state = act(state, 0, {"type": "use", "card": "c1", "target": None})
    assert len(seat_view(state, 0)["in_play"]) == 2
    assert view(idle(state, 1))["idle_turns"] == 1


def test_a_table_where_everyone_times_out_still_ends() -> None:
    """K7, K5(c): the defaults (ready-made party, compulsory melee, first hold card, end; decline, pass, stop) are
    always legal, and a game of them ends, by elimination or by the no-progress draw."""
    for players, options in ((2, {}), (3, {"gold": 40}), (4, {"gold": 20, "reaction_mode": "fixed"})):
        state = GAME.new_state(players, options, players)
        for _ in range(3000):
            if GAME.result(state) is not None:
                break
            seats = GAME.required(state)
            state = (apply_checked(GAME, state, seats[0], GAME.default_action(state, seats[0])) if seats
                     else apply_expiry(GAME, state))
        assert GAME.result(state) is not None
