"""Turncoats rules, one test per clause of the rules summary and our edition, played through the engine."""

from __future__ import annotations

import random

import pytest

from games.bots import decide
from games.protocol import Budget, IllegalAction, apply_checked
from games.turncoats import GAME, rules
from games.turncoats.data import ADJACENT, AREAS, COLOURS, EDGES, HAND_SIZE, HOMELANDS, STONES_PER_COLOUR
from games.turncoats.rules import ruler, winning_colour
from tests.games.turncoats.scenario import counts, make, play, stones_total

# ----------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "bag"), [(2, 25), (3, 17), (4, 9), (5, 1)])
def test_setup_bag_hands_and_homelands(players: int, bag: int) -> None:
    state = GAME.new_state(players, {}, 11)
    assert sum(state["bag"].values()) == bag
    assert all(sum(h.values()) == HAND_SIZE for h in state["hands"])
    for colour, area in HOMELANDS.items():
        assert state["areas"][area] == {**counts(), colour: 2}
    assert all(sum(a.values()) == 2 for a in state["areas"])
    assert stones_total(state) == 63
    assert 0 <= state["turn"] < players and state["turn"] == state["first"]


def test_first_player_is_random_across_seeds() -> None:
    assert {GAME.new_state(3, {}, seed)["first"] for seed in range(40)} == {0, 1, 2}


def test_map_has_17_edges_both_ways() -> None:
    assert len(EDGES) == 17
    for a, b in EDGES:
        assert b in ADJACENT[a] and a in ADJACENT[b]


# ----------------------------------------------------------------------------- recruit


def test_recruit_any_area_even_another_homeland_and_turn_passes() -> None:
    state = make(hands=[counts(red=2), counts(blue=1)])
    after = play(state, {"type": "recruit", "colour": "red", "area": HOMELANDS["blue"]})
    assert after["areas"][HOMELANDS["blue"]]["red"] == 1
    assert after["hands"][0]["red"] == 1 and after["turn"] == 1


def test_cannot_spend_a_colour_not_in_hand() -> None:
    state = make(hands=[counts(red=2), counts(blue=1)])
    with pytest.raises(IllegalAction):
        apply_checked(GAME, state, 0, {"type": "recruit", "colour": "blue", "area": 0})


def test_not_your_turn_is_refused() -> None:
    state = make(hands=[counts(red=2), counts(blue=1)])
    with pytest.raises(IllegalAction) as err:
        apply_checked(GAME, state, 1, {"type": "recruit", "colour": "blue", "area": 0})
    assert err.value.code == "not_your_turn"


# ----------------------------------------------------------------------------- battle


def test_battle_kills_are_compulsory_and_capped_by_attackers() -> None:
    # The summary's example: 3 blue, 1 black, 2 red; red on the axe kills exactly 2 non-reds.
    state = make(areas={5: counts(blue=3, black=1, red=2)}, hands=[counts(red=1), counts(blue=1)])
    options = [a for a in GAME.legal(state, 0) if a["type"] == "battle" and a["area"] == 5]
    assert {tuple(sorted(a["victims"].items())) for a in options} == {
        (("black", 0), ("blue", 2)), (("black", 1), ("blue", 1))}
    after = play(state, {"type": "battle", "colour": "red", "area": 5, "victims": {"blue": 1, "black": 1}})
    assert after["areas"][5] == counts(blue=2, red=2)
    assert after["axe"]["red"] == 1  # the axe stone stays on the axe and does not fight
    assert after["bag"]["blue"] == state["bag"]["blue"] + 1 and after["bag"]["black"] == state["bag"]["black"] + 1


def test_battle_killing_fewer_than_possible_is_refused() -> None:
    state = make(areas={5: counts(blue=3, red=2)}, hands=[counts(red=1), counts(blue=1)])
    with pytest.raises(IllegalAction):
        apply_checked(GAME, state, 0, {"type": "battle", "colour": "red", "area": 5, "victims": {"blue": 1,
                                                                                              "black": 0}})


