"""Replays: nothing before the end, for anyone; after it, every moment equals the engine's replay of the audit."""

from __future__ import annotations

import asyncio
import dataclasses
import multiprocessing
import multiprocessing.process
import os
import random
import re
import signal
import time
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient

from app import fairness
from app.errors import ApiError
from app.main import create_app
from app.messages import fill_names
from app.replay import hidden
from app.settings import Settings
from games.protocol import TAKE_BACK, Game
from games.red_scare_redux import GAME as RSR
from tests.api.helpers import (
    Message,
    Table,
    act,
    add_bots,
    assert_error,
    connect,
    create,
    flush,
    new_game,
    public,
    start,
    state,
    wait_for,
    ws_url,
)
from tests.support import hung_hands, slow_hands
from tests.support.hidden_hands import GAME as HIDDEN_HANDS
from tests.support.registry import ALL_GAMES

ALL = ALL_GAMES


def bots_table(client: TestClient, game: Game[Any], started: bool = True) -> Table:
    """Alice hosts ``game`` with bots in every other seat of its smallest table."""
    table = create(client, "Alice", dict(game.facts.quick_options), game=game.id)  # bots end it quickly
    add_bots(client, table, game.min_players - 1)
    if started:
        start(client, table)
    return table


def finished(client: TestClient, game: Game[Any]) -> Table:
    """A game played to its end by bots alone: Alice hands her own seat to one once it has started."""
    table = bots_table(client, game)
    client.post(f"{table.url}/seats/0/bot", headers=table.host).raise_for_status()
    wait_for(lambda: public(client, table)["status"] == "finished", timeout=60, what=f"{game.id} to finish")
    return table


REQUESTS = [("/replay", {}), ("/replay", {"seat": "all"}), ("/replay/0", {"seat": "0"}),
            ("/replay/0", {"seat": "all"}), ("/replay/1", {})]


@pytest.mark.parametrize("game_id", sorted(ALL))
def test_nothing_exists_before_the_end(client: TestClient, game_id: str) -> None:
    table = bots_table(client, ALL[game_id], started=False)
    # Whoever asks: anyone, the host's seat, a spectator; in the lobby and once the game is on.
    ways: list[tuple[dict[str, str], dict[str, str]]] = [({}, {}), (table.host, {}), ({}, {"spectate": table.spectate})]
    for started in (False, True):
        if started:
            start(client, table)
        for headers, credential in ways:
            for path, params in REQUESTS:
                response = client.get(f"{table.url}{path}", params={**params, **credential}, headers=headers)
                assert_error(response, 409, "not_finished")
        page = client.get(f"/t/{table.table_id}/replay", headers=table.host)
        assert page.status_code == 409
        assert "has finished" in page.text and "Not finished yet" in page.text


@pytest.mark.parametrize("game_id", ["hidden-hands", "turncoats", "red-scare-redux"])
def test_every_moment_equals_the_engines_replay(client: TestClient, game_id: str) -> None:
    game = ALL[game_id]
    table = finished(client, game)
    audit = client.get(f"{table.url}/audit").json()
    states = list(fairness.each_state(game, audit))
    timeline = client.get(f"{table.url}/replay").json()
    assert timeline["last_seq"] == len(audit["actions"]) == len(states) - 1
    assert timeline["moments"] == [{"seq": a["seq"], "seat": a["seat"], "source": a["source"]}
                                   for a in audit["actions"]]
    assert (timeline["seed"], timeline["result"]) == (audit["seed"], audit["result"])
    assert timeline["viewpoint"] == "all"
    # Everything revealed tells each event once: every line but the redacted forms of events told in full beside them.
    told = [entry for entry in states[-1]["log"] if not entry.get("redacted")]
    names = tuple(audit["names"])
    # A private line written to its reader says whose it is ("For Bob: You drew a red stone.").
    def whose(entry: dict) -> str:  # type: ignore[type-arg]
        if entry.get("to") and entry["text"].startswith(("You ", "Your ")):
            return "For " + " and ".join(names[seat] for seat in entry["to"]) + ": " + fill_names(entry["text"], names)
        return fill_names(entry["text"], names)

    assert timeline["log"] == [{"seq": e.get("seq", 0), "text": whose(e)} for e in told]
    if game_id == "turncoats":  # its draws are told to the drawer alone, in the second person
        assert any(line["text"].startswith(tuple(f"For {name}: You drew" for name in names))
                   for line in timeline["log"])
    if game_id == "red-scare-redux":  # a card drawn is "drew Funds 2" there, never also "draws an Omega card"
        assert len(told) < len(states[-1]["log"])
    for seat in range(audit["players"]):
        theirs = client.get(f"{table.url}/replay", params={"seat": seat}).json()
        readable = [e for e in states[-1]["log"] if "to" not in e or seat in e["to"]]
        assert [line["seq"] for line in theirs["log"]] == [e.get("seq", 0) for e in readable]
    # Every moment, from every seat's eyes and from everywhere at once (a long game: every fifth moment and the end).
    step = 1 if len(states) < 80 else 5
    for seq in sorted({*range(0, len(states), step), len(states) - 1}):
        state = states[seq]
        over = game.result(state) is not None
        for seat in range(audit["players"]):
            moment = client.get(f"{table.url}/replay/{seq}", params={"seat": seat}).json()
            assert (moment["type"], moment["seq"], moment["viewpoint"]) == ("replay", seq, seat)
            assert moment["view"] == game.view(state, seat)
            assert moment["legal"] == ([] if over else game.legal(state, seat))
            assert moment["status"] == ("finished" if over else "playing")
            assert moment["deadline"] is None and moment["table"]["invite_url"] is None
        everything = client.get(f"{table.url}/replay/{seq}", params={"seat": "all"}).json()
        assert everything["view"] == game.view(state, None) and everything["legal"] == []
        assert everything["hidden"] == hidden(game, state)
    assert client.get(f"{table.url}/replay/{len(states) - 1}").json()["result"] == audit["result"]


