"""The ``hard`` bot and the sampler it searches with: the sampler redraws everything a seat cannot see (passed cards
too) within the rules, and the bot, played through the engine, decides legally, takes the win in front of it, spares
its own Leader and strikes the enemy Leader its worlds locate."""

from __future__ import annotations

import random
from collections import Counter

from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import LEADERS, LOYALTY, SPIES
from games.patriots_and_redcoats.rules.core import kinds
from games.protocol import Budget, State
from games.search import step
from tests.games.patriots_and_redcoats.scenario import PL, PS, RL, RS, P, R, T, act, build, close_windows, confirm_all

TINY = Budget(nodes=4, seconds=1e6)  # only nodes count, so decisions repeat


def played(players: int, seed: int, until: int) -> State:
    """A game played by ``basic`` for ``until`` actions, or until its first Winter pass if that comes sooner."""
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(seed)
    for _ in range(until):
        if GAME.result(state) is not None:
            break
        seat = (GAME.required(state) or GAME.waiting_on(state))[0]
        action = decide(GAME, state, seat, "basic", rand) or GAME.default_action(state, seat)
        state = step(GAME, state, seat, action)
    return state


def hidden_kinds(state: State, seat: int) -> list[str]:
    return sorted(LOYALTY[e["id"]] for e in state["hands"][seat] if not e["up"])


def test_the_sampler_redraws_every_hidden_zone() -> None:
    state = played(6, 3, 60)
    assert GAME.result(state) is None
    viewer = 0
    worlds = draw_worlds(GAME, state, viewer, random.Random(1), 60)
    for seat in range(1, 6):
        if state["hands"][seat] and hidden_kinds(state, seat):
            assert any(hidden_kinds(w, seat) != hidden_kinds(state, seat) for w in worlds), f"seat {seat}"
    assert any(Counter(LOYALTY[c] for c in w["box"]) != Counter(LOYALTY[c] for c in state["box"]) for w in worlds)
    assert any(w["spycraft"]["deck"] != state["spycraft"]["deck"] for w in worlds)
    assert any(w["war"]["deck"] != state["war"]["deck"] for w in worlds)
    for world in worlds:
        assert kinds(world, viewer) == kinds(state, viewer)
        assert GAME.view(world, viewer) == GAME.view(state, viewer)


def test_cards_passed_between_others_are_not_kept_where_they_went() -> None:
    """After a Winter pass every hand holds a passed card; only giver and receiver know it, so a third seat's worlds
    must move it (the old sampler kept every passed card in place)."""
    for seed in range(40):
        state = played(6, seed, 400)
        if GAME.result(state) is None and any("passes" in e["text"] for e in state["log"] if "to" not in e):
            break
    else:
        raise AssertionError("no game reached a Winter pass")
    viewer = 0
    moved = set()
    worlds = draw_worlds(GAME, state, viewer, random.Random(2), 60)
    for card in state["touched"]:
        holder = next((s for s, hand in enumerate(state["hands"]) for e in hand if e["id"] == card and not e["up"]),
                      None)
        if holder is None or holder in (viewer, 1):  # the viewer's own, or the card the viewer passed
            continue
        if any(card not in [e["id"] for e in w["hands"][holder]] for w in worlds):
            moved.add(card)
    assert moved


def test_worlds_keep_the_rules_of_the_deal() -> None:
    state = played(8, 5, 120)
    for world in draw_worlds(GAME, state, 2, random.Random(3), 40):
        for seat in range(8):
            held = kinds(world, seat)
            assert sum(k in SPIES for k in held) <= 1
            leaders = [k for k in held if k in LEADERS]
            assert len(leaders) <= 1
            assert not leaders or world["alive"][seat]
            spy = next((SPIES[k] for k in held if k in SPIES), None)
            assert not (spy and leaders and LEADERS[leaders[0]] != spy)
        assert Counter(LOYALTY[c] for s in range(8) for c in [e["id"] for e in world["hands"][s]]) + Counter(
            LOYALTY[c] for c in world["box"]) == Counter(LOYALTY.values())


def acted(state: State, seat: int) -> bool:
    """Whether ``seat`` has acted in the secret step under way (a Winter flip or selection, a confirmation, a quick
    response window)."""
    if state["windows"]:
        return seat not in state["windows"][-1]["waiting"]
    frame = state["stack"][-1]
    done = frame["choices"] if frame["kind"] == "confirm" else frame["flips" if frame["step"] == "flip" else "picks"]
    return done[seat] is not None


def first(state: State, *seats: int) -> State:
    """Each of ``seats`` in turn plays its first legal action."""
    for seat in seats:
        state = act(state, seat, GAME.legal(state, seat)[0])
    return state


def secret_steps() -> dict[str, State]:
    """A secret step of each kind, in which two seats other than seat 0 have acted and seat 0 has not (in the
    window, seat 0 has continued: a viewer's own part is theirs to know)."""
    winter = act(build(5, spycraft=["winter"], up={1: [1, 2], 3: [0]}), 0, {"type": "winter_reveal", "card": 0})
    flip = first(winter, 1, 3)
    spied = act(build(7, [[PS, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]],
                      spycraft=[("spy", 1)]), 0, {"type": "spy", "to": 4})
    return {"flip": flip, "select": first(flip, 0, 2, 4, 1, 3), "confirm": first(build(5, at="setup"), 2, 4),
            "window": first(spied, 0, 4, 6)}


