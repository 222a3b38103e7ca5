"""The replay's "everything revealed" hook (``Game.reveal``): for every registered game that declares one, over seeded
random games, every sampled state's reveal is plain JSON and shows everything the spectators' secrets hold.

Two layers. Generic, for any game: every secret of ``game.secrets(state, None)`` has a counterpart in the reveal, once
mapped from ids to the names people read (``NAMES``): the token secrets as a multiset of names found in the reveal,
each JSON value secret (a hand's counts, a deck's order) as an object or list the reveal holds, each bare word as a
value somewhere in it. Per game (``ZONES``): each hidden zone of the state, read independently from the state, equals
its section of the reveal, so a hook that leaves a zone out (the bag, the undealt cards, a Council's War cards, a
locker's order) fails even when the secrets alone would not notice.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import games
from games.patriots_and_redcoats import data as pr
from games.protocol import Game, State
from games.raiding_parties.data import DECK
from games.raiding_parties.view import playing_card
from games.red_scare_redux.rules.zones import hand_names
from games.red_scare_redux.rules.zones import name as card_name
from tests.support.registry import EXTRA_OPTIONS, play_random, sizes

SEEDS = 3  # random games per player count with the default options; one per count with each extra option set
STRIDE = 2  # every other state of each game is checked (and always the last)

Name = Callable[[str], str]


def _pr_name(secret: str) -> str:
    if secret in pr.LOYALTY:
        return pr.LOYALTY_NAMES[pr.LOYALTY[secret]]
    if secret in pr.WAR:
        return pr.WAR_NAMES[pr.WAR[secret]]
    return secret


def _as_is(secret: str) -> str:
    return secret


# How a secret string (an id, a card code) reads in a game's reveal; a game not listed shows its secrets as they are.
NAMES: dict[str, Name] = {
    "patriots-and-redcoats": _pr_name,
    "raiding-parties": lambda code: playing_card(code) if code in DECK else code,
}


# ----------------------------------------------------------------------------- the generic layer


def _is_token(secret: str) -> bool:
    """The conformance suite's split (games/protocol.py, ``secrets``): bare words and JSON objects or lists are
    values; anything else is a token."""
    if secret.isascii() and secret.isalpha():
        return False
    if secret[:1] in "{[":
        try:
            return not isinstance(json.loads(secret), dict | list)
        except ValueError:
            return True
    return True


def _nodes(value: Any) -> Iterator[Any]:
    yield value
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        yield from _nodes(child)


def _names_shown(reveal: Any) -> Counter[str]:
    """Every name the reveal shows, as many times as it shows it: string values once each, and a tally's keys
    (``{"Patriot": 10}``) as many times as they are counted."""
    shown: Counter[str] = Counter()
    for node in _nodes(reveal):
        if isinstance(node, str):
            shown[node] += 1
        elif isinstance(node, dict):
            for key, count in node.items():
                if isinstance(count, int) and not isinstance(count, bool) and key != "seat":
                    shown[key] += count
    return shown


def _renamed(value: Any, name: Name) -> Any:
    if isinstance(value, str):
        return name(value)
    if isinstance(value, list):
        return [_renamed(item, name) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, name) for key, item in value.items()}
    return value


def _holds_value(nodes: list[Any], value: Any) -> bool:
    """The reveal (``nodes``: all of its parts) holds ``value``: a list as a list in that order; an object as part of
    an object, or as the tally of a list (a locker's counts shown as the locker itself)."""
    for node in nodes:
        if isinstance(value, list) and node == value:
            return True
        if isinstance(value, dict):
            if isinstance(node, dict) and all(key in node and node[key] == item for key, item in value.items()):
                return True
            if isinstance(node, list) and all(isinstance(item, str) for item in node) and Counter(node) == value:
                return True
    return False


def check_secrets(game: Game[Any], state: State, reveal: dict[str, Any]) -> None:
    name = NAMES.get(game.id, _as_is)
    secrets = game.secrets(state, None)
    tokens = Counter(name(secret) for secret in secrets if _is_token(secret))
    missing = tokens - _names_shown(reveal)
    assert not missing, f"hidden from spectators but not in the reveal: {dict(missing)}"
    nodes = [node for node in _nodes(reveal) if isinstance(node, dict | list | str)]
    words = {node for node in nodes if isinstance(node, str)}
    for secret in secrets:
        if _is_token(secret):
            continue
        if secret.isalpha():
            assert name(secret) in words, f"the secret word {secret!r} is not in the reveal"
        else:
            value = _renamed(json.loads(secret), name)
            assert _holds_value(nodes, value), f"the secret {secret} is not in the reveal"


# ----------------------------------------------------------------------------- each game's hidden zones


def _turncoats(state: State, reveal: dict[str, Any]) -> set[str]:
    for seat, hand in enumerate(state["hands"]):
        row = reveal["hands"][seat]
        assert row["seat"] == seat and {c: row[c] for c in hand} == hand
    assert {c: reveal["bag"][c] for c in state["bag"]} == state["bag"]
    drawn = reveal.get("drawn, not yet returned")
    if state["drawn"] is None:
        assert drawn is None
        return {"hands", "bag"}
    assert drawn == [{"seat": state["turn"], "stone": state["drawn"]}]
    return {"hands", "bag", "drawn"}


def _patriots(state: State, reveal: dict[str, Any]) -> set[str]:
    def loyalty(cards: list[str]) -> Counter[str]:
        return Counter(pr.LOYALTY_NAMES[pr.LOYALTY[c]] for c in cards)

    def war(cards: list[str]) -> list[str]:
        return [pr.WAR_NAMES[pr.WAR[c]] for c in cards]

    seen = {"hands", "box", "war deck", "spycraft deck"}
    for seat, hand in enumerate(state["hands"]):
        row = reveal["players"][seat]
        assert row["seat"] == seat
        assert Counter(row["face down"]) == loyalty([e["id"] for e in hand if not e["up"]])
        assert Counter(row["face up"]) == loyalty([e["id"] for e in hand if e["up"]])
        assert row["team"] in ("patriots", "redcoats", "not yet confirmed")
    assert Counter(reveal["Loyalty cards never dealt"]) == loyalty(state["box"])
    assert reveal["War deck, top first"] == war(state["war"]["deck"][::-1])
    assert Counter(reveal["War discard"]) == Counter(war(state["war"]["discard"]))
    spycraft = reveal["Spycraft deck, top first"]
    assert len(spycraft) == len(state["spycraft"]["deck"])
    titles = [pr.SPYCRAFT_TITLES[pr.SPYCRAFT[c]["kind"]] for c in state["spycraft"]["deck"][::-1]]
    assert all(shown.startswith(title) for shown, title in zip(spycraft, titles, strict=True))
    council = [f for f in state["stack"] if f["kind"] == "council" and f["hand"]]
    winter = [f for f in state["stack"] if f["kind"] == "winter" and f["war"]]
    shown_council = reveal.get("War cards in the Council")
    shown_winter = reveal.get("War cards drawn for Winter")
    assert (shown_council is None) == (not council) and (shown_winter is None) == (not winter)
    if council:
        assert [row["cards"] for row in reveal["War cards in the Council"]] == [war(council[-1]["hand"])]
        seen.add("council")
    if winter:
        assert [row["cards"] for row in reveal["War cards drawn for Winter"]] == [war(winter[-1]["war"])]
        seen.add("winter")
    top = state["stack"][-1] if state["stack"] else None
    if top is not None and top["kind"] == "council" and top["step"] == "vote":
        for seat in range(state["players"]):
            if state["alive"][seat]:
                vote = top["votes"][seat]
                assert reveal["players"][seat]["vote"] == ("not yet" if vote is None else "yes" if vote else "no")
        seen.add("votes")
    if top is not None and top["kind"] == "confirm" and top["choices"] is not None:
        assert all("confirming" in reveal["players"][seat] for seat in range(state["players"]) if state["alive"][seat])
        seen.add("confirmations")
    return seen


def _raiding(state: State, reveal: dict[str, Any]) -> set[str]:
    seen = {"holds", "lockers", "deck"}
    for seat in range(state["players"]):
        row = reveal["seats"][seat]
        assert row["seat"] == seat
        assert row["hold"] == state["holds"][seat]
        assert row["locker, top first"] == state["lockers"][seat]
        party = state["parties"][seat]
        assert row["party built"] == (party if party is not None else "not submitted yet")
        if state["phase"] == "build" and party is not None:
            seen.add("parties while building")
    assert reveal["flip deck, next first"] == [playing_card(code) for code in state["deck"]]
    return seen


def _red_scare(state: State, reveal: dict[str, Any]) -> set[str]:
    for seat in range(state["players"]):
        assert reveal["hands"][seat] == {"seat": seat, "team": state["team_of"][seat] + 1,
                                         "cards": hand_names(state, seat)}
    for back in ("objective", "omega", "delta"):
        assert reveal[f"{back} deck, top first"] == [card_name(state, c) for c in state["decks"][back]]
    return {"hands", "decks"}


# Each game's check of its hidden zones against the reveal; it returns the zones the state had something hidden in,
# so the test can tell that the sampled games reached them.
ZONES: dict[str, Callable[[State, dict[str, Any]], set[str]]] = {
    "turncoats": _turncoats,
    "patriots-and-redcoats": _patriots,
    "raiding-parties": _raiding,
    "red-scare-redux": _red_scare,
}
# Zones every sweep of a game must reach (the rarer ones, a Winter card say, are checked when they come up).
MUST_SEE: dict[str, set[str]] = {
    "turncoats": {"hands", "bag", "drawn"},
    "patriots-and-redcoats": {"hands", "box", "war deck", "spycraft deck", "council", "votes", "confirmations"},
    "raiding-parties": {"holds", "lockers", "deck", "parties while building"},
    "red-scare-redux": {"hands", "decks"},
}


# ----------------------------------------------------------------------------- the test

REVEALING = sorted((game_id, game) for game_id, game in games.GAMES.items() if game.reveal is not None)


def test_the_games_declare_a_reveal() -> None:
    assert set(ZONES) <= {game_id for game_id, _ in REVEALING}


@pytest.mark.parametrize("game", [game for _, game in REVEALING], ids=[game_id for game_id, _ in REVEALING])
def test_reveal_shows_everything_hidden(game: Game[Any]) -> None:
    assert game.reveal is not None
    counts = sorted({game.min_players, game.min_players + 1, game.max_players})
    seen: set[str] = set()
    for options in [None, *EXTRA_OPTIONS.get(game.id, [])]:
        for players in sizes(game, options, counts):
            for seed in range(SEEDS if options is None else 1):
                states, _ = play_random(game, players, seed, random.Random(seed), options=options)
                for index, state in enumerate(states):
                    if index % STRIDE and index != len(states) - 1:
                        continue
                    where = f"{game.id}, {players} players, options {options}, seed {seed}, state {index}"
                    reveal = game.reveal(state)
                    text = json.dumps(reveal, allow_nan=False)
                    assert json.loads(text) == reveal, f"{where}: the reveal is not plain JSON (tuples, int keys?)"
                    try:
                        check_secrets(game, state, reveal)
                        if game.id in ZONES:
                            seen |= ZONES[game.id](state, reveal)
                    except AssertionError as exc:
                        raise AssertionError(f"{where}: {exc}") from exc
    assert MUST_SEE.get(game.id, set()) <= seen, f"the sampled games never reached {MUST_SEE[game.id] - seen}"


def test_a_forgotten_zone_fails() -> None:
    """The checks are not vacuous: a reveal missing one hidden zone is caught."""
    game = games.GAMES["patriots-and-redcoats"]
    assert game.reveal is not None
    states, _ = play_random(game, 4, 0, random.Random(0))
    state = states[len(states) // 2]
    reveal = game.reveal(state)
    del reveal["Loyalty cards never dealt"]
    with pytest.raises(AssertionError, match="not in the reveal"):
        check_secrets(game, state, reveal)
    game = games.GAMES["turncoats"]
    assert game.reveal is not None
    states, _ = play_random(game, 3, 0, random.Random(0))
    state = next(s for s in states if s["drawn"] is not None)
    reveal = game.reveal(state)
    del reveal["drawn, not yet returned"]
    with pytest.raises(AssertionError):
        _turncoats(state, reveal)
