"""Every frame each connection is sent in a recorded run of ``bench.pr10_profile --transport``, as one digest per
connection: two revisions that give the same digests sent every viewer the same bytes, in the same order.

What varies from run to run is fixed first: the table ids and keys come from a seeded generator, and the messages'
clock reads one moment, as does the clock deadlines are set by (the deals are already seeded by the profile's
``--seed``). An ack's id is left out: the profile numbers acts across tables as they happen to interleave, which the
commit thread's timing decides.

usage (from the project root):

  PYTHONPATH=$PWD .venv/bin/python -m bench.frames_digest --game turncoats --seats 5 --out /tmp/frames.json

then compare two such files (``cmp``, or ``python -m bench.frames_digest --compare A B``).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import os
import random
import re
import secrets
import sys
from datetime import UTC, datetime
from typing import Any

from bench import pr10_profile

ACK = re.compile(rb'^..\{"type":"ack","id":(\d+),', re.DOTALL)
MOMENT = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


def record(args: argparse.Namespace) -> dict[str, Any]:
    import app.messages

    keys = random.Random(args.seed)
    # The lobby's ids and keys (``secrets.token_urlsafe``, which only the lobby calls in this run).
    def token_urlsafe(nbytes: int | None = None) -> str:
        return base64.urlsafe_b64encode(keys.randbytes(nbytes or 32)).rstrip(b"=").decode()

    secrets.token_urlsafe = token_urlsafe
    app.messages.clock = lambda: MOMENT
    # And the platform's clock, from which deadlines are set (a window's, in Patriots & Redcoats), wherever it was
    # imported by name.
    import app.main  # noqa: F401  (every module the app uses, imported)
    import app.timing

    real_now = app.timing.now
    for name, module in list(sys.modules.items()):
        if (name == "app" or name.startswith("app.")) and getattr(module, "now", None) is real_now:
            module.now = lambda: MOMENT  # type: ignore[attr-defined]
    digests: dict[int, Any] = {}
    write = pr10_profile.Transport.write

    def recorded(self: pr10_profile.Transport, data: bytes | bytearray | memoryview) -> None:
        held = digests.setdefault(self.port, [hashlib.sha256(), 0, 0])
        frame = bytes(data)
        ack = ACK.search(frame)
        held[0].update(frame if ack is None else frame[:ack.start(1)] + frame[ack.end(1):])
        held[1] += 1
        held[2] += len(data)
        write(self, data)

    pr10_profile.Transport.write = recorded  # type: ignore[method-assign]
    profile = argparse.Namespace(game=args.game, seats=args.seats, tables=args.tables, actions=args.actions,
                                 seed=args.seed, profile=False, top=0, callgrind=False, patches=False, transport=True)
    asyncio.run(pr10_profile.run(profile))
    per = {str(port): {"sha256": h.hexdigest(), "frames": n, "bytes": size}
           for port, (h, n, size) in sorted(digests.items())}
    every = hashlib.sha256(json.dumps(per, sort_keys=True).encode()).hexdigest()
    return {"game": args.game, "seats": args.seats, "tables": args.tables, "actions": args.actions,
            "seed": args.seed, "all": every, "frames": sum(v["frames"] for v in per.values()), "connections": per}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="turncoats")
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="write the digests here (JSON)")
    parser.add_argument("--compare", nargs=2, metavar="FILE", help="compare two digest files and stop")
    args = parser.parse_args()
    if args.compare:
        a, b = (json.loads(open(name).read()) for name in args.compare)
        differ = [port for port in a["connections"] if a["connections"][port] != b["connections"].get(port)]
        print(f"{len(a['connections'])} connections, {a['frames']} / {b['frames']} frames; "
              + ("the same bytes on every connection" if a["all"] == b["all"] and not differ
                 else f"{len(differ)} connections differ"))
        sys.exit(0 if a["all"] == b["all"] else 1)
    os.environ.setdefault("LOG_LEVEL", "warning")
    os.environ.setdefault("BOT_DELAY", "0")
    out = record(args)
    text = json.dumps(out, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(f"{out['game']} {out['seats']} seats: {len(out['connections'])} connections, {out['frames']} frames, "
          f"digest {out['all'][:16]}")


if __name__ == "__main__":
    main()