# What a replay moment may say differently from the live state message of its seq (docs/API.md, section 8, the
# "Differences from the live message" line): anything else that differs, or rides along, fails the test below.
DIFFERENCES = {"type", "viewpoint", "hidden", "deadline", "now", "table"}
STATE_FIELDS = {"type", "seq", "status", "game", "you", "view", "legal", "take_back", "log", "result", "deadline",
                "now", "table"}  # docs/API.md 10.5


def documented_differences() -> set[str]:
    """The top-level fields named in API.md's list of what a replay moment says differently."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "API.md").read_text()
    line = re.search(r"^- Differences from the live message.*?(?=^- |^\n)", doc, re.M | re.S)
    assert line, "docs/API.md's replay section lists the differences from the live message"
    return set(re.findall(r"`(\w+)`", line.group(0))) & (STATE_FIELDS | {"viewpoint", "hidden"})


def test_the_allowed_differences_are_the_documented_ones() -> None:
    assert documented_differences() == DIFFERENCES


def played_with_a_take_back(client: TestClient, monkeypatch: pytest.MonkeyPatch
                            ) -> tuple[Table, dict[int | None, list[Message]]]:
    """A Red Scare Redux 2v2 of four people, each seat and a spectator watching live: seat 0 gives a card to its
    teammate and takes it back, then every seat plays the game's basic bot on what it was sent (view and legal), to
    the end. Returns every state message each viewer was sent."""
    monkeypatch.setattr(fairness, "new_seed", lambda: "take-back-0")  # a deal where seat 0 plays first
    table = new_game(client, humans=4, game=RSR.id, options=dict(RSR.facts.quick_options))
    bot = RSR.bots["basic"]
    rand = random.Random(36)
    with ExitStack() as stack:
        sockets = {viewer: stack.enter_context(connect(client, ws_url(table, viewer))) for viewer in (0, 1, 2, 3, None)}
        mine = state(client, table, 0)
        give = next(a for a in mine["legal"] if a["type"] == "give" and a["to"] == 2)  # teammates: [0, 2], [1, 3]
        act(client, table, 0, give, mine["seq"]).raise_for_status()
        act(client, table, 0, TAKE_BACK).raise_for_status()
        deadline = time.monotonic() + 120
        while state(client, table, None)["status"] != "finished":
            assert time.monotonic() < deadline, "the game did not finish"
            for seat in range(4):
                message = state(client, table, seat)
                if message["legal"]:
                    answer = act(client, table, seat, bot(message["view"], message["legal"], rand), message["seq"])
                    # A window may have closed, or another seat acted, since: a stale view's action is refused.
                    assert answer.status_code == 200 or answer.json()["error"]["code"] == "stale_seq", answer.text
        # Each socket holds every message sent to it so far (a ping's answer comes after them all).
        live = {viewer: [m for m in flush(ws) if m["type"] == "state"] for viewer, ws in sockets.items()}
    return table, live


def test_each_replay_moment_is_what_its_viewer_was_sent_live(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Key for key, minus the documented differences: a take-back record, a hidden card or any other field riding
    along in a replay moment fails here even where the view is right."""
    table, live = played_with_a_take_back(client, monkeypatch)
    audit = client.get(f"{table.url}/audit").json()
    assert [a["seq"] for a in audit["actions"] if a["action"] == TAKE_BACK] == [2]
    last_seq = len(audit["actions"])
    states = list(fairness.each_state(RSR, audit))
    now = {viewer: state(client, table, viewer)["table"] for viewer in live}  # the table's facts after the end
    moments: dict[tuple[int | None, int], Message] = {}
    for viewer, messages in live.items():
        assert {m["seq"] for m in messages} == set(range(last_seq + 1)), f"viewer {viewer} missed a seq"
        point = "all" if viewer is None else viewer
        for sent in messages:
            key = (viewer, sent["seq"])
            if key not in moments:
                moments[key] = client.get(f"{table.url}/replay/{sent['seq']}", params={"seat": point}).json()
            moment = moments[key]
            where = f"viewer {viewer}, seq {sent['seq']}"
            assert set(moment) - set(sent) == ({"viewpoint", "hidden"} if viewer is None else {"viewpoint"}), where
            assert set(sent) - set(moment) == set(), where
            same = {k: v for k, v in moment.items() if k not in DIFFERENCES}
            assert same == {k: v for k, v in sent.items() if k not in DIFFERENCES}, where
            assert (moment["type"], moment["viewpoint"], moment["deadline"]) == ("replay", point, None), where
            assert moment["table"] == {**now[viewer], "invite_url": None, "spectate_url": None}, where
            if viewer is None:
                assert moment["hidden"] == hidden(RSR, states[sent["seq"]]), where


