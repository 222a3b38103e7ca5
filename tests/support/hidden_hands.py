"""Hidden Hands: a small but real hidden-information game that exercises the platform before the real games land.

Each player is dealt four gems from a shuffled pouch (values 1..20). First, a simultaneous secret step: everyone
sets one gem aside face down (like building a deck before play). Then three rounds: in each, every player secretly
commits one gem; when all have committed, the gems are shown at once and the highest scores a point (a tie scores
nothing). With ``review_s`` above zero a public review window follows each reveal: everyone continues, or the window
times out (who has continued is secret: a ``secret_step``). Most points wins; ties share the win.

Secrets: a hand, a set-aside gem and a committed gem are their owner's only; the undealt gems are nobody's. Who has
committed already is public (the view shows it), how is not.
"""

from __future__ import annotations

import copy
import random
from typing import Any, cast

from pydantic import BaseModel, Field

from games import rng
from games.facts import Facts, OptionSet, Zone
from games.protocol import Action, Game, IllegalAction, Seat, State, View, Viewer, Window
from games.state import RngState

HAND = 4
ROUNDS = 3


class Options(BaseModel):
    review_s: float = Field(0, ge=0, le=60, description="Seconds of the review window after each reveal (0: none).")
    teams: bool = Field(False, description="Seat the players in two public teams (even and odd seats) with team chat.")


def gem(value: int) -> str:
    return f"gem-{value:02d}"


def setup(players: int, options: BaseModel, seed: int) -> State:
    assert isinstance(options, Options)
    state: State = {"players": players, "rng": seed, "review_s": options.review_s, "teams": options.teams, "log": []}
    pouch = [gem(v) for v in range(1, 21)]
    rng.shuffle(cast(RngState, state), pouch)  # the plain state carries the "rng" field RngState names
    state["hands"] = [sorted(pouch[i * HAND:(i + 1) * HAND]) for i in range(players)]
    state["pouch"] = pouch[players * HAND:]
    state["aside"] = [None] * players
    state["committed"] = [None] * players
    state["shown"] = []  # one list of gems per finished round, public
    state["points"] = [0] * players
    state["phase"] = "set_aside"
    state["reviewing"] = []  # seats still to continue in a review window
    state["log"].append({"text": "The gems are dealt. Everyone sets one aside in secret."})
    return state


def legal(state: State, seat: Seat) -> list[Action]:
    phase = state["phase"]
    if phase == "set_aside" and state["aside"][seat] is None:
        return [{"type": "set_aside", "gem": g} for g in state["hands"][seat]]
    if phase == "commit" and state["committed"][seat] is None:
        return [{"type": "commit", "gem": g} for g in state["hands"][seat]]
    if phase == "review" and seat in state["reviewing"]:
        return [{"type": "continue"}]
    return []


def apply(state: State, seat: Seat, action: Action) -> None:
    kind = action["type"]
    if kind == "set_aside":
        state["hands"][seat].remove(action["gem"])
        state["aside"][seat] = action["gem"]
        state["log"].append({"text": "{s%d} set a gem aside." % seat})
        state["log"].append({"text": f"You set aside {action['gem']}.", "to": [seat]})
        if all(g is not None for g in state["aside"]):
            state["phase"] = "commit"
            state["log"].append({"text": "Round 1: commit a gem."})
    elif kind == "commit":
        state["hands"][seat].remove(action["gem"])
        state["committed"][seat] = action["gem"]
        state["log"].append({"text": "{s%d} committed a gem." % seat})
        if all(g is not None for g in state["committed"]):
            _reveal(state)
    elif kind == "continue":
        state["reviewing"].remove(seat)
        if not state["reviewing"]:
            _next_round(state)
    else:  # pragma: no cover - apply_checked only passes legal actions
        raise IllegalAction("bad_action", f"Unknown action {kind!r}.")


def _reveal(state: State) -> None:
    shown = list(state["committed"])
    state["shown"].append(shown)
    state["committed"] = [None] * state["players"]
    best = max(shown)
    winners = [s for s, g in enumerate(shown) if g == best]
    text = ", ".join("{s%d}: %s" % (s, g) for s, g in enumerate(shown))
    if len(winners) == 1:
        state["points"][winners[0]] += 1
        text += "; {s%d} scores." % winners[0]
    state["log"].append({"text": f"Round {len(state['shown'])} shows {text}"})
    if state["review_s"] > 0:
        state["phase"] = "review"
        state["reviewing"] = list(range(state["players"]))
    else:
        _next_round(state)


def _next_round(state: State) -> None:
    if len(state["shown"]) >= ROUNDS:
        state["phase"] = "over"
        state["log"].append({"text": "The game is over."})
    else:
        state["phase"] = "commit"
        state["log"].append({"text": f"Round {len(state['shown']) + 1}: commit a gem."})


def view(state: State, viewer: Viewer) -> View:
    over = state["phase"] == "over"
    players = []
    for seat in range(state["players"]):
        mine = viewer == seat
        players.append({
            "seat": seat,
            "hand_size": len(state["hands"][seat]),
            "hand": list(state["hands"][seat]) if mine or over else None,
            "aside": state["aside"][seat] if mine or over else None,
            "has_set_aside": state["aside"][seat] is not None,
            "committed": state["committed"][seat] if mine else None,
            "has_committed": state["committed"][seat] is not None,
            "points": state["points"][seat],
        })
    return {
        "phase": state["phase"],
        "round": min(len(state["shown"]) + 1, ROUNDS),
        "players": players,
        "shown": [list(r) for r in state["shown"]],
        "pouch_size": len(state["pouch"]),
        "pouch": list(state["pouch"]) if over else None,
    }


