"""/metrics: Prometheus' text format, to the listed addresses only; its counters move when a game is played."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from app.main import create_app
from app.settings import Settings
from tests.api.helpers import create, new_game, play_to_end

SCRAPER = ("10.1.2.3", 40000)
STRANGER = ("192.0.2.9", 40000)


def _samples(client: TestClient) -> dict[str, float]:
    answer = client.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    return {f"{sample.name}{sorted(sample.labels.items())}": sample.value
            for family in text_string_to_metric_families(answer.text) for sample in family.samples}


def _get(samples: dict[str, float], name: str, **labels: str) -> float:
    return samples.get(f"{name}{sorted(labels.items())}", 0.0)


def test_metrics_are_refused_to_unlisted_addresses_and_move_with_play(settings: Settings) -> None:
    settings.metrics_allow_ips = ["10.0.0.0/8"]
    settings.bot_delay = 0
    settings.create_rate = (3, 60.0)
    settings.rate_exempt = []
    app = create_app(settings)
    with TestClient(app, client=SCRAPER) as scraper, TestClient(app, client=STRANGER) as stranger:
        refused = stranger.get("/metrics")
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "metrics_not_allowed"
        assert "tabletop_" not in refused.text
        before = _samples(scraper)
        table = new_game(scraper, humans=1, bots=2, game="hidden-hands")
        play_to_end(scraper, table)
        assert stranger.post("/api/tables/nope/start").status_code in (401, 404)
        for _ in range(3):  # the stranger's own creations, until its rate runs out
            create(stranger, "Zed", game="hidden-hands")
        assert stranger.post("/api/tables", json={"game": "hidden-hands", "name": "Zed"}).status_code == 429
        after = _samples(scraper)
    moved = {f"{name}{labels}": _get(after, name, **labels) - _get(before, name, **labels) for name, labels in [
        ("tabletop_actions_total", {"source": "seat"}), ("tabletop_actions_total", {"source": "bot"}),
        ("tabletop_commit_batch_size_count", {}), ("tabletop_commit_seconds_count", {}),
        ("tabletop_bot_decisions_total", {"game": "hidden-hands", "kind": "basic"}),
        ("tabletop_bot_think_seconds_count", {"kind": "basic"}),
        ("tabletop_refusals_total", {"code": "rate_limited"}),
        ("tabletop_rate_limited_total", {"limit": "create"})]}
    assert all(value > 0 for value in moved.values()), moved
    assert moved["tabletop_commit_batch_size_count{}"] == moved["tabletop_commit_seconds_count{}"]
    assert any(re.match(r"tabletop_refusals_total.*unknown_table|tabletop_refusals_total.*no_credentials", name)
               for name in after), sorted(after)[:20]
