"""What a game declares about how it is tested and shown, beside its ``GAME`` (``Game.facts``).

The generic tests and the scripts read these instead of keeping a table per game of their own, so adding a game
touches only its package, its renderer, its rules page and one line of ``games/registry.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class OptionSet:
    """Table options the conformance suites play besides the defaults, because they reach a rule path the defaults
    never do. ``sizes``: the player counts they change (a six-player layout), played at those alone; None: all."""

    options: Mapping[str, Any]
    sizes: tuple[int, ...] | None = None
    why: str = ""


@dataclass(frozen=True)
class Zone:
    """What one zone hidden from a seat holds, for the check that a sampler redraws it (tests/games/test_worlds.py).
    Each thing in it is ``(back, face)``: what anyone can tell of it (a card's back, "stone") and what it is; things
    with the same back may trade places between zones. ``ordered``: its order is hidden too (a deck)."""

    things: tuple[tuple[str, str], ...]
    ordered: bool = False

    def faces(self) -> tuple[tuple[str, str], ...]:
        """What a redraw must change: the things in order for an ordered zone, else as a bag."""
        return self.things if self.ordered else tuple(sorted(self.things))


# (true state, seat) -> every zone that seat cannot see, by a name that stays the same from state to state.
HiddenZones = Callable[[Any, int], Mapping[str, Zone]]


@dataclass(frozen=True)
class Facts:
    # The golden playthrough (tests/golden/<id>.txt): its seats and seed.
    golden: tuple[int, int] | None = None
    # Seeded random games per player count and option set in the conformance suite (CONFORMANCE_SEEDS overrides it:
    # a long game gets fewer, so the suite keeps within CI's budget).
    conformance_seeds: int = 30
    option_sets: tuple[OptionSet, ...] = ()
    # Options that keep a bots-only game quick (short response windows): browser tests, screenshots, the example bot.
    quick_options: Mapping[str, Any] = field(default_factory=dict)
    # Seats at the table the screenshot script plays; None: the fewest the game takes.
    screenshot_seats: int | None = None
    # Cases with no secret step where several seats owe an action (tests/games/test_side_channels.py), and why:
    # shell patterns over the case id after the game id ("*", "2p", "*-window_mode=fixed").
    no_secret_step: Mapping[str, str] = field(default_factory=dict)
    # For a game with a sampler (``Game.resample``): the zones each seat cannot see. tests/games/test_worlds.py checks
    # the sampler redraws each of them, from every seat, wherever more than one arrangement is possible.
    hidden_zones: HiddenZones | None = None
