"""Party building: the Golden Rule and its limits (K4, ruling 13), the table options (K7), the ready-made parties
(edition §3) and the simultaneous, secret build phase with its timeout (K7, K8)."""

from __future__ import annotations

import pytest

from games.protocol import IllegalAction, State
from games.raiding_parties import GAME
from games.raiding_parties.data import BY_NAME, READY_MADE
from tests.games.raiding_parties.scenario import act, legal


def table(gold: int = 30, players: int = 2, **options: object) -> State:
    return GAME.new_state(players, {"gold": gold, **options}, 7)


def submit(state: State, cards: dict, seat: int = 0) -> State:
    return act(state, seat, {"type": "party", "cards": cards})


def refused(state: State, cards: object, seat: int = 0) -> str:
    with pytest.raises(IllegalAction) as error:
        act(state, seat, {"type": "party", "cards": cards})
    return error.value.message


def cost(cards: dict[str, int]) -> int:
    return sum(BY_NAME[name]["gold"] * n for name, n in cards.items())


# ----------------------------------------------------------------------------- the Golden Rule


@pytest.mark.parametrize(("gold", "cards"), [
    (20, {"Coastlands": 1, "Dueling Grounds": 1, "Jolly Roger": 2, "Brethren": 4, "Pirate": 3}),  # no Ship or Fort
    (30, {"Pirate Ship": 1, "Coastlands": 1, "Jolly Roger": 1}),
    (30, {"Pirate Fort": 1, "Dueling Grounds": 1}),
    (40, {"Sloop": 1, "Pirate Fort": 1, "Coastlands": 1, "Jolly Roger": 1}),
    (40, {"Sloop": 2, "Pirate": 30}),
    (30, {"Pirate": 30}),  # no limit on copies without copy_cap (R)
])
def test_parties_within_the_golden_rule_are_accepted(gold: int, cards: dict[str, int]) -> None:
    """K4: Lands and one-timers do not count toward the Ship/Fort limit; total gold ≤ the table's gold."""
    state = submit(table(gold), cards)
    assert GAME.view(state, 0)["your_party"] == cards and legal(state, 0) == []


@pytest.mark.parametrize(("gold", "cards", "problem"), [
    (20, {"Sloop": 1}, "Ships and Forts"),
    (20, {"Pirate Fort": 1}, "Ships and Forts"),
    (30, {"Sloop": 1, "Pirate Fort": 1}, "Ships and Forts"),
    (30, {"Sloop": 2}, "Ships and Forts"),
    (40, {"Sloop": 3}, "Ships and Forts"),
    (40, {"Sloop": 1, "Quicksilver": 1, "Pirate Fort": 1}, "Ships and Forts"),
    (30, {"Pirate": 31}, "gold"),
    (20, {"Captain": 1, "Captain Redd": 1, "Pirate": 10}, "gold"),
    (40, {"Captain": 2}, "(X)"),
    (30, {"Coastlands": 2}, "(X)"),
])
def test_parties_outside_the_golden_rule_are_refused(gold: int, cards: dict[str, int], problem: str) -> None:
    """K4, ruling 13: the Ship/Fort limit (0, 1, 2), total ≤ gold, (X) cards once."""
    state = table(gold)
    assert problem in refused(state, cards)
    assert legal(state, 0)[0]["template"] is True  # still building


def test_a_refusal_names_every_problem() -> None:
    """Ruling 13: one message for all that is wrong."""
    message = refused(table(20), {"Sloop": 1, "Captain": 2, "Pirate": 20, "Kraken": 1})
    assert "gold" in message and "Ships and Forts" in message and "Captain" in message and "Kraken" in message


def test_exactly_the_tables_gold_is_allowed() -> None:
    """K4: total ≤ gold."""
    cards = {"Captain": 1, "Flotilla": 1, "Pirate": 20}
    assert cost(cards) == 30
    assert GAME.view(submit(table(30), cards), 0)["your_party"] == cards


@pytest.mark.parametrize("cards", [{}, {"Pirate": 0}])
def test_a_party_needs_at_least_one_card(cards: dict[str, int]) -> None:
    """Ruling 13: zero counts are ignored."""
    refused(table(), cards)


@pytest.mark.parametrize("cards", [{"Kraken": 1}, {"pirate": 1}, {"Pirate": -1}, {"Pirate": 1.0}, {"Pirate": "2"},
                                   {"Pirate": True}, ["Pirate"], None])
def test_unknown_names_and_bad_counts_are_refused(cards: object) -> None:
    """Ruling 13 and the contract: known card names, counts are JSON integers ≥ 0."""
    refused(table(), cards)


@pytest.mark.parametrize("cards", [{"Kraken": 1}, {"Pirate": -1}, {"Pirate": "2"}, {"Sloop": 2}])
def test_a_bad_party_is_refused_as_not_legal_now(cards: dict) -> None:
    """The contract: "A bad party is refused with code not_legal_now", unknown names and counts included."""
    with pytest.raises(IllegalAction) as error:
        submit(table(), cards)
    assert error.value.code == "not_legal_now"


