"""Who sees what (edition: Secrets), the leak-test hooks, and the reveal at the end."""

from __future__ import annotations

import copy
import json
import random
import re
from functools import cache

import pytest

from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import LEADERS, LOYALTY, SECOND_PILE, SPIES
from games.patriots_and_redcoats.rules.core import face_down_slots, kind
from games.protocol import State
from tests.games.patriots_and_redcoats.scenario import (
    PL,
    RL,
    P,
    R,
    T,
    act,
    build,
    confirm_all,
    message_text,
)
from tests.support.registry import play_random

PUBLIC_SEAT_KEYS = {"seat", "alive", "face_up", "face_down", "eyes", "eye_total", "reverse", "commander"}
ID = re.compile(r"(loyalty|spycraft|war)-\d\d")


@cache
def games() -> list[list[State]]:
    return [play_random(GAME, players, seed, random.Random(seed))[0] for players in (4, 7, 10) for seed in (1, 2)]


def _others_swapped(state: State, viewer: int | None) -> State:
    """Swap two other players' face-down cards and scramble their teams: nothing the viewer may see."""
    new = copy.deepcopy(state)
    plain = [(s, i) for s in range(new["players"]) if s != viewer for i in face_down_slots(new, s)
             if kind(new["hands"][s][i]["id"]) in SECOND_PILE]
    (a, i), (b, j) = plain[0], plain[-1]
    new["hands"][a][i]["id"], new["hands"][b][j]["id"] = new["hands"][b][j]["id"], new["hands"][a][i]["id"]
    for seat in range(new["players"]):
        if seat != viewer and new["team"][seat] is not None:
            new["team"][seat] = "redcoats" if new["team"][seat] == "patriots" else "patriots"
    return new


def test_views_never_show_another_seats_face_down_cards_or_team_before_the_end() -> None:
    checked = 0
    for states in games():
        for state in states[:-1:7]:
            for viewer in [*range(state["players"]), None]:
                view = GAME.view(state, viewer)
                assert all(set(seat) == PUBLIC_SEAT_KEYS for seat in view["seats"])
                assert ("your_cards" in view) == (viewer is not None)
                text = message_text(state, viewer)
                assert not ID.search(text)  # card ids never leave the state
                swapped = _others_swapped(state, viewer)
                assert GAME.view(swapped, viewer) == view
                if viewer is not None:
                    assert GAME.legal(swapped, viewer) == GAME.legal(state, viewer)
                checked += 1
    assert checked > 100


def test_a_face_down_leader_appears_only_to_its_holder() -> None:
    state = confirm_all(build(5, [[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [R, R, P]], at="setup"))
    for viewer in (1, 2, 3, 4, None):
        text = message_text(state, viewer)
        assert "patriot_leader" not in text and "Washington" not in text
    assert "patriot_leader" in message_text(state, 0)
    assert GAME.view(state, 0)["your_team"] == "patriots" and "your_team" not in GAME.view(state, None)


def test_the_confirmation_shows_nobody_who_has_confirmed_or_what() -> None:
    state = build(5, [[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [R, R, P]], at="setup")
    before = {v: (GAME.view(state, v), [e for e in state["log"] if "to" not in e or v in e["to"]])
              for v in (0, 1, 2, 4, None)}
    state = act(state, 3, {"type": "confirm", "team": "redcoats"})
    after = {v: (GAME.view(state, v), [e for e in state["log"] if "to" not in e or v in e["to"]])
             for v in (0, 1, 2, 4, None)}
    assert after == before


def test_the_winter_selection_shows_nobody_who_has_picked() -> None:
    state = build(5, spycraft=["winter"])
    state = act(state, 0, {"type": "winter_reveal", "card": 0})
    for seat in range(5):
        state = act(state, seat, {"type": "flip", "slot": None})
    before = [GAME.view(state, v) for v in (0, 1, None)]
    state = act(state, 3, {"type": "pass", "slot": 2})
    assert [GAME.view(state, v) for v in (0, 1, None)] == before


def test_secrets_are_every_card_id_and_never_in_a_message() -> None:
    state = games()[0][10]
    assert GAME.secrets(state, 0) <= GAME.secrets(state, None) and GAME.secrets(state, 0)
    for viewer in (0, None):
        text = message_text(state, viewer)
        assert not any(json.dumps(secret)[1:-1] in text for secret in GAME.secrets(state, viewer))


def test_the_end_reveals_everything() -> None:
    final = games()[2][-1]
    result = GAME.result(final)
    assert result is not None
    reveal = result["reveal"]
    cards = [c["kind"] for p in reveal["players"] for c in p["cards"]] + reveal["undealt"]
    assert sorted(cards) == sorted(LOYALTY.values())
    assert all(p["team"] in ("patriots", "redcoats") for p in reveal["players"])
    assert len(reveal["war_deck"]) + len(reveal["war_discard"]) + sum(reveal["track"].values()) <= 16
    view = GAME.view(final, None)
    assert all("cards" in seat and "team" in seat for seat in view["seats"])
    assert view["outcome"]["reason"] == result["reason"]
    assert {r["seat"] for r in result["ranking"]} == set(range(final["players"]))


@pytest.mark.parametrize("viewer", [0, 3, None])
def test_resample_keeps_the_message_and_moves_only_what_the_viewer_cannot_know(viewer: int | None) -> None:
    moved = 0
    for states in games():
        for state in states[1:-1:5]:
            original = message_text(state, viewer)
            for k in range(2):
                other = GAME.resample(state, viewer, random.Random(k))
                assert _strip_now(message_text(other, viewer)) == _strip_now(original)
                for seat in range(state["players"]):
                    before = [(LOYALTY[e["id"]], e["up"]) for e in state["hands"][seat]]
                    after = [(LOYALTY[e["id"]], e["up"]) for e in other["hands"][seat]]
                    if seat == viewer:
                        assert other["hands"][seat] == state["hands"][seat]
                    moved += before != after
                    for old, new in zip(state["hands"][seat], other["hands"][seat], strict=True):
                        # A face-up card stays where it is; a passed one lying face down is redrawn unless the
                        # viewer is its giver or receiver (tests/games/patriots_and_redcoats/test_hard.py).
                        if old["up"]:
                            assert old == new
                    assert sum(a[0] in SPIES for a in after) <= 1
                    for card in other["hands"][seat]:
                        if kind(card["id"]) in LEADERS:
                            assert other["alive"][seat]
                assert sorted(LOYALTY[c] for c in other["box"] if LOYALTY[c] not in SECOND_PILE) == sorted(
                    LOYALTY[c] for c in state["box"] if LOYALTY[c] not in SECOND_PILE)
    assert moved > 0


def _strip_now(text: str) -> str:
    data = json.loads(text)
    data.pop("now")
    return json.dumps(data)


def test_private_log_entries_name_their_readers() -> None:
    """Anything said to "you", a pass, or a council's cards carries ``to``; public entries never name a hidden card."""
    hidden_words = ("You ", "Your ", "passes a Patriot", "passes a Redcoat", "passes a Turncoat",
                    "passes General", "passes King")
    for states in games():
        log = states[-1]["log"]
        for entry in log:
            if any(word in entry["text"] for word in hidden_words):
                assert "to" in entry, entry
            if "to" in entry and " passes " in entry["text"]:
                giver = int(entry["text"][2:entry["text"].index("}")])
                assert giver in entry["to"] and len(entry["to"]) == 2
