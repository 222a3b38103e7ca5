"""The other end of ``bench.ladder``'s pipe: answers bot decisions with the ``games`` package of an earlier revision.

Run as ``python bench/ladder_child.py DIR`` where DIR holds that revision's files (``git archive``): DIR goes first on
``sys.path``, so ``games`` is the old package, and nothing of the current one is imported here. One JSON object a
line in, ``{"game", "state", "seat", "kind", "seed", "nodes"}``; one line out, ``{"action": ...}`` (null: the bot lets
a window run). The decision goes through the old revision's own ``games.bots.decide``, so the old bot sees exactly
what it saw then: its seat's view, its legal list and worlds drawn from its seat.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any


def serve(root: str) -> None:
    sys.path.insert(0, root)
    from games.bots import decide  # the old revision's, from ``root``
    from games.protocol import Budget
    from games.registry import GAMES

    for line in sys.stdin:
        ask: dict[str, Any] = json.loads(line)
        game = GAMES[ask["game"]]
        # A node budget and no real time limit: the machine's load cannot change a decision.
        budget = None if ask["nodes"] is None else Budget(nodes=ask["nodes"], seconds=3600.0)
        if budget is None and ask["kind"] in game.searchers:
            budget = Budget(nodes=game.searchers[ask["kind"]].nodes, seconds=3600.0)
        action = decide(game, ask["state"], ask["seat"], ask["kind"], random.Random(ask["seed"]), budget)
        sys.stdout.write(json.dumps({"action": action}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(sys.argv[1])
