#!/usr/bin/env python3
"""An outside client in one file: it takes a table's invite link, sits down and plays random legal moves until the
game ends, using only the public API (README.md, API.md).

Usage (needs Python 3.10+ and `pip install websockets`; nothing else beyond the standard library):

    python examples/bot.py "http://127.0.0.1:8000/t/<table_id>?invite=<code>" --name Robo --seed 7

Quote the link: it holds a `?`. The script joins the table, waits in the lobby until the host starts the game, and
then, whenever the server lists `legal` actions for its seat, sends one of them back unchanged (chosen at random,
repeatably with --seed). If the connection drops it reconnects once and carries on from the full state the server
sends on connect (a reconnect that fails, or drops before any message, ends the run). An action the server refuses
(someone else moved first) is reported and another one is picked. When the game is over it prints the winners and
exits 0; it exits 1 if it cannot play to the end.

Messages used: the `state` message and, having asked for them with `"patches": true`, `patch` messages (RFC 6902
add/remove/replace on the last state); `act` out, `ack` or `error` back. Entries of `legal` marked `"template": true`
(building a Raiding Parties party) are schemas, not actions, so they are skipped: the ready-made entries beside them
are complete.

It never prints its seat token or the invite code: both let whoever reads them act at this table.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import connect

# Close codes after which trying again cannot help (README, "Close codes"): bad credentials, seat gone, no table.
FINAL_CLOSES = {4401: "credentials refused", 4403: "our seat is gone", 4404: "no such table"}


class PatchError(Exception):
    """A patch we cannot apply: reconnecting brings a fresh full state."""


def parse_invite(link: str) -> tuple[str, str, str]:
    """`http://host/t/<id>?invite=<code>` -> (base URL, table id, invite code)."""
    url = urllib.parse.urlsplit(link)
    parts = url.path.strip("/").split("/")
    invite = urllib.parse.parse_qs(url.query).get("invite", [""])[0]
    if url.scheme not in ("http", "https") or len(parts) != 2 or parts[0] != "t" or not invite:
        sys.exit("Expected an invite link like http://host:port/t/<table_id>?invite=<code>.")
    return f"{url.scheme}://{url.netloc}", parts[1], invite


def join(base: str, table_id: str, invite: str, name: str) -> dict[str, Any]:
    """POST /api/tables/{id}/join; the answer holds our seat number and token."""
    request = urllib.request.Request(
        f"{base}/api/tables/{table_id}/join", method="POST",
        data=json.dumps({"name": name, "invite": invite}).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.load(reply)
    except urllib.error.HTTPError as exc:  # the API explains every refusal in {"error": {"code", "message"}}
        try:
            error = json.load(exc).get("error", {})
        except ValueError:  # not the API talking (a proxy's error page, say)
            error = {}
        sys.exit(f"Could not join ({exc.code} {error.get('code')}): {error.get('message', exc.reason)}")
    except urllib.error.URLError as exc:
        sys.exit(f"Could not reach the server: {exc.reason}")


def apply_patch(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """RFC 6902 `add`, `remove` and `replace`, the three operations the server sends, applied in place."""
    for op in ops:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if op["op"] not in ("add", "remove", "replace"):
            raise PatchError(f"unsupported patch operation {op['op']!r}")
        if not parts:  # the whole document
            doc = op["value"]
            continue
        parent = doc
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if isinstance(parent, list):
            if op["op"] == "remove":
                del parent[int(last)]
            elif last == "-":
                parent.append(op["value"])
            elif op["op"] == "add":
                parent.insert(int(last), op["value"])
            else:
                parent[int(last)] = op["value"]
        elif op["op"] == "remove":
            del parent[last]
        else:
            parent[last] = op["value"]
    return doc


class Player:
    """Holds the latest state message and decides when to act on it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.state: dict[str, Any] | None = None
        self.pending: int | None = None  # id of the act awaiting its ack or error: one action in flight at a time
        self.acted_seq: int | None = None  # the seq we last acted on; each seq gets at most one action of ours
        self.tried: set[tuple[int, str]] = set()  # (seq, action) pairs already sent: never the same twice
        self.sent = 0
        self.lobby_noted = False

    def connection_lost(self) -> None:
        # An act in flight may or may not have landed; the next full state tells, so forget it.
        self.state, self.pending, self.acted_seq = None, None, None

    def on_message(self, ws: Any, message: dict[str, Any]) -> dict[str, Any] | None:
        """Handle one server message; returns the final state once the game is over."""
        kind = message.get("type")
        if kind == "state":
            self.state = message
        elif kind == "patch":
            if self.state is None:
                raise PatchError("a patch arrived before any full state")
            self.state = apply_patch(self.state, message["ops"])
        elif kind == "ack" and message.get("id") == self.pending:
            self.pending = None
        elif kind == "error":
            print(f"refused: {message.get('code')}: {message.get('message')}")
            if message.get("id") == self.pending and self.state is not None:
                self.pending, self.acted_seq = None, None  # pick again, from what is still allowed
        else:
            return None  # chat, presence, pongs: not needed to play
        return self.step(ws)

    def step(self, ws: Any) -> dict[str, Any] | None:
        state = self.state
        if state is None:
            return None
        if state["status"] == "finished":
            return state
        if state["status"] == "lobby":
            if not self.lobby_noted:
                print(f"Seated as {state['you']['name']} (seat {state['you']['seat']}); waiting for the host to start.")
                self.lobby_noted = True
            return None
        if self.pending is not None or state["seq"] == self.acted_seq:
            return None
        # Entries marked "template" are schemas, not actions; every other entry is complete and sent as it is.
        choices = [a for a in state["legal"] if not a.get("template")
                   and (state["seq"], json.dumps(a, sort_keys=True)) not in self.tried]
        if not choices:
            return None
        action = self.rng.choice(choices)
        self.sent += 1
        self.pending, self.acted_seq = self.sent, state["seq"]
        # Remember it: if it comes back refused, the next pick at this seq is another one.
        self.tried.add((state["seq"], json.dumps(action, sort_keys=True)))
        ws.send(json.dumps({"type": "act", "id": self.sent, "action": action, "expect_seq": state["seq"]}))
        print(f"seq {state['seq']}: {json.dumps(action)[:100]}")
        return None