def test_worlds_hide_who_has_acted_in_a_secret_step() -> None:
    """Nobody sees who has acted in a secret step, only how many actions were sent (a message comes at every seq):
    across worlds, each other living seat is seen both having acted and not, always as many as in truth, while the
    viewer's own part stays as it is."""
    for name, state in secret_steps().items():
        assert GAME.secret_step(state) is not None, name
        others = [seat for seat in range(1, state["players"]) if state["alive"][seat]]
        count = sum(acted(state, seat) for seat in others)
        assert 0 < count < len(others), name
        seen: dict[int, set[bool]] = {seat: set() for seat in others}
        for world in draw_worlds(GAME, state, 0, random.Random(4), 40):
            assert acted(world, 0) == acted(state, 0), name
            assert sum(acted(world, seat) for seat in others) == count, name
            assert GAME.legal(world, 0) == GAME.legal(state, 0), name
            for seat in others:
                seen[seat].add(acted(world, seat))
        assert all(len(statuses) == 2 for statuses in seen.values()), f"{name}: {seen}"


def test_a_leader_flipped_face_down_is_still_looked_for_where_it_was() -> None:
    """Seat 1 shows the Redcoat Leader, flips it face down in Winter and keeps it through the pass: the table saw it
    go face down, so the worlds still put it with seat 1 most of the time (and else with seat 2, who received seat 1's
    card), not anywhere."""
    state = act(build(5, spycraft=["winter"], up={1: [0]}), 0, {"type": "winter_reveal", "card": 0})
    state = first(state, 0, 1, 2, 3, 4)  # the flips: seat 1 flips its Leader face down
    assert "{s1} flips King George III (Redcoat Leader) face down." in [e["text"] for e in state["log"]]
    for seat in range(5):  # every pick is the last passable card: seat 1 keeps its Leader in slot 0
        state = act(state, seat, GAME.legal(state, seat)[-1])
    state = confirm_all(state)
    assert kinds(state, 1)[0] == RL and GAME.view(state, 0)["seats"][1]["face_up"] == []
    worlds = draw_worlds(GAME, state, 0, random.Random(1), 100)
    holders = Counter(next(s for s in range(5) if RL in kinds(w, s)) for w in worlds)
    assert holders[1] >= 70 and holders[1] + holders[2] >= 90, holders


def test_hard_bots_in_every_seat_decide_legally() -> None:
    for players, seed in ((4, 11), (7, 12)):
        state = GAME.new_state(players, {}, seed)
        rand = random.Random(seed)
        kinds_seen = set()
        for _ in range(250):
            if GAME.result(state) is not None:
                break
            seat = (GAME.required(state) or GAME.waiting_on(state))[0]
            action = decide(GAME, state, seat, "hard", rand, TINY)
            assert action is None or action in GAME.legal(state, seat)
            kinds_seen.add(action["type"] if action else None)
            state = step(GAME, state, seat, action or GAME.default_action(state, seat))
        assert {"vote", "spy", "continue"} <= kinds_seen


def test_it_takes_the_win_a_spy_card_gives() -> None:
    # Seat 1 shows the Redcoat Leader with one face-down card left and 2 eyes: one more eye eliminates them.
    state = build(5, [[P, P, T], [RL, R, R], [P, R, T], [PL, R, P], [P, P, R]], up={1: [0, 1]},
                  spycraft=[("spy", 1)], eyes={1: [2]})
    action = decide(GAME, state, 0, "hard", random.Random(1), TINY)
    assert action == {"type": "spy", "to": 1}
    after = step(GAME, state, 0, action)
    assert after["windows"], "the gift opens its response window"


def test_it_spares_its_own_leader() -> None:
    # Now seat 1 shows the hard bot's own Leader: the same gift would lose the game.
    state = build(5, [[P, P, T], [PL, P, R], [P, R, T], [RL, R, P], [P, P, R]], up={1: [0, 1]},
                  spycraft=[("spy", 1)], eyes={1: [2]})
    for seed in range(5):
        assert decide(GAME, state, 0, "hard", random.Random(seed), TINY) != {"type": "spy", "to": 1}


def test_a_spy_strikes_the_leader_its_worlds_locate() -> None:
    # Seats 2 and 4 are dead and seat 1 shows the Patriot Leader, so the Redcoat Leader can only be seat 3's; no card
    # says so (``basic`` only strikes a revealed Leader).
    state = build(5, [[PS, P, P], [PL, P, R], [P, R, T], [RL, R, P], [P, P, R]], up={1: [0, 1]}, dead=[2, 4],
                  spycraft=[("spy", 1)])
    action = decide(GAME, state, 0, "hard", random.Random(1), TINY)
    assert action == {"type": "assassinate", "target": 3, "turncoat": False}
    assert decide(GAME, state, 0, "basic", random.Random(1)) != action


