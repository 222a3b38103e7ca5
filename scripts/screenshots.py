"""Screenshots of every game at its start, middle and result, on a laptop (1366x768) and a phone (390x844).

    .venv/bin/python scripts/screenshots.py [out_dir]     # default: docs/screenshots

Starts its own server on a temporary SQLite file, hosts each game against bots, plays the host's moves through the
REST API (the first legal move) while Debian's Chromium shows the host's page, and saves
``<game>-<laptop|phone>-<start|middle|result|replay>.png``. Look at them after any change to a page.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.registry import GAMES as REGISTRY  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.browser.helpers import seat_link  # noqa: E402
from tests.conftest import ServerProcess, server_env  # noqa: E402

# The plan, as each game declares it (games/facts.py): every game with a renderer of its own, at its screenshot seats,
# with its quick options (bots sit out every response window: short windows keep a bots-only game quick).
GAMES = {game_id: game.facts.screenshot_seats or game.min_players
         for game_id, game in REGISTRY.items() if game.renderer is not None}
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
MIDDLE_MOVES = 6  # the host's moves before the "middle" picture
MIDDLE_TRIES = 5  # tables tried for a game still going on after those moves


def host_table(url: str, game: str, seats: int) -> tuple[str, str]:
    options = dict(REGISTRY[game].facts.quick_options)
    created = httpx.post(f"{url}/api/tables", json={"game": game, "name": "Alice", "options": options}).json()
    table_id, token = created["table_id"], created["token"]
    auth = {"Authorization": f"Bearer {token}"}
    httpx.post(f"{url}/api/tables/{table_id}/bots", json={"count": seats - 1}, headers=auth).raise_for_status()
    httpx.post(f"{url}/api/tables/{table_id}/start", headers=auth).raise_for_status()
    return table_id, token


def play(url: str, table_id: str, token: str, moves: int | None) -> None:
    """The host's first legal move, ``moves`` times (None: to the end of the game)."""
    auth = {"Authorization": f"Bearer {token}"}
    made = 0
    deadline = time.monotonic() + 120
    while (moves is None or made < moves) and time.monotonic() < deadline:
        state: dict[str, Any] = httpx.get(f"{url}/api/tables/{table_id}/state", headers=auth).json()
        if state["status"] == "finished":
            return
        offered = [action for action in state["legal"] if not action.get("template")]  # a template is no move
        if offered:
            response = httpx.post(f"{url}/api/tables/{table_id}/actions", headers=auth,
                                  json={"action": offered[0], "expect_seq": state["seq"]})
            made += response.status_code == 200
        else:
            time.sleep(0.1)


def status(url: str, table_id: str, token: str) -> str:
    state = httpx.get(f"{url}/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {token}"}).json()
    return str(state["status"])


def shoot(page: Page, path: Path) -> None:
    page.wait_for_timeout(800)  # the renderer's last draw
    page.screenshot(path=str(path), full_page=False)
    print(path)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(server_env(Path(tmp), BOT_DELAY="0.2"))
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for game, seats in GAMES.items():
                    for size, viewport in SIZES.items():
                        phone = size == "phone"
                        context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
                        page = context.new_page()
                        # A deal can end the game within the first moves (a P&R host eliminated, say): then the
                        # "middle" would show the result, so take another table.
                        for _ in range(MIDDLE_TRIES):
                            table_id, token = host_table(server.url, game, seats)
                            page.goto(seat_link(server, table_id, token))
                            page.wait_for_selector("#game > *")
                            shoot(page, out / f"{game}-{size}-start.png")
                            play(server.url, table_id, token, MIDDLE_MOVES)
                            if status(server.url, table_id, token) == "playing":
                                break
                        else:
                            raise SystemExit(f"{game}: every table ended before its middle picture")
                        shoot(page, out / f"{game}-{size}-middle.png")
                        play(server.url, table_id, token, None)
                        page.wait_for_selector("#result:not([hidden])")
                        shoot(page, out / f"{game}-{size}-result.png")
                        # The replay, halfway through: everything revealed on a laptop, the host's eyes on a phone.
                        page.click("#replay-link")
                        page.wait_for_selector("#moment:has-text('Move')")
                        last = int(page.eval_on_selector("#timeline", "(el) => el.max"))
                        page.goto(f"{server.url}/t/{table_id}/replay#seq={last // 2}&seat={'0' if phone else 'all'}")
                        page.wait_for_selector(f"#moment:has-text('Move {last // 2} of')")
                        shoot(page, out / f"{game}-{size}-replay.png")
                        context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