def test_battle_capped_by_defenders() -> None:
    state = make(areas={1: counts(red=4, blue=1)}, hands=[counts(red=1), counts(blue=1)])
    after = play(state, {"type": "battle", "colour": "red", "area": 1, "victims": {"blue": 1, "black": 0}})
    assert after["areas"][1] == counts(red=4)


def test_battle_on_empty_area_is_legal_with_no_kills() -> None:
    state = make(hands=[counts(black=1), counts(blue=1)])
    action = {"type": "battle", "colour": "black", "area": 0, "victims": {"red": 0, "blue": 0}}
    assert action in GAME.legal(state, 0)
    assert play(state, action)["axe"]["black"] == 1


# ----------------------------------------------------------------------------- march


def test_march_moves_chosen_count_to_adjacent_area_only() -> None:
    state = make(areas={7: counts(blue=3, red=1)}, hands=[counts(blue=1), counts(red=1)])
    marches = [a for a in GAME.legal(state, 0) if a["type"] == "march"]
    assert {a["to"] for a in marches} == set(ADJACENT[7])
    assert {a["count"] for a in marches} == {1, 2, 3}
    assert all(a["from"] == 7 for a in marches)
    after = play(state, {"type": "march", "colour": "blue", "from": 7, "to": 10, "count": 2})
    assert after["areas"][7] == counts(blue=1, red=1) and after["areas"][10]["blue"] == 2
    assert after["flag"]["blue"] == 1
    with pytest.raises(IllegalAction):
        apply_checked(GAME, state, 0, {"type": "march", "colour": "blue", "from": 7, "to": 0, "count": 1})


def test_march_needs_an_area_with_the_flag_colour() -> None:
    state = make(areas={7: counts(red=3)}, hands=[counts(blue=1), counts(red=1)])
    assert not [a for a in GAME.legal(state, 0) if a["type"] == "march"]


# ----------------------------------------------------------------------------- negotiate and the end


def test_negotiate_draws_secretly_then_returns_openly() -> None:
    state = make(hands=[counts(red=2), counts(blue=2)])
    drawn_state = play(state, {"type": "negotiate"})
    drawn = drawn_state["drawn"]
    assert sum(drawn_state["hands"][0].values()) == 3
    assert GAME.view(drawn_state, 0)["drawn"] == drawn
    assert GAME.view(drawn_state, 1)["drawn"] is None and GAME.view(drawn_state, None)["drawn"] is None
    assert {a["type"] for a in GAME.legal(drawn_state, 0)} == {"return"}  # no going back after the draw
    after = play(drawn_state, {"type": "return", "colour": "red"})
    assert after["hands"][0]["red"] == state["hands"][0]["red"] - 1 + (drawn == "red")
    texts = [e["text"] for e in after["log"] if "to" not in e]
    assert "{s0} negotiated and returned a red stone." in texts
    private = [e for e in after["log"] if e.get("to") == [0]]
    assert private and private[0]["text"] == f"You drew a {drawn} stone."
    assert after["turn"] == 1 and after["streak"] == 1


def test_empty_hand_can_only_negotiate_and_returns_the_drawn_stone() -> None:
    state = make(hands=[counts(), counts(blue=2)])
    assert GAME.legal(state, 0) == [{"type": "negotiate"}]
    drawn = play(state, {"type": "negotiate"})
    assert GAME.legal(drawn, 0) == [{"type": "return", "colour": drawn["drawn"]}]


def test_game_ends_when_every_player_negotiates_in_a_row() -> None:
    state = make(players=3, hands=[counts(red=1), counts(blue=1), counts(black=1)], turn=0)
    for _ in range(2):
        state = play(state, {"type": "negotiate"})
        state = play(state, {"type": "return", "colour": state["drawn"]})
    assert state["streak"] == 2 and GAME.result(state) is None
    state = play(state, {"type": "negotiate"})
    state = play(state, {"type": "return", "colour": state["drawn"]})
    assert GAME.result(state) is not None and state["final_negotiator"] == 2


