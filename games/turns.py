"""Turn structure the games share: a stack of frames, each played by the handler of its kind, and response windows.

Frames. Play is a stack of plain dicts in ``state["stack"]``, each naming its ``kind``; the top one is being played.
A ``Handler`` says how one kind is played: ``run(state, frame)`` moves the frame on by itself (it pops the frame once
done and may push others) and returns True when play moved on, False when the frame waits on players; ``prompts``
says who is asked what; ``act`` applies an answer; ``default`` answers for a timed-out or departed player. ``run``
plays the top frame until one waits, or until the game's own ``ready`` check says play may not move (the game is
over, a window is open).

Response windows. A window (``Response``) numbers its key with a fresh serial each time it opens or reopens and keeps
the eligible seats that have not answered yet in ``waiting``. In ``quick`` mode each of them may continue (or pass)
and it closes once nobody is left waiting; in ``fixed`` mode nobody owes or may send anything: it closes only when
the platform calls the game's ``expire`` at its deadline. The game keeps the mode in its options and hands it in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Literal, NamedTuple, TypedDict, TypeVar

from games.protocol import IllegalAction, Seat, Window

S = TypeVar("S")  # a game's state
T = TypeVar("T", bound="Stacked[Any]")  # a game's state, where the frame helpers need its stack
P = TypeVar("P")  # the game's actions (what its prompts offer and its defaults answer)
F = TypeVar("F")  # one kind of frame
A = TypeVar("A")  # the answers that kind of frame takes (some of P)

# ----------------------------------------------------------------------------- frames


class Stacked(TypedDict, Generic[F]):
    """The part of a state the frame helpers use: its frames, bottom first."""

    stack: list[F]


class Handler(NamedTuple, Generic[S, P, F, A]):
    """How one kind of frame is played (see the module docstring). A frame that only runs by itself (it never waits
    on anyone) asks ``nobody`` and has no ``act`` or ``default``."""

    run: Callable[[S, F], bool]
    prompts: Callable[[S, F], dict[Seat, list[P]]]
    act: Callable[[S, F, Seat, A], None] | None = None
    default: Callable[[S, F, Seat], P] | None = None


def nobody(state: object, frame: object) -> dict[Seat, list[Any]]:
    """The prompts of a frame that only runs by itself."""
    return {}


# A game's handlers by frame kind (keyed by the game's own kinds). Each entry is checked against its own frame and
# answer types when it is built; the table is looked up by the top frame's kind, which is what pairs a frame with its
# handler, so it holds Any for those.
Handlers = Mapping[Any, Handler[S, P, Any, Any]]


def push(state: Stacked[F], frame: F) -> None:
    """Put ``frame`` on top. (mypy cannot check a dict literal here: build the frame in a typed variable first.)"""
    state["stack"].append(frame)


def top(state: Stacked[F]) -> F | None:
    return state["stack"][-1] if state["stack"] else None


def pop(state: Stacked[F]) -> F:
    return state["stack"].pop()


def run(state: T, handlers: Handlers[T, P], ready: Callable[[T], bool]) -> None:
    """Play the top frame until one waits on players; ``ready`` is asked before each step whether play may move
    (it may also tidy the stack first)."""
    while ready(state):
        frame = state["stack"][-1]
        if not handlers[frame["kind"]].run(state, frame):
            return


def prompts(state: T, handlers: Handlers[T, P]) -> dict[Seat, list[P]]:
    """Who the top frame asks, and what."""
    frame = state["stack"][-1]
    return handlers[frame["kind"]].prompts(state, frame)


def act(state: T, handlers: Handlers[T, P], seat: Seat, action: object) -> None:
    """Apply a seat's answer to the top frame (one its prompts offered: its handler's ``act`` takes that type)."""
    frame = state["stack"][-1]
    answer = handlers[frame["kind"]].act
    assert answer is not None, "this frame asks nobody"
    answer(state, frame, seat, action)


def default(state: T, handlers: Handlers[T, P], seat: Seat) -> P:
    """The top frame's answer for a timed-out or departed seat."""
    frame = state["stack"][-1]
    answer = handlers[frame["kind"]].default
    assert answer is not None, "this frame asks nobody"
    return answer(state, frame, seat)


# ----------------------------------------------------------------------------- response windows

Mode = Literal["quick", "fixed"]


class Serial(TypedDict):
    """The part of a state the window helpers use: the last window serial given out."""

    serial: int


class Response(TypedDict):
    """An open response window: its key's number and the eligible seats that have not answered yet."""

    serial: int
    waiting: list[Seat]


def open_response(state: Serial, seats: Iterable[Seat]) -> Response:
    """A window opening over ``seats`` with a fresh serial."""
    state["serial"] += 1
    return {"serial": state["serial"], "waiting": list(seats)}


def reopen(state: Serial, window: Response, seats: Iterable[Seat]) -> None:
    """The window opens again over ``seats`` under a fresh key (a window above it has closed)."""
    state["serial"] += 1
    window["serial"] = state["serial"]
    window["waiting"] = list(seats)


def unanswered(window: Response, alive: Sequence[bool] | None = None) -> list[Seat]:
    """The seats still waited for; with ``alive`` (by seat), only the living ones."""
    return [seat for seat in window["waiting"] if alive is None or alive[seat]]


def answer(window: Response, seat: Seat) -> None:
    """``seat`` continues (or passes)."""
    window["waiting"].remove(seat)


def closed(window: Response, alive: Sequence[bool] | None = None) -> bool:
    return not unanswered(window, alive)


def expire(window: Response) -> None:
    """The deadline of a fixed window has passed: it closes as if every seat had continued."""
    window["waiting"] = []


def may_continue(mode: Mode, window: Response, seat: Seat, alive: Sequence[bool] | None = None) -> bool:
    """Only a quick window can be continued, by a seat it still waits for."""
    return mode == "quick" and seat in unanswered(window, alive)


def owed(mode: Mode, window: Response, alive: Sequence[bool] | None = None) -> list[Seat]:
    """The seats play waits for: in a fixed window nobody (it closes at its deadline)."""
    return [] if mode == "fixed" else unanswered(window, alive)


def nothing_owed(name: str = "window") -> IllegalAction:
    """The refusal of a default action in a fixed window, where nothing is owed (to raise)."""
    return IllegalAction("not_your_turn", f"Nothing is owed in a fixed {name}: it closes at its deadline.")


def deadline(key: str, seconds: int, mode: Mode) -> Window | None:
    """The platform's deadline for a window. A fixed window closes itself, at once if it has 0 seconds (nothing else
    could close it); a quick window of 0 seconds has no timer and waits for every seat to continue."""
    if mode == "fixed":
        return Window(key=key, seconds=max(seconds, 0), closes_itself=True)
    if seconds <= 0:
        return None
    return Window(key=key, seconds=seconds)