def result(state: State) -> dict[str, Any] | None:
    if state["phase"] != "over":
        return None
    best = max(state["points"])
    ranking = sorted(range(state["players"]), key=lambda s: -state["points"][s])
    return {
        "winners": [s for s in range(state["players"]) if state["points"][s] == best],
        "ranking": [{"seat": s, "points": state["points"][s]} for s in ranking],
        "reveal": {"hands": state["hands"], "aside": state["aside"], "pouch": state["pouch"]},
    }


def default_action(state: State, seat: Seat) -> Action:
    options = legal(state, seat)
    return min(options, key=lambda a: a.get("gem", ""))


def window(state: State) -> Window | None:
    if state["phase"] == "review":
        return Window(key=f"review-{len(state['shown'])}", seconds=state["review_s"])
    return None


def secret_step(state: State) -> str | None:
    """The review window is the one step whose actors are secret: who has continued is in no view or log line (who
    has set aside or committed is public)."""
    if state["phase"] == "review":
        return f"review-{len(state['shown'])}"
    return None


def teams(state: State) -> dict[Seat, str]:
    """Public teams when the option is on: even seats are gold, odd seats are silver."""
    if not state.get("teams"):
        return {}
    return {seat: "gold" if seat % 2 == 0 else "silver" for seat in range(state["players"])}


def random_bot(view: View, legal: list[Action], rand: random.Random) -> Action:
    return rand.choice(legal)


def greedy_bot(view: View, legal: list[Action], rand: random.Random) -> Action:
    # Sets aside its lowest gem and commits its highest.
    key = lambda a: a.get("gem", "")  # noqa: E731
    return min(legal, key=key) if legal[0]["type"] == "set_aside" else max(legal, key=key)


def secrets(state: State, viewer: Viewer) -> set[str]:
    if state["phase"] == "over":
        return set()
    hidden = set(state["pouch"])
    for seat in range(state["players"]):
        if seat != viewer:
            hidden |= set(state["hands"][seat])
            hidden |= {g for g in (state["aside"][seat], state["committed"][seat]) if g is not None}
    return hidden


def resample(state: State, viewer: Viewer, rand: random.Random) -> State:
    """Redeal every gem the viewer cannot see among the places they cannot see into."""
    new = copy.deepcopy(state)
    if new["phase"] == "over":  # everything is shown at the end: nothing is left to redraw
        return new
    slots: list[tuple[str, int, int | None]] = [("pouch", i, None) for i in range(len(new["pouch"]))]
    for seat in range(new["players"]):
        if seat == viewer:
            continue
        slots += [("hands", seat, i) for i in range(len(new["hands"][seat]))]
        slots += [(zone, seat, None) for zone in ("aside", "committed") if new[zone][seat] is not None]
    gems = [_get(new, slot) for slot in slots]
    rand.shuffle(gems)
    for slot, value in zip(slots, gems, strict=True):
        _set(new, slot, value)
    for seat in range(new["players"]):
        new["hands"][seat].sort()
    return new


def _get(state: State, slot: tuple[str, int, int | None]) -> str:
    zone, a, b = slot
    card: str = state[zone][a] if b is None else state[zone][a][b]
    return card


def _set(state: State, slot: tuple[str, int, int | None], value: str) -> None:
    zone, a, b = slot
    if b is None:
        state[zone][a] = value
    else:
        state[zone][a][b] = value


def hidden_zones(state: State, seat: int) -> dict[str, Zone]:
    """What ``seat`` cannot see: the pouch, and every other player's hand, set-aside and committed gem."""
    if state["phase"] == "over":
        return {}

    def gems(held: list[str | None]) -> tuple[tuple[str, str], ...]:
        return tuple(("gem", g) for g in held if g is not None)

    zones = {"pouch": Zone(gems(state["pouch"]), ordered=True)}
    for other in range(state["players"]):
        if other != seat:
            zones[f"hand {other}"] = Zone(gems(state["hands"][other]))
            zones[f"aside {other}"] = Zone(gems([state["aside"][other]]))
            zones[f"committed {other}"] = Zone(gems([state["committed"][other]]))
    return zones


# How the tests play it (games/facts.py).
FACTS = Facts(
    golden=(2, 1),
    option_sets=(OptionSet({"review_s": 5}, why="the review window, a secret step"),),
    quick_options={"review_s": 0.5},
    no_secret_step={"?p": "without review_s there is no review window; who has set aside or committed is public"},
    hidden_zones=hidden_zones,
)

GAME = Game(
    id="hidden-hands",
    title="Hidden Hands (test game)",
    min_players=2,
    max_players=5,
    options=Options,
    setup=setup,
    legal=legal,
    apply=apply,
    view=view,
    result=result,
    default_action=default_action,
    bots={"random": random_bot, "basic": greedy_bot},
    window=window,
    secret_step=secret_step,
    teams=teams,
    secrets=secrets,
    resample=resample,
    description="A tiny sealed-bid gem game used to test the table server.",
    facts=FACTS,
)