def test_any_other_action_resets_the_streak() -> None:
    state = make(players=2, hands=[counts(red=2), counts(blue=2)])
    state = play(state, {"type": "negotiate"})
    state = play(state, {"type": "return", "colour": state["drawn"]})
    assert state["streak"] == 1
    state = play(state, {"type": "recruit", "colour": "blue", "area": 0})
    assert state["streak"] == 0
    state = play(state, {"type": "negotiate"})
    state = play(state, {"type": "return", "colour": state["drawn"]})
    assert GAME.result(state) is None  # one Negotiate after the reset is not a full round


# ----------------------------------------------------------------------------- control


def test_control_by_clear_majority() -> None:
    state = make(areas={0: counts(red=3, blue=2)})
    assert ruler(state, 0) == "red"


def test_control_tie_broken_by_axe_then_flag() -> None:
    state = make(areas={0: counts(red=2, blue=2)}, axe=counts(blue=1))
    assert ruler(state, 0) == "blue"
    state = make(areas={0: counts(red=2, blue=2)}, axe=counts(red=1, blue=1), flag=counts(red=2, blue=1))
    assert ruler(state, 0) == "red"


def test_axe_counts_only_among_colours_tied_on_the_area() -> None:
    # Black has the most axe stones but is not tied for most stones here, so it does not break the tie.
    state = make(areas={0: counts(red=2, blue=2, black=1)}, axe=counts(black=3, red=1))
    assert ruler(state, 0) == "red"


def test_unruled_when_tie_survives_or_area_empty() -> None:
    state = make(areas={0: counts(red=2, blue=2)}, axe=counts(red=1, blue=1), flag=counts(red=1, blue=1))
    assert ruler(state, 0) is None
    assert ruler(state, 1) is None


# ----------------------------------------------------------------------------- winning colour and player


def _finish(state):  # type: ignore[no-untyped-def]
    state["over"] = True
    state["final_negotiator"] = state["players"] - 1
    return GAME.result(state)


def test_winning_colour_rules_most_areas() -> None:
    state = make(areas={0: counts(red=1), 1: counts(red=1), 2: counts(blue=1)})
    assert winning_colour(state) == "red"


def test_winning_colour_tie_broken_by_axe_then_flag() -> None:
    state = make(areas={0: counts(red=1), 1: counts(blue=1)}, axe=counts(blue=1, black=5))
    assert winning_colour(state) == "blue"  # black is not among the colours tied on areas
    state = make(areas={0: counts(red=1), 1: counts(blue=1)}, axe=counts(red=1, blue=1), flag=counts(red=1))
    assert winning_colour(state) == "red"


def test_no_area_ruled_then_axe_and_flag_still_decide() -> None:
    state = make(axe=counts(black=1))
    assert winning_colour(state) == "black"


def test_no_winning_colour_fewest_stones_wins() -> None:
    # Edition (designer's ruling): with no winning colour, the player tie-breakers decide on all stones.
    state = make(players=3, areas={0: counts(red=1), 1: counts(blue=1)},
                 hands=[counts(red=3), counts(blue=1, black=1), counts(black=4)])
    assert winning_colour(state) is None
    result = _finish(state)
    assert result["winning_colour"] is None
    assert result["winners"] == [1]
    assert [r["seat"] for r in result["ranking"]] == [1, 0, 2]


def test_winner_most_stones_of_winning_colour() -> None:
    state = make(players=3, areas={0: counts(blue=1)}, hands=[counts(blue=1), counts(blue=3, red=4), counts(blue=2)])
    result = _finish(state)
    assert result["winning_colour"] == "blue" and result["winners"] == [1]


def test_tie_on_winning_colour_broken_by_fewest_losing_stones() -> None:
    state = make(players=3, areas={0: counts(blue=1)},
                 hands=[counts(blue=2, red=2), counts(blue=2, black=1), counts(blue=1)])
    assert _finish(state)["winners"] == [1]


def test_full_tie_broken_by_turn_order_after_final_negotiator() -> None:
    state = make(players=4, areas={0: counts(blue=1)}, hands=[counts(blue=2)] * 4)
    state["over"], state["final_negotiator"] = True, 1  # seat 2 opened the final streak
    result = GAME.result(state)
    assert result["winners"] == [2]
    assert [r["seat"] for r in result["ranking"]] == [2, 3, 0, 1]


