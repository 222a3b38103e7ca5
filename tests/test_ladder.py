"""The strength ladder (bench/ladder.py): its Elo fit recovers known ratings, its figures reach the games list the lobby
reads, and a short real run (two levels, a tiny node budget, an earlier revision's bot in a child process) still
plays through the engine."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bench import ladder
from bench.ladder import Setup, expected, fit
from bench.stats import sign_test, wilson
from games import ladder as figures
from games.protocol import apply_checked
from games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
RATINGS = {"random": 0.0, "basic": 420.0, "hard": 560.0, "hard@old": 530.0}


def test_the_fit_recovers_ratings_from_their_expected_scores_exactly() -> None:
    # Each pair's score is exactly what the ratings predict: the maximum-likelihood fit is those ratings.
    tallies = {(a, b): (100 * expected(RATINGS[a], RATINGS[b]), 100) for a, b in combinations(RATINGS, 2)}
    elo = fit(tallies, "random", prior_draws=0)
    assert elo == pytest.approx(RATINGS, abs=1e-6)


def test_the_fit_recovers_ratings_from_sampled_games() -> None:
    rand = random.Random(37)
    tallies = {}
    for a, b in combinations(RATINGS, 2):
        games = 3000
        score = sum(rand.random() < expected(RATINGS[a], RATINGS[b]) for _ in range(games))
        tallies[(a, b)] = (float(score), games)
    elo = fit(tallies, "random")
    for level, rating in RATINGS.items():
        assert elo[level] == pytest.approx(rating, abs=30), level
    assert max(elo, key=elo.__getitem__) == "hard"


def test_a_clean_sweep_gets_a_finite_rating_from_the_virtual_draw() -> None:
    elo = fit({("basic", "random"): (20.0, 20)}, "random")
    # 20 wins and half a virtual win against half a virtual loss: odds of 41 to 1.
    assert elo["basic"] == pytest.approx(400 * math.log10(41))
    assert elo["random"] == 0.0


def test_the_fit_is_anchored_where_asked() -> None:
    tallies = {("basic", "random"): (15.0, 20), ("hard", "basic"): (14.0, 20)}
    from_random, from_basic = fit(tallies, "random"), fit(tallies, "basic")
    assert from_basic["basic"] == 0.0
    assert from_random["hard"] - from_random["basic"] == pytest.approx(from_basic["hard"])


def test_wilson_intervals() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(35, 50)
    assert (low, high) == pytest.approx((0.5625, 0.8090), abs=1e-4)


def test_the_lobby_figures_are_each_levels_score_against_the_next_weaker_one() -> None:
    summary = {"levels": ["random", "basic", "hard", "hard@old"], "players": 4, "sides": "teams",
               "elo": {"random": 0.0, "basic": 400.4, "hard": 520.0, "hard@old": 515.0}, "seeds": [0, 20],
               "revision": "abc", "date": "d",
               "pairs": [{"a": "random", "b": "basic", "games": 20, "a_score": 0.1},
                         {"a": "random", "b": "hard", "games": 20, "a_score": 0.0},
                         {"a": "basic", "b": "hard", "games": 20, "a_score": 0.35},
                         {"a": "hard", "b": "hard@old", "games": 20, "a_score": 0.5}]}
    entry = ladder.lobby_figures(summary, "small")
    assert entry["scores"] == {"hard": {"against": "basic", "score": 0.65, "games": 20},
                               "basic": {"against": "random", "score": 0.9, "games": 20}}
    assert entry["elo"]["basic"] == 400


def test_the_games_list_carries_the_ladder_figures(client: TestClient, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"turncoats": {"players": 2, "sides": "seats", "seeds": [0, 30], "revision": "abc", "date": "d",
                          "note": "", "elo": {},
                          "scores": {"hard": {"against": "basic", "score": 0.65, "games": 30},
                                     "basic": {"against": "random", "score": 0.94, "games": 30}}},
            "red-scare-redux": {"players": 4, "sides": "teams", "seeds": [0, 30], "revision": "abc", "date": "d",
                                "note": "", "elo": {},
                                "scores": {"hard": {"against": "basic", "score": 0.6, "games": figures.MIN_GAMES - 1},
                                           "basic": {"against": "random", "score": 1.0, "games": 30}}}}
    (tmp_path / "ladder.json").write_text(json.dumps(data))
    monkeypatch.setattr(figures, "FIGURES", tmp_path / "ladder.json")
    figures._figures.cache_clear()
    try:
        games = {entry["id"]: entry for entry in client.get("/api/games").json()}
    finally:
        figures._figures.cache_clear()
    assert games["turncoats"]["ladder"] == {
        "hard": {"against": "basic", "wins_of_10": 7, "players": 2, "teams": False},  # 6.5 rounds up
        "basic": {"against": "random", "wins_of_10": 9, "players": 2, "teams": False}}
    # Too few games for a figure: that level keeps its plain words, and so does every level of a game not measured.
    assert games["red-scare-redux"]["ladder"] == {
        "basic": {"against": "random", "wins_of_10": 10, "players": 4, "teams": True}}
    assert games["raiding-parties"]["ladder"] == {}


def test_the_committed_figures_name_known_games_and_levels() -> None:
    data = json.loads(figures.FIGURES.read_text())
    for game_id, entry in data.items():
        game = GAMES[game_id]
        assert game.min_players <= entry["players"] <= game.max_players
        levels = {"random", "basic", *game.searchers}
        for level, row in entry["scores"].items():
            assert {level, row["against"]} <= levels and 0 <= row["score"] <= 1 and row["games"] > 0


def test_a_short_real_run_plays_through_the_engine() -> None:
    summary = ladder.run("turncoats", Setup(2), ["basic", "hard"], first=0, count=2, nodes=2, workers=1,
                         anchor="basic")
    assert [row["games"] for row in summary["pairs"]] == [4]  # each seed twice, the sides swapped
    assert sorted((seed, mirrored) for _, _, seed, mirrored, _ in summary["outcomes"]) == [(0, 0), (0, 1), (1, 0),
                                                                                          (1, 1)]
    assert all(score in (0.0, 0.5, 1.0) for *_, score in summary["outcomes"])
    assert summary["elo"]["basic"] == 0.0 and math.isfinite(summary["elo"]["hard"])
    assert summary["nodes"] == {"hard": 2}


def test_an_earlier_revisions_bot_answers_from_its_child_process() -> None:
    changed = subprocess.run(["git", "status", "--porcelain", "games"], cwd=ROOT, capture_output=True, text=True)
    if changed.returncode or changed.stdout.strip():
        pytest.skip("games/ differs from HEAD here, so HEAD's bot need not decide as this one does")
    game = GAMES["turncoats"]
    state = game.new_state(2, {}, 5)
    try:
        for step in range(6):  # a few turns: each decision of HEAD's hard bot over the pipe is this one's
            seat = game.required(state)[0]
            mine = ladder.choose(game, state, seat, "hard", 1000 + step, 3)
            assert ladder.choose(game, state, seat, "hard@HEAD", 1000 + step, 3) == mine
            assert mine is not None
            state = apply_checked(game, state, seat, mine)
    finally:
        ladder.close_previous()


def test_the_command_writes_its_results_file(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.ladder", "turncoats", "--levels", "random,basic", "--first", "3", "--count", "2",
         "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "random vs basic" in done.stdout and "Elo (random = 0)" in done.stdout
    summary = json.loads(out.read_text())
    assert summary["seeds"] == [3, 5] and summary["pairs"][0]["games"] == 4 and summary["partial"] is False
    assert summary["game"] == "turncoats" and summary["players"] == 2


def test_runs_on_consecutive_seeds_merge_into_the_run_over_both() -> None:
    levels = ["random", "basic"]
    whole = ladder.run("turncoats", Setup(2), levels, first=10, count=4, nodes=None, workers=1, anchor="random")
    parts = [ladder.run("turncoats", Setup(2), levels, first=first, count=2, nodes=None, workers=1, anchor="random")
             for first in (12, 10)]
    merged = ladder.merge(parts)
    assert merged["seeds"] == [10, 14] and merged["games_per_pair"] == 8
    assert merged["pairs"] == whole["pairs"] and merged["elo"] == pytest.approx(whole["elo"])
    assert merged["outcomes"] == whole["outcomes"]  # the same games: each is a function of its seed
    with pytest.raises(ValueError, match="not consecutive"):
        ladder.merge([parts[0], whole])


def test_the_sides_are_whole_teams_or_half_the_seats() -> None:
    for game_id, players in (("turncoats", 2), ("turncoats", 3), ("red-scare-redux", 4)):
        game = GAMES[game_id]
        for seed in range(6):
            state = game.new_state(players, {}, seed)
            seats = ladder.side_a(game, state, seed)
            assert seats is not None and 0 < len(seats) < players
            if game.teams is not None:  # a whole team each
                teams = game.teams(state)
                assert len({teams[seat] for seat in seats}) == 1
                assert len({teams[seat] for seat in set(range(players)) - seats}) == 1
            elif players % 2 == 0:
                assert len(seats) == players // 2


def test_secret_teams_are_read_once_the_opening_has_formed_them() -> None:
    game = GAMES["patriots-and-redcoats"]
    state = game.new_state(6, {}, 1)
    assert ladder.side_a(game, state, 1, ladder.patriots_teams) is None  # nobody has confirmed a loyalty yet


@pytest.mark.parametrize("game_id", ["turncoats", "patriots-and-redcoats"])
def test_the_mirrored_game_gives_the_other_side_to_level_a(game_id: str) -> None:
    # The same level on both sides with the same decision seeds plays one game twice, only the labels swapped: if
    # the mirrored game did not swap the sides, A would score the same in both, not 1 between them.
    setup = ladder.SETUPS[game_id]
    for seed in range(4):
        first = ladder.play(game_id, setup, "random", "random", seed, False, None)
        second = ladder.play(game_id, setup, "random", "random", seed, True, None)
        assert first + second == 1.0


def test_sign_test_is_the_exact_two_sided_binomial_tail() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(0, 5) == pytest.approx(2 / 32)  # both five-nothing splits of 2**5
    assert sign_test(1, 9) == sign_test(9, 1) == pytest.approx(2 * 11 / 1024)
    assert sign_test(10, 10) == 1.0
