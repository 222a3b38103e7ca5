"""How the public history tilts the colours of a hidden hand, for ``resample`` (view.py).

Uniform redeals ignore what everyone saw a player do. Measured over 150 two-player games of ``basic`` against itself
(colour share in a hand against its share of the unseen stones): a player whose last action was a Negotiate, with
the map unchanged since, holds about twice its share of the leading colour and half its share of the others (they
were content to see the game end); each stone of a colour they returned leaves them about half their share of it;
a colour they spent more than once, about three quarters. The weights below are the logarithms of those ratios.
Only the events of public log entries are read (never their English text), so the tilt is a function of what
every seat sees, and rewording a line cannot change it.
"""

from __future__ import annotations

import math

from games.turncoats.data import COLOURS
from games.turncoats.rules import winning_colour
from games.turncoats.state import TurncoatsState

CONTENT_LEADER, CONTENT_OTHER = 0.7, -0.6  # a Negotiate under the current leader: its colour, the others
RETURNED = -0.7  # per returned stone of a colour (at most two counted)
SPENT = -0.3  # per stone of a colour spent beyond the first (at most two counted)

SPENDS = ("recruit", "battle", "march")  # the event kinds that spend a stone of the event's colour


def tilts(state: TurncoatsState) -> list[list[float]]:
    """For each seat, a weight per colour (``COLOURS`` order) for the stones of its hand: ``exp`` of the sum of the
    log-ratios its public actions earn."""
    players = state["players"]
    returned = [[0] * len(COLOURS) for _ in range(players)]
    spent = [[0] * len(COLOURS) for _ in range(players)]
    for entry in state["log"]:
        event = entry.get("event")
        if "to" in entry or event is None or (event["kind"] != "return" and event["kind"] not in SPENDS):
            continue
        (returned if event["kind"] == "return" else spent)[event["seat"]][COLOURS.index(event["colour"])] += 1
    logs = [[RETURNED * min(returned[s][c], 2) + SPENT * min(max(spent[s][c] - 1, 0), 2) for c in range(3)]
            for s in range(players)]
    leader = winning_colour(state)
    if leader is not None:
        # The seats of the Negotiates in the current streak saw the map as it is now.
        for back in range(1, min(state["streak"], players) + 1):
            seat = (state["turn"] - back) % players
            for c, colour in enumerate(COLOURS):
                logs[seat][c] += CONTENT_LEADER if colour == leader else CONTENT_OTHER
    return [[math.exp(w) for w in row] for row in logs]