def test_bad_moments_are_refused(client: TestClient) -> None:
    table = finished(client, HIDDEN_HANDS)
    last = client.get(f"{table.url}/replay").json()["last_seq"]
    assert_error(client.get(f"{table.url}/replay/{last + 1}"), 404, "no_such_moment")
    assert_error(client.get(f"{table.url}/replay/-1"), 404, "no_such_moment")
    assert_error(client.get(f"{table.url}/replay/0", params={"seat": 9}), 422, "bad_seat")
    assert_error(client.get(f"{table.url}/replay/0", params={"seat": "bob"}), 422, "bad_seat")
    assert_error(client.get(f"{table.url}/replay", params={"seat": "-1"}), 422, "bad_seat")
    assert_error(client.get("/api/tables/nope/replay"), 404, "unknown_table")
    assert client.get(f"/t/{table.table_id}/replay").status_code == 200


# Text that str.isdigit() takes for a number though int() does not ("²"), other scripts' digits, a sign, nothing, and
# numbers longer than int() will read: each is a seat nobody has, refused like any other (issue 17).
ODD_SEATS = ["²", "٣", "１", "-1", "", " 1", "1e3", "0x1", "9" * 30, "9" * 5000]


@pytest.mark.parametrize("seat", ODD_SEATS, ids=[f"{n}:{s[:8]!r}" for n, s in enumerate(ODD_SEATS)])
def test_odd_seat_numbers_are_refused(client: TestClient, seat: str) -> None:
    # No table is needed to be told the seat makes no sense; nor credentials.
    for path in ("/api/tables/nope/replay", "/api/tables/nope/replay/0"):
        assert_error(client.get(path, params={"seat": seat}), 422, "bad_seat")


def test_odd_moment_numbers_are_refused(client: TestClient) -> None:
    table = finished(client, HIDDEN_HANDS)
    for seq in ("²", "٣", "１", "1e3", "0x1"):
        assert_error(client.get(f"{table.url}/replay/{seq}"), 422, "bad_request")
    assert_error(client.get(f"{table.url}/replay/{'9' * 30}"), 404, "no_such_moment")
    for seat in ODD_SEATS:
        assert_error(client.get(f"{table.url}/replay", params={"seat": seat}), 422, "bad_seat")