def test_copy_cap_limits_copies_of_cards_without_x() -> None:
    """K4, K7: with copy_cap 4, five Pirates are too many; four are fine."""
    assert "copies" in refused(table(copy_cap=4), {"Pirate": 5})
    assert GAME.view(submit(table(copy_cap=4), {"Pirate": 4, "Brethren": 4}), 0)["your_party"]


@pytest.mark.parametrize(("cap", "ok"), [(3, False), (1, False), (4, True), (None, True)])
def test_copy_cap_must_be_at_least_four(cap: int | None, ok: bool) -> None:
    """Ruling 13: the ready-made parties must stay legal."""
    if ok:
        assert GAME.parse_options({"copy_cap": cap}).copy_cap == cap
    else:
        with pytest.raises(ValueError):
            GAME.parse_options({"copy_cap": cap})


@pytest.mark.parametrize("gold", [25, 50, 0])
def test_the_table_gold_is_20_30_or_40(gold: int) -> None:
    """K7: options."""
    with pytest.raises(ValueError):
        GAME.parse_options({"gold": gold})


def test_the_default_options() -> None:
    """K7, ruling 1: 30 gold, no copy cap, quick reactions of 5 seconds."""
    assert GAME.view(GAME.new_state(2, {}, 1), 0)["options"] == {
        "gold": 30, "copy_cap": None, "reaction_mode": "quick", "reaction_seconds": 5}


# ----------------------------------------------------------------------------- ready-made parties


@pytest.mark.parametrize("gold", [20, 30, 40])
def test_each_ready_made_party_costs_its_gold_and_is_legal_there(gold: int) -> None:
    """Edition §3: 20, 30 and 40 gold exactly; offered at its own table as a plain legal entry, with copy_cap 4
    too (ruling 13)."""
    name, cards = READY_MADE[gold]
    assert cost(cards) == gold
    for options in ({}, {"copy_cap": 4}):
        state = table(gold, **options)
        assert {"type": "party", "cards": cards} in legal(state, 0)
        assert GAME.view(submit(state, dict(cards)), 0)["your_party"] == cards
    assert name in [p["name"] for p in GAME.view(table(gold), 0)["build"]["ready_made"]]


@pytest.mark.parametrize(("gold", "offered"), [(20, [20]), (30, [20, 30]), (40, [20, 30, 40])])
def test_the_ready_made_parties_offered_are_those_legal_at_the_table(gold: int, offered: list[int]) -> None:
    """The contract: the 20-gold party everywhere, the 30-gold one at 30 and 40, the 40-gold one at 40."""
    plain = [a["cards"] for a in legal(table(gold), 0) if not a.get("template")]
    assert plain == [READY_MADE[g][1] for g in offered]
    assert legal(table(gold), 0)[0] == {"type": "party", "template": True, "gold": gold,
                                        "max_ships_forts": {20: 0, 30: 1, 40: 2}[gold], "copy_cap": None}


# ----------------------------------------------------------------------------- the build phase


def test_building_is_simultaneous_and_views_show_only_how_many_are_ready() -> None:
    """K7, K8: every seat builds at once; views show a count, never whose party or which."""
    state = table(30, players=3)
    assert GAME.required(state) == [0, 1, 2] and GAME.secret_step(state) is not None
    views_after = []
    for cards in (dict(READY_MADE[20][1]), {"Pirate": 3}):
        after = submit(state, cards, seat=1)
        views_after.append([GAME.view(after, viewer) for viewer in (0, 2, None)])
        assert GAME.secret_step(after) == GAME.secret_step(state)
        build = GAME.view(after, 0)["build"]
        assert build["ready_count"] == 1 and build["you_ready"] is False
        assert GAME.view(after, 1)["build"]["you_ready"] is True
        assert GAME.view(after, None)["build"]["you_ready"] is None
        assert legal(after, 0) and legal(after, 2) and legal(after, 1) == []
    assert views_after[0] == views_after[1]  # nothing tells what seat 1 chose
    public = [e["text"] for e in submit(state, {"Pirate": 3}, seat=1)["log"] if "to" not in e]
    assert not any("Pirate" in line or "{s1}" in line for line in public)


def test_a_submitted_party_is_final() -> None:
    """Ruling 13."""
    state = submit(table(), {"Pirate": 2})
    with pytest.raises(IllegalAction):
        submit(state, {"Pirate": 3})


def test_a_timeout_gives_the_ready_made_party_for_the_tables_gold() -> None:
    """K7: the default action of a seat still building."""
    for gold in (20, 30, 40):
        state = table(gold)
        default = GAME.default_action(state, 1)
        assert default == {"type": "party", "cards": READY_MADE[gold][1]}
        assert GAME.view(act(state, 1, default), 1)["your_party"] == READY_MADE[gold][1]


def test_play_begins_once_every_party_is_in() -> None:
    """T1: the game leaves the build phase with the last party; the parties became the lockers and holds."""
    state = submit(submit(table(), {"Pirate": 5}), {"Rogue": 2}, seat=1)
    view = GAME.view(state, 1)
    assert view["phase"] == "play" and view["build"] is None
    mine, theirs = view["seats"][1], view["seats"][0]
    assert mine["hold_size"] + mine["locker_size"] == 2 and theirs["hold_size"] + theirs["locker_size"] == 5
    assert theirs["hold"] is None and theirs["locker"] is None and set(mine["hold"]) == {"Rogue"}