def test_result_reveals_every_hand() -> None:
    state = make(players=2, hands=[counts(red=1), counts(blue=2)])
    result = _finish(state)
    assert result["reveal"]["hands"] == [counts(red=1), counts(blue=2)]
    assert GAME.view(state, None)["hands"][1]["stones"] == counts(blue=2)


# ----------------------------------------------------------------------------- invariants over random games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_stones_conserved_and_bag_never_below_setup(players: int) -> None:
    for seed in range(15):
        state = GAME.new_state(players, {}, seed)
        floor = sum(state["bag"].values())
        rand = random.Random(seed)
        sizes = [sum(h.values()) for h in state["hands"]]
        steps = 0
        while GAME.result(state) is None:
            seat = state["turn"]
            state = apply_checked(GAME, state, seat, rand.choice(GAME.legal(state, seat)))
            steps += 1
            assert stones_total(state) == 63
            # At rest the bag never drops below its size after setup (mid-Negotiate it lends one stone).
            assert sum(state["bag"].values()) >= floor - (state["drawn"] is not None)
            if state["drawn"] is None:
                now = [sum(h.values()) for h in state["hands"]]
                assert all(n <= s for n, s in zip(now, sizes, strict=True))  # hands never grow
                sizes = now
        assert steps <= 2 * (HAND_SIZE * players + 2 * players) + 2 * HAND_SIZE * players * players


def test_default_action_negotiates_then_returns_the_drawn_stone() -> None:
    state = make(hands=[counts(red=2), counts(blue=2)])
    assert GAME.default_action(state, 0) == {"type": "negotiate"}
    drawn = play(state, GAME.default_action(state, 0))
    assert GAME.default_action(drawn, 0) == {"type": "return", "colour": drawn["drawn"]}



def test_shared_legal_actions_stay_as_made_through_whole_games() -> None:
    """Legal actions are made once and shared by every list (memory per held table): nothing that reads them (the
    engine, every bot kind) may change one. Whole games through ``decide`` and ``apply_checked``; then every action
    that can be asked for is asked again (a cached one comes back as the very object the lists shared) and compared
    with a fresh one."""
    for seed, kinds in enumerate([("basic", "hard"), ("random", "basic", "hard")]):
        state = GAME.new_state(len(kinds), {}, seed)
        rand = random.Random(seed)
        while GAME.result(state) is None:
            seat = state["turn"]
            legal = GAME.legal(state, seat)
            action = decide(GAME, state, seat, kinds[seat], rand, Budget(nodes=8, seconds=1e6), legal=list(legal))
            assert action in legal
            state = apply_checked(GAME, state, seat, action)
    counts = range(STONES_PER_COLOUR + 1)
    for colour in COLOURS:
        others = [c for c in COLOURS if c != colour]
        assert rules._return(colour) == {"type": "return", "colour": colour}
        for area in range(AREAS):
            assert rules._recruit(colour, area) == {"type": "recruit", "colour": colour, "area": area}
            for to in ADJACENT[area]:
                for n in counts[1:]:
                    assert rules._march(colour, area, to, n) == {"type": "march", "colour": colour, "from": area,
                                                                 "to": to, "count": n}
            for first in counts:
                for second in counts:
                    assert rules._battle(colour, area, first, second) == {
                        "type": "battle", "colour": colour, "area": area,
                        "victims": {others[0]: first, others[1]: second}}
    assert rules._NEGOTIATE == {"type": "negotiate"}


def test_every_areas_ruler_at_once_is_each_areas_ruler() -> None:
    """``rulers`` settles the usual case (one colour ahead) inline and leaves ties and empty areas to ``ruler``: the
    same answer for every area, on maps full of ties as well as played ones."""
    rand = random.Random(11)
    for _ in range(3000):
        state = {"areas": [{c: rand.randint(0, 3) for c in COLOURS} for _ in range(AREAS)],
                 "axe": {c: rand.randint(0, 2) for c in COLOURS}, "flag": {c: rand.randint(0, 2) for c in COLOURS}}
        assert rules.rulers(state) == [ruler(state, area) for area in range(AREAS)]