def test_a_spy_holds_its_strike_while_its_worlds_are_split() -> None:
    # As above, but seats 3 and 4 are both alive and nothing tells them apart: the Redcoat Leader is either's, and a
    # strike at even odds would cost the Spy half the time.
    state = build(5, [[PS, P, P], [PL, P, R], [P, R, T], [RL, R, P], [P, P, R]], up={1: [0, 1]}, dead=[2],
                  spycraft=[("spy", 1)])
    for seed in range(4):
        action = decide(GAME, state, 0, "hard", random.Random(seed), TINY)
        assert action is None or action["type"] != "assassinate", action


def test_in_a_fixed_window_it_reveals_a_turncoat_only_when_that_saves_it() -> None:
    # Fixed windows owe nothing, so the Turncoat is the target's only legal action. Seat 2, a Patriot Spy, strikes
    # seat 4 (P, R, T). With two cards face up the Turncoat is seat 4's last: revealing it eliminates them at once,
    # while waiting keeps them alive if the window is cancelled; with all three face down it saves them.
    spies = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, R, T], [P, P, R], [R, R, P]]
    fixed = {"window_mode": "fixed"}
    strike = {"type": "assassinate", "target": 4, "turncoat": False}
    last = act(build(7, spies, up={4: [0, 1]}, options=fixed), 2, strike)
    assert GAME.legal(last, 4) == [{"type": "turncoat"}]
    assert decide(GAME, last, 4, "hard", random.Random(1), TINY) is None
    spare = act(build(7, spies, options=fixed), 2, strike)
    assert decide(GAME, spare, 4, "hard", random.Random(1), TINY) == {"type": "turncoat"}


def test_a_turncoat_sides_with_the_team_the_war_favours() -> None:
    # Seat 2 holds a Patriot, a Redcoat and a Turncoat: its team is its choice at every confirmation. The Redcoats are
    # a War Victory from winning with 7 of the 13 War cards left theirs, so most councils end the game for them: the
    # hard bot joins them in every seed, where ``basic`` picks at random at the first confirmation. (The mirror, the
    # Patriots at 3, is no sure thing: 3 of the 13 cards left are theirs.)
    hands = [[PL, P, P], [RL, R, R], [P, R, T], [P, P, R], [R, R, P]]
    state = build(5, hands, at="setup", track={"redcoats": 3})
    assert [a["team"] for a in GAME.legal(state, 2)] == ["patriots", "redcoats"]
    budget = Budget(nodes=16, seconds=1e6)  # each choice played to the end in eight worlds
    for seed in range(6):
        assert decide(GAME, state, 2, "hard", random.Random(seed), budget) == {"type": "confirm", "team": "redcoats"}
    assert {decide(GAME, state, 2, "basic", random.Random(seed))["team"] for seed in range(6)} == {"patriots",
                                                                                                  "redcoats"}


def test_a_commander_names_the_agent_the_table_trusts() -> None:
    # Seat 2 shows a Patriot card and seat 3 a Redcoat: the plain table, and so the vote, favours seat 2 for the
    # Patriot Commander, whose nomination is a plain player's (valued from the true state, it beat the likeliest ally).
    state = build(5, [[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [P, P, R]], up={2: [0], 3: [1]}, at="council")
    assert {a["agent"] for a in GAME.legal(state, 0)} == {1, 2, 3, 4}
    for seed in range(4):
        assert decide(GAME, state, 0, "hard", random.Random(seed), TINY) == {"type": "nominate", "agent": 2}


def test_a_spy_strikes_down_the_assassin_of_its_leader() -> None:
    # Seat 3, the Redcoat Spy, declares on seat 0, who shows the Patriot Leader. Seat 2, the Patriot Spy, can save the
    # game only by striking seat 3 first; it does, where ``basic`` lets the window close. Declared on seat 4 instead (a
    # plain player), the strike costs the Patriots no Leader and seat 2 keeps its card.
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, P, R], [P, R, T], [R, R, P]]
    state = build(7, hands, up={0: [0]})
    on_leader = act(state, 3, {"type": "assassinate", "target": 0, "turncoat": False})
    counter = {"type": "assassinate", "target": 3, "turncoat": False}
    assert counter in GAME.legal(on_leader, 2)
    for seed in range(4):
        assert decide(GAME, on_leader, 2, "hard", random.Random(seed), TINY) == counter
    assert decide(GAME, on_leader, 2, "basic", random.Random(1)) != counter
    lost = GAME.result(close_windows(on_leader))
    assert lost is not None and lost["winning_team"] == "redcoats"
    saved = close_windows(act(on_leader, 2, counter))
    assert GAME.result(saved) is None and saved["alive"][0] and not saved["alive"][3]
    on_plain = act(state, 3, {"type": "assassinate", "target": 4, "turncoat": False})
    for seed in range(4):
        action = decide(GAME, on_plain, 2, "hard", random.Random(seed), TINY)
        assert action is None or action["type"] != "assassinate", action
