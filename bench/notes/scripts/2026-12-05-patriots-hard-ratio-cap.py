"""The highest ratio ``bench.patriots_hard`` could show for a player count: the ceiling the seat draw allows.

Deals the benchmark's own games (same seeds, same hard seats) and gives each player the team its dealt cards make
(a Spy or a Leader, else a majority of one colour; a player of Turncoats a coin), then lets the team with more hard
seats always win (a tie half the time). Hard seats on the losing side and basic seats on the winning side keep the
ratio below infinity: at 8 players two hard seats on each side of four is common, and then hard and basic seats win
alike whatever the bots do. Winter passes move cards later, so this is a guide, not an exact bound.

Run: PYTHONPATH=. python bench/notes/scripts/2026-12-05-patriots-hard-ratio-cap.py PLAYERS FIRST GAMES
"""

import random
import sys

from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import TEAMS
from games.patriots_and_redcoats.rules.teams import decided, majority


def main() -> None:
    players, first, games = (int(arg) for arg in sys.argv[1:4])
    hard_won = basic_won = 0.0
    for seed in range(first, first + games):
        hard = set(random.Random(f"patriots hard {players} {seed}").sample(range(players), players // 2))
        state = GAME.new_state(players, {}, seed)
        coin = random.Random(seed)
        # the game's own rules for the team a hand gives; a player of Turncoats names one, here by coin
        teams = [decided(state, s) or majority(state, s) or coin.choice(TEAMS) for s in range(players)]
        count = {team: sum(1 for s in hard if teams[s] == team) for team in TEAMS}
        for winner in TEAMS:
            loser = TEAMS[1 - TEAMS.index(winner)]
            share = 1.0 if count[winner] > count[loser] else 0.5 if count[winner] == count[loser] else 0.0
            hard_won += share * sum(1 for s in range(players) if teams[s] == winner and s in hard)
            basic_won += share * sum(1 for s in range(players) if teams[s] == winner and s not in hard)
    print(f"{players} players, {games} deals from seed {first}: ceiling ratio {hard_won / basic_won:.3f} "
          f"(hard seats' team {hard_won / (games * (players // 2)):.1%}, "
          f"basic seats' {basic_won / (games * (players - players // 2)):.1%})")


if __name__ == "__main__":
    main()