def test_a_rebuild_leaves_the_event_loop_free(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a finished game is rebuilt for its replay, the worker's event loop keeps answering (Slow Hands: each move
    is a stretch of CPU the interpreter lock cannot interrupt, so a rebuild in a thread of this process would hold the
    loop up for about a move's time at every move). Checked by where the work runs, not by how long anything took (a
    busy machine slows both alike; bench/replay_loop.py measures the stalls): not one move's CPU is spent in this
    process, and the loop takes its turns while the rebuild is under way."""
    slow = "tests.support.slow_hands:GAME"
    app = create_app(dataclasses.replace(settings, extra_games=[*settings.extra_games, slow]))
    with TestClient(app) as client:
        table = finished(client, slow_hands.GAME)
        burnt_here: list[int] = []  # a move's CPU spent in this process (the child imports the module afresh)
        burn = slow_hands.burn
        monkeypatch.setattr(slow_hands, "burn", lambda: burnt_here.append(os.getpid()) or burn())

        async def turns_during_rebuild() -> tuple[int, int]:
            rebuild = asyncio.create_task(app.state.replays.timeline(table.table_id, "all"))
            turns = 0
            while not rebuild.done():  # one turn of the loop each time round
                await asyncio.sleep(0)
                turns += 1
            return turns, (await rebuild)["last_seq"]

        turns, last_seq = client.portal.call(turns_during_rebuild)
        assert len(children()) == 1  # the child that rebuilds replays
    assert last_seq >= 8  # every move was rebuilt: at least 8 moves' worth of CPU
    assert burnt_here == [], "the rebuild ran in the worker's own process"
    assert turns > last_seq  # the loop went round all the while, more often than there were moves


def children() -> list[multiprocessing.process.BaseProcess]:
    return multiprocessing.active_children()  # also reaps the children that have ended


def test_a_dead_rebuild_process_is_a_passing_fault(settings: Settings) -> None:
    """The child that rebuilds replays is killed: the request it was serving is told to try again (503, not the
    500 of a log that does not replay), the next request rebuilds in a new child, and the dead one is not left over."""
    slow = "tests.support.slow_hands:GAME"
    app = create_app(dataclasses.replace(settings, extra_games=[*settings.extra_games, slow]))
    with TestClient(app) as client:
        tables = [finished(client, slow_hands.GAME) for _ in range(2)]
        assert client.get(f"{tables[0].url}/replay").status_code == 200  # the child is started
        rebuilder = app.state.replays.rebuilder
        [first] = children()

        async def killed_mid_rebuild() -> Any:
            asking = asyncio.create_task(app.state.replays.timeline(tables[1].table_id, "all"))
            with anyio.fail_after(30):  # until the rebuild is handed to the child (each move burns a tenth of a second)
                while not (rebuilder._pool and rebuilder._pool._pending_work_items) and not asking.done():
                    await asyncio.sleep(0.001)
            assert not asking.done()
            os.kill(first.pid, signal.SIGKILL)
            with pytest.raises(ApiError) as refused:
                await asking
            return refused.value

        error = client.portal.call(killed_mid_rebuild)
        assert (error.status, error.code) == (503, "replay_unavailable")
        wait_for(lambda: first not in children(), what="the dead child to be reaped")
        assert client.get(f"{tables[1].url}/replay").status_code == 200
        [second] = children()
        assert second.pid != first.pid and rebuilder._pool is not None
    wait_for(lambda: not children(), what="the child to stop with the app")


def test_a_hung_rebuild_neither_blocks_shutdown_nor_later_rebuilds(settings: Settings) -> None:
    hung = "tests.support.hung_hands:GAME"
    app = create_app(dataclasses.replace(settings, extra_games=[*settings.extra_games, hung]))
    try:
        with TestClient(app) as client:
            table = finished(client, hung_hands.GAME)
            rebuilder = app.state.replays.rebuilder
            rebuilder.timeout = 1.0
            with ThreadPoolExecutor(1) as pool:
                try:  # before the fix the request waits for ever; killing the child lets it end
                    answer = pool.submit(client.get, f"{table.url}/replay").result(timeout=15)
                except BaseException:
                    kill_children()
                    raise
            assert_error(answer, 503, "replay_unavailable")
            wait_for(lambda: not children(), what="the hung child to be killed")

            # Shutdown, in the middle of a hung rebuild with no time limit, ends promptly and leaves no child.
            rebuilder.timeout = 3600.0
            asking = client.portal.start_task_soon(app.state.replays.timeline, table.table_id, "all")
            wait_for(lambda: bool(children()), what="a child to start the rebuild")
            with ThreadPoolExecutor(1) as pool:
                try:
                    pool.submit(client.portal.call, app.state.replays.close).result(timeout=15)
                except BaseException:
                    kill_children()
                    raise
            wait([asking], timeout=5)
            assert asking.done()  # cancelled with the rest of the app's rebuilds
            assert not children()
    finally:
        kill_children()


def kill_children() -> None:
    """What the server should have done itself: a test that fails must not leave a hung child behind."""
    for child in children():
        child.kill()
