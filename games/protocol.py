"""The one protocol every game engine speaks, and the single guard in front of it.

A game is pure data in, data out: its state is a JSON-friendly dict, its random source lives inside that dict
(``games.rng``), and nothing here touches the clock, the network or the database. The platform only ever calls
``apply_checked``: it refuses a finished game, a seat that may not act and an action that is not in the seat's
``legal`` list, so a game's own ``apply`` never re-checks those.

Log entries are written by the engine into ``state["log"]`` as ``{"seq", "text", "to"?}``. ``text`` names seats as
``{s3}`` (the platform fills in display names); ``to`` restricts an entry to the listed seats. A log entry without
``to`` is public, so an engine must add ``to`` to anything secret. ``redacted`` marks the covered form of an event
told in full on another line, and ``event`` carries the line's happening as data for bots (games/state.py,
``LogEntry``); neither is ever sent.

Take-backs. A game that declares ``reversible`` lets a player take back an action that drew nothing and showed nothing
to anyone (``TAKE_BACK``), until anyone else acts or their turn ends. The state keeps, under ``UNDO``, who played
the latest action and, when it may be taken back, the state before it; a take-back restores that state one seq on,
with the log kept and a public line added. So a take-back is an action like any other: logged, replayed from the
log, given a seq of its own.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import orjson
from pydantic import BaseModel
from pydantic.config import JsonDict

from games.facts import Facts
from games.hints import Hint

State = dict[str, Any]  # a state as the platform holds it: any game's, as loaded from the database
# A game's own state type: its TypedDict (games/<name>/state.py), or State. The platform serves every game as Game[Any].
S = TypeVar("S", bound=Mapping[str, Any])
Action = dict[str, Any]
View = dict[str, Any]
Seat = int
Viewer = int | None  # a seat number, or None for a spectator
# A bot sees exactly what its seat sees. It may return None to pass on optional actions (say, an assassination
# it could declare at any time); a seat the game is waiting on must get an action.
Bot = Callable[[View, list[Action], random.Random], Action | None]


@dataclass(frozen=True)
class Budget:
    """How long a searching bot may think: ``nodes`` playouts (the budget that makes a decision repeatable for a
    seed), cut short by ``seconds`` of wall time, after which it plays its best action so far."""

    nodes: int
    seconds: float


# A searching bot decides from its view, its legal list, its random source and ``worlds``: whole states the platform
# drew with the game's ``resample`` hook from the bot's own seat (games/bots.py), each one a way the hidden
# information could be. It is never handed the true state. It is handed its ``Game`` first, to play the worlds on
# (games/search.py): a bot never imports its own game's declaration.
SearchBot = Callable[["Game[Any]", View, list[Action], random.Random, "list[State]", Budget], Action | None]


@dataclass(frozen=True)
class Searcher:
    """A bot level that searches (``hard``): its decision function and how much it is given by default."""

    decide: SearchBot
    worlds: int = 16  # determinizations handed over per decision
    nodes: int = 200  # default node budget


class IllegalAction(Exception):
    """An action the game refuses. ``code`` is one of a small vocabulary (see CODES); the message says why."""

    CODES = ("not_your_turn", "not_legal_now", "bad_action", "game_over",
             "nothing_to_take_back", "not_reversible", "too_late")

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Window:
    """A game-imposed deadline (a response window, say): ``key`` changes whenever a new window opens.

    ``closes_itself``: nobody can shorten the window; when its deadline passes the platform applies the game's
    ``expire`` hook (logged as a seatless ``EXPIRE`` action) instead of anyone's default action.
    """

    key: str
    seconds: float
    closes_itself: bool = False
    # Its length at a turn-based table (hours, not seconds); None: the platform's (``app.pace.WINDOW_S``).
    turn_based_seconds: float | None = None


# Marks on a game option's JSON schema, read by the pages: the option is a window's length in seconds (at a
# turn-based table, where the pace sets the window's hours, it is the delay of a standing pass: app/windows.py), or
# its mode (``quick`` windows can be passed, ``fixed`` ones close themselves).
WINDOW_LENGTH: JsonDict = {"x-window": "length"}
WINDOW_MODE: JsonDict = {"x-window": "mode"}


@dataclass(frozen=True)
class Turn:
    """A turn of several actions by the same seats (the game's ``turn`` hook): ``key`` changes when the next turn
    begins. With a turn timer of T seconds, each action of the turn gets T and the whole turn at most ``actions`` × T
    (app/timing.py). A key must not contain "|"."""

    key: str
    actions: int


@dataclass(frozen=True)
class Game(Generic[S]):
    """Everything the platform needs to know about one game, declared once in the game's package.

    ``S`` is the game's state type (its TypedDicts), so the game's own functions are checked against it; the platform,
    which holds every game's state as a plain ``State``, uses ``Game[Any]``."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: type[BaseModel]
    setup: Callable[[int, BaseModel, int], S]  # (players, options, seed) -> state
    legal: Callable[[S, Seat], list[Action]]
    apply: Callable[[S, Seat, Action], None]  # mutates the copy it is handed
    view: Callable[[S, Viewer], View]
    result: Callable[[S], dict[str, Any] | None]  # None while the game goes on
    default_action: Callable[[S, Seat], Action]  # for timeouts and departed players; must be legal
    bots: Mapping[str, Bot]
    # Optional hooks.
    searchers: Mapping[str, Searcher] = field(default_factory=dict)  # bot levels that search (``hard``)
    window: Callable[[S], Window | None] = lambda state: None
    # Seats the game is waiting on, when that differs from "every seat with a legal action" (optional actions such as
    # a Spy's assassination must not hold up play or start a timer).
    must_act: Callable[[S], list[Seat]] | None = None
    teams: Callable[[S], dict[Seat, str]] | None = None  # public teams, for team chat
    # A key naming the current step when who has acted in it is secret (a vote filling up, a simultaneous pick), else
    # None. While the key stays the same, nothing public may change with who has acted: the deadline holds and a
    # timed-out seat is not marked away.
    secret_step: Callable[[S], str | None] = lambda state: None
    # The open window's constant answers: every seat it asks, as everyone can see them (its public seats, not who
    # has answered yet), each with the one answer that may be given for it whatever it holds (a pass, a continue), or
    # None where no such answer exists (a target whose timeout would reveal a Turncoat). From public facts only,
    # never a hand. At a turn-based table the platform gives it for the seats whose standing answer is "pass", after
    # ``Window.seconds`` from the window's opening (app/windows.py), and says "You may react" to the others.
    auto_answers: Callable[[S], dict[Seat, Action | None]] | None = None
    # Closes a window that ``Window.closes_itself``: called on a copy of the state when its deadline passes.
    expire: Callable[[S], None] | None = None
    accepts: Callable[[S, Seat, Action], bool] | None = None  # for legal entries marked "template"
    # The turn going on, when a turn holds several actions (see ``Turn``); None: every step is timed on its own.
    turn: Callable[[S], Turn | None] = lambda state: None
    # Whether ``action``, played by ``seat`` on this state, draws nothing and shows nothing to anyone who could not
    # see it already (a card passed between teammates whose hands are open to each other): then its player may take
    # it back until anyone else acts or their turn ends. None: nothing is ever taken back, and "take_back" is an
    # action type like any other. Where it is set, "take_back" is the platform's.
    reversible: Callable[[S, Seat, Action], bool] | None = None
    # Test hooks for the standing leak tests (DESIGN.md): every string a viewer may not learn, and a state in which
    # everything that viewer cannot see has been redrawn consistently with what they know. A secret that is a bare
    # word (letters only: a colour) or the JSON text of an object or list (a hand's counts) is a value, looked for
    # field by field; any other (a card id) is a token and may occur nowhere in a message (test_conformance.py).
    secrets: Callable[[S, Viewer], set[str]] = lambda state, viewer: set()
    resample: Callable[[S, Viewer, random.Random], S] | None = None
    # Everything hidden at a moment, labelled for people (hands, loyalties, bags, deck order), shown by a finished
    # game's replay in its "everything revealed" viewpoint; without it the replay shows the raw state.
    reveal: Callable[[S], dict[str, Any]] | None = None
    description: str = ""
    renderer: str | None = None  # module name under static/js/games/, None for the generic renderer
    extra: Mapping[str, Any] = field(default_factory=dict)
    facts: Facts = Facts()  # how the game is tested and shown (games/facts.py), for the tests and scripts
    # A guided first game's hints (games/hints.py), each a condition on the seat's own view and legal list; the
    # table page shows them only at a table created with ``guided: true``.
    hints: tuple[Hint, ...] = ()

    def options_schema(self) -> dict[str, Any]:
        return self.options.model_json_schema()

    def parse_options(self, raw: Mapping[str, Any] | None) -> BaseModel:
        """Validate table options; raises ValueError (pydantic's ValidationError is one) with the reasons.

        Unknown keys are refused rather than ignored, so a misspelt option never silently falls back to its default;
        values must have their JSON type (strict: "30" is not a number, 30.0 is not a whole number).
        """
        raw = dict(raw or {})
        unknown = sorted(set(raw) - set(self.options.model_fields))
        if unknown:
            known = ", ".join(self.options.model_fields) or "none"
            named = ", ".join(name[:40] for name in unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5
                                                                     else "")
            raise ValueError(f"unknown option(s) {named}; this game's options are: {known}")
        return self.options.model_validate(raw, strict=True)

    # The methods below are the platform's side: they take and give a state as the platform holds it.

    def new_state(self: Game[Any], players: int, options: Mapping[str, Any] | None, seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}")
        state: State = self.setup(players, self.parse_options(options), seed)
        state.setdefault("log", [])
        state["seq"] = 0
        return state

    def waiting_on(self: Game[Any], state: State) -> list[Seat]:
        """The seats that may act now. Secret to the platform: a seat only ever learns its own legal list."""
        if self.result(state) is not None:
            return []
        return [seat for seat in range(state["players"]) if self.legal(state, seat)]

    def required(self: Game[Any], state: State, legal: Mapping[Seat, list[Action]] | None = None,
                 over: bool | None = None) -> list[Seat]:
        """The seats play is waiting for: the ones a timer runs for and a default action is applied to. ``legal``:
        every seat's legal list, and ``over``: whether the game has a result, when the caller has them already."""
        if (self.result(state) is not None) if over is None else over:
            return []
        if self.must_act is not None:
            return self.must_act(state)
        return [seat for seat, actions in legal.items() if actions] if legal is not None else self.waiting_on(state)


def check_action_shape(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", 'An action must be a JSON object with a "type" string.')
    return action


def apply_checked(game: Game[Any], state: State, seat: Seat, action: Any,
                  legal: list[Action] | None = None) -> State:
    """Apply one action to a copy of ``state`` and return the copy; the original is never changed. ``legal``: the
    seat's legal list at ``state``, when the caller holds it already (then the game is known not to be over, since a
    finished game has no legal lists)."""
    action = check_action_shape(action)
    if legal is None and game.result(state) is not None:
        raise IllegalAction("game_over", "The game is over; no more actions are taken.")
    if not 0 <= seat < state["players"]:
        raise IllegalAction("not_your_turn", f"Seat {seat} is not playing in this game.")
    if game.reversible is not None and action["type"] == TAKE_BACK["type"]:
        return take_back(state, seat, action)
    if legal is None:
        legal = game.legal(state, seat)
    if not legal:
        raise IllegalAction("not_your_turn", "You have nothing to do right now; wait for the others.")
    if not _listed(action, legal) and not _accepted_by_template(game, state, seat, action, legal):
        kinds = sorted({entry["type"] for entry in legal})
        raise IllegalAction(
            "not_legal_now", f"'{action['type']}' with those details is not allowed now. You may: {', '.join(kinds)}."
        )
    new = _next_state(state, lambda new: game.apply(new, seat, action))
    if game.reversible is not None:
        new[UNDO] = _undo_record(game, state, new, seat, action)
    return new


def _copy(state: State) -> State:
    """A deep copy of a state. States are plain JSON (the conformance suite holds every game to it), and a trip through
    orjson copies one 20-60 times faster than ``copy.deepcopy``: it was most of the time an action took."""
    try:
        copied: State = orjson.loads(orjson.dumps(state))
    except TypeError:  # not plain JSON (a hand-made test state, say): copy it the slow, general way
        return copy.deepcopy(state)
    return copied


def _next_state(state: State, change: Callable[[State], None]) -> State:
    """A copy of ``state`` one seq on, changed by ``change``; the log lines it writes carry the new seq."""
    # The log only grows, and its entries never change once written: share them rather than copy a whole history
    # on every action (that copy was most of the engine's time in long games).
    # The take-back record is the platform's: the game never sees it, and only ``apply_checked`` writes a new one.
    new = _copy({key: value for key, value in state.items() if key not in ("log", UNDO)})
    new["log"] = list(state["log"])
    new["seq"] = state["seq"] + 1
    mark = len(new["log"])
    change(new)
    for entry in new["log"][mark:]:
        entry["seq"] = new["seq"]
    return new


# ----------------------------------------------------------------------------- take-backs

TAKE_BACK: Action = {"type": "take_back"}  # the platform's action: take back your latest action (Game.reversible)
UNDO = "undo"  # the state's key for the take-back record (see the module docstring); no view ever shows it


def _undo_record(game: Game[Any], before: State, after: State, seat: Seat, action: Action) -> dict[str, Any]:
    """What a take-back of this action would do: {"seat", "prior"} when it may be taken back (``prior``: the state
    before it, less the log and seq), else {"seat", "why"}, the refusal's code."""
    assert game.reversible is not None
    if (game.secret_step(before) is not None or game.secret_step(after) is not None
            or not game.reversible(before, seat, action)):
        # A take-back in a secret step would tell everyone who had acted in it.
        return {"seat": seat, "why": "not_reversible"}
    if game.result(after) is not None or seat not in game.required(after):
        return {"seat": seat, "why": "too_late"}  # the turn has passed on
    prior = {key: value for key, value in before.items() if key not in ("log", "seq", UNDO)}
    earlier = before.get(UNDO)
    if earlier is not None and earlier.get("seat") == seat and "prior" in earlier:
        prior[UNDO] = earlier  # the same player's action before this one may be taken back next
    return {"seat": seat, "prior": _copy(prior)}


def can_take_back(game: Game[Any], state: State, seat: Seat) -> bool:
    """Whether ``seat`` may take back the latest action now (the state message's ``take_back`` flag)."""
    record = state.get(UNDO)
    return (game.reversible is not None and record is not None and record.get("seat") == seat
            and "prior" in record and game.result(state) is None)


def take_back(state: State, seat: Seat, action: Action) -> State:
    """The state before ``seat``'s latest action, one seq on: the log keeps every line, and says so publicly."""
    if not same_json(action, TAKE_BACK):
        raise IllegalAction("bad_action", 'A take-back is {"type": "take_back"}, with nothing else.')
    record = state.get(UNDO) or {}
    if record.get("seat") != seat:
        raise IllegalAction("nothing_to_take_back", "Only the latest action can be taken back, by the player who "
                                                    "played it, before anyone else acts: you have none now.")
    if record.get("why") == "taken_back":
        raise IllegalAction("nothing_to_take_back", "You have already taken back your last action.")
    if record.get("why") == "too_late":
        raise IllegalAction("too_late", "Your turn has passed on, so your last action can no longer be taken back.")
    if "prior" not in record:
        raise IllegalAction("not_reversible", "Your last action cannot be taken back: it drew a card or showed "
                                              "something to someone (a card placed on the table, say).")
    restored = _copy(record["prior"])
    restored.setdefault(UNDO, {"seat": seat, "why": "taken_back"})
    restored["seq"] = state["seq"] + 1
    restored["log"] = [*state["log"], {"seq": restored["seq"], "text": f"{{s{seat}}} takes back their last action."}]
    return restored


EXPIRE: Action = {"type": "expire"}  # the logged action of a window closing at its deadline (seat: None)


def apply_expiry(game: Game[Any], state: State) -> State:
    """Close the open self-closing window on a copy of ``state``: the platform's move, nobody's action."""
    window = game.window(state)
    if game.expire is None or window is None or not window.closes_itself or game.result(state) is not None:
        raise IllegalAction("not_legal_now", "No window is waiting to close by itself.")
    return _next_state(state, game.expire)


def apply_logged(game: Game[Any], state: State, seat: Seat | None, action: Any) -> State:
    """Replay one entry of the action log: a seat's action, or (seat None) a window's expiry."""
    if seat is None:
        if action != EXPIRE:
            raise IllegalAction("bad_action", "A seatless log entry must be a window's expiry.")
        return apply_expiry(game, state)
    return apply_checked(game, state, seat, action)


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values. Python's ``==`` takes 1.0 and true for 1, and a game indexing a list with them breaks."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _listed(action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is an entry of ``legal`` as JSON. Each entry ``==`` to it is found by a scan in C, then held
    to ``same_json`` (``==`` takes true for 1); this runs for every action, against lists of a hundred entries."""
    start = 0
    while True:
        try:
            found = legal.index(action, start)
        except ValueError:
            return False
        if same_json(action, legal[found]):
            return True
        start = found + 1


def _accepted_by_template(game: Game[Any], state: State, seat: Seat, action: Action, legal: list[Action]) -> bool:
    has_template = any(entry.get("template") and entry["type"] == action["type"] for entry in legal)
    return has_template and game.accepts is not None and game.accepts(state, seat, action)


def log_for(state: State, viewer: Viewer, last: int | None = None) -> list[dict[str, Any]]:
    """The log as ``viewer`` may read it (public entries and those addressed to them, without routing fields);
    only its ``last`` entries when given, found from the end so a long log costs no more than a short one."""
    return [{"seq": entry.get("seq", 0), "text": entry["text"]} for entry in visible_entries(state, viewer, last)]


def visible_entries(state: State, viewer: Viewer, last: int | None = None) -> list[dict[str, Any]]:
    """The log entries ``viewer`` may read, as stored (routing fields included: not for sending as they are)."""
    out: list[dict[str, Any]] = []
    for entry in reversed(state.get("log", [])):
        if last is not None and len(out) == last:
            break
        to = entry.get("to")
        if to is None or (viewer is not None and viewer in to):
            out.append(entry)
    out.reverse()
    return out


def round_trip(state: State) -> State:
    """The state after a trip through JSON, as the database stores it."""
    restored: State = json.loads(json.dumps(state))
    return restored