def play(ws_url: str, token: str, player: Player) -> dict[str, Any]:
    """Stay connected until the game is over; one reconnect per dropped connection."""
    retry_left = True
    while True:
        try:
            with connect(ws_url, open_timeout=10) as ws:
                # Credentials in the first message rather than the URL, so no log or proxy ever sees the token.
                ws.send(json.dumps({"type": "auth", "token": token, "patches": True}))
                while True:
                    final = player.on_message(ws, json.loads(ws.recv()))
                    retry_left = True  # this connection worked: a later drop earns a new retry
                    if final is not None:
                        return final
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            if code in FINAL_CLOSES:
                sys.exit(f"Connection closed for good: {FINAL_CLOSES[code]}.")
            problem = f"connection closed (code {code})"
        except (OSError, WebSocketException, PatchError) as exc:
            problem = f"connection failed: {exc}"
        if not retry_left:
            sys.exit(f"Giving up: {problem}, again.")
        print(f"{problem}; reconnecting once")
        retry_left = False
        player.connection_lost()
        time.sleep(1)


def main() -> None:
    parser = argparse.ArgumentParser(description="Join a table by its invite link and play random legal moves.")
    parser.add_argument("invite_link", help="http://host:port/t/<table_id>?invite=<code>")
    parser.add_argument("--name", default="Robo", help="display name at the table")
    parser.add_argument("--seed", type=int, default=None, help="seed for the random choices (repeatable play)")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # each line as it happens, even into a file

    base, table_id, invite = parse_invite(args.invite_link)
    seat = join(base, table_id, invite, args.name)
    print(f"Joined table {table_id} at seat {seat['seat']}.")
    ws_url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    player = Player(random.Random(args.seed))
    final = play(ws_url, seat["token"], player)

    result = final.get("result")
    if result is None:  # finished without a game: the table was closed in its lobby
        sys.exit("The table closed before the game started.")
    names = {s["seat"]: s["name"] for s in final["table"]["seats"]}
    me = final["you"]["seat"]
    winners = result.get("winners", [])
    print(f"Game over at seq {final['seq']}: winners {', '.join(names.get(w, f'seat {w}') for w in winners)}.")
    print(f"We were seat {me} ({names.get(me)}), made {player.sent} moves and {'won' if me in winners else 'lost'}.")


if __name__ == "__main__":
    main()
