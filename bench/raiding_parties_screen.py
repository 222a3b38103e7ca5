"""Paired screens of Raiding Parties' ``hard`` bot: a variant against the shipped bot, both against ``basic``, on the
same seeds (two-player games at 30 gold, hard at seat ``seed % 2``, as ``bench/raiding_parties_hard.py``).

The node budget alone ends every search, so a seed gives the same game on any machine and at any load. Each game is
one line of a JSON Lines file (resumable: seeds already in the file are skipped); between chunks the run waits while
/work/notes/QUIET exists (someone is timing something). ``--compare`` reads two such files and gives each side's rate
(Wilson 95 %), the seeds where only one side won, and the exact two-sided sign test on them (McNemar), which is the
comparison that counts: the luck of a seed's deal and first player is the same for both sides.

Variants (``VARIANTS``): ``shipped`` is the bot as it is; the others change the party it builds or its search. A
``basic-`` variant plays ``basic`` in the game with a party of its own (a quick check of a party without the search).

Run: python -m bench.raiding_parties_screen VARIANT --first 61000 --games 1000 --out FILE.jsonl
     python -m bench.raiding_parties_screen --compare A.jsonl B.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.stats import sign_test, wilson
from games.bots import decide
from games.protocol import Budget, Game, Searcher, apply_checked
from games.raiding_parties import GAME as RAIDING
from games.raiding_parties.bots import hard
from games.raiding_parties.bots.hard import hard_bot

QUIET = Path("/work/notes/QUIET")
WALL = 60.0  # the wall cap: far above any search of the budgets tried, so the node budget ends every search
Party = dict[str, int]

SHIPPED_PARTY: Party = {"Pirate Fort": 1, "Master Gunner": 5, "Pirate Chief": 1}
PARTIES: dict[str, Party] = {
    "fort-mg-ranger": {"Pirate Fort": 1, "Master Gunner": 5, "Ranger": 1},
    "fort-mg-2pirates": {"Pirate Fort": 1, "Master Gunner": 5, "Pirate": 2},
    "fort-mg-navigator": {"Pirate Fort": 1, "Master Gunner": 5, "Navigator": 1},
    "fort-mg-jolly": {"Pirate Fort": 1, "Master Gunner": 5, "Jolly Roger": 1},
    "fort-4mg-2cannoneers": {"Pirate Fort": 1, "Master Gunner": 4, "Cannoneer": 2},
    "liberty-4mg-3rangers": {"Liberty": 1, "Master Gunner": 4, "Ranger": 3},
    "liberty-5mg-pirate": {"Liberty": 1, "Master Gunner": 5, "Pirate": 2},
    "sloop-6mg-pirate": {"Sloop": 1, "Master Gunner": 6, "Pirate": 1},
    "ship-5mg-chief": {"Pirate Ship": 1, "Master Gunner": 5, "Pirate Chief": 1},
    "fort-4mg-3rangers": {"Pirate Fort": 1, "Master Gunner": 4, "Ranger": 3},
    "liberty-3mg-5rangers": {"Liberty": 1, "Master Gunner": 3, "Ranger": 5},
    "liberty-4mg-3rangers-pirate": {"Liberty": 1, "Master Gunner": 4, "Ranger": 3, "Pirate": 1},
    "shipped": SHIPPED_PARTY,
}


@dataclasses.dataclass(frozen=True)
class Variant:
    kind: str = "hard"  # the level the screened seat plays at during the game
    party: Party | None = None  # None: the level's own party
    worlds: int = 4
    nodes: int = 12
    patch: Callable[[], None] | None = None  # module constants of the hard bot changed before any game


def _set(**values: Any) -> Callable[[], None]:
    def apply() -> None:
        for name, value in values.items():
            setattr(hard, name, value)
    return apply


VARIANTS: dict[str, Variant] = {
    # The bot as shipped before this study: its party named, so a change to the climb does not move this baseline.
    "shipped": Variant(party=SHIPPED_PARTY),
    "budget4": Variant(worlds=8, nodes=48),
    "width4-budget4": Variant(worlds=8, nodes=48, patch=_set(WIDTH=4)),
}
VARIANTS.update({f"basic-{name}": Variant(kind="basic", party=party) for name, party in PARTIES.items()})
VARIANTS.update({f"hard-{name}": Variant(party=party) for name, party in PARTIES.items() if name != "shipped"})
VARIANTS.update({f"budget4-{name}": Variant(party=party, worlds=8, nodes=48) for name, party in PARTIES.items()})


def game_for(variant: Variant) -> Game[Any]:
    searchers = {"hard": Searcher(hard_bot, worlds=variant.worlds, nodes=variant.nodes)}
    return dataclasses.replace(RAIDING, searchers=searchers)


def play(seed: int, variant: Variant, game: Game[Any]) -> dict[str, Any]:
    """One game of the variant's seat (``seed % 2``) against ``basic``: its outcome and the seat's processor times."""
    seat_of = seed % 2
    state = game.new_state(2, {"gold": 30}, seed)
    rand = random.Random(seed)
    budget = Budget(nodes=variant.nodes, seconds=WALL)
    cpu: list[float] = []
    steps = 0
    while (result := game.result(state)) is None:
        seat = game.required(state)[0]
        ours = seat == seat_of
        if ours and variant.party is not None and state["phase"] == "build":
            action: Any = {"type": "party", "cards": dict(variant.party)}
        else:
            kind = variant.kind if ours else "basic"
            start = time.process_time()
            action = decide(game, state, seat, kind, rand, budget if kind == "hard" else None)
            if ours:
                cpu.append(time.process_time() - start)
            if action is None:
                action = game.default_action(state, seat)  # the reaction window runs out
        state = apply_checked(game, state, seat, action)
        steps += 1
    winners = result["winners"]
    return {"seed": seed, "seat": seat_of, "won": winners == [seat_of], "draw": len(winners) > 1, "steps": steps,
            "cpu_ms": [round(1000 * t, 2) for t in cpu]}


def run(name: str, first: int, games: int, out: Path, chunk: int) -> None:
    variant = VARIANTS[name]
    if variant.patch is not None:
        variant.patch()
    game = game_for(variant)
    done = set()
    if out.exists():
        done = {json.loads(line)["seed"] for line in out.read_text().splitlines() if line.strip()}
    todo = [s for s in range(first, first + games) if s not in done]
    started = time.perf_counter()
    for i in range(0, len(todo), chunk):
        while QUIET.exists():
            time.sleep(30)
        with out.open("a") as f:
            for seed in todo[i:i + chunk]:
                row = play(seed, variant, game)
                row["variant"] = name
                f.write(json.dumps(row) + "\n")
        print(f"{name}: {min(i + chunk, len(todo))}/{len(todo)} games, {time.perf_counter() - started:.0f} s",
              flush=True)


def load(path: Path) -> dict[int, dict[str, Any]]:
    return {row["seed"]: row for row in map(json.loads, path.read_text().splitlines()) if row}


def compare(base_path: Path, other_path: Path) -> dict[str, Any]:
    base, other = load(base_path), load(other_path)
    seeds = sorted(set(base) & set(other))
    n = len(seeds)
    a = sum(base[s]["won"] for s in seeds)
    v = sum(other[s]["won"] for s in seeds)
    only_other = sum(other[s]["won"] and not base[s]["won"] for s in seeds)
    only_base = sum(base[s]["won"] and not other[s]["won"] for s in seeds)
    summary: dict[str, Any] = {"seeds": [seeds[0], seeds[-1]] if seeds else [], "games": n}
    for label, rows, wins in (("base", base, a), ("other", other, v)):
        cpu = sorted(t for s in seeds for t in rows[s]["cpu_ms"])
        summary[label] = {"variant": rows[seeds[0]]["variant"], "wins": wins, "rate": wins / n,
                          "wilson95": wilson(wins, n), "decisions": len(cpu),
                          "cpu_mean_ms": sum(cpu) / len(cpu), "cpu_p95_ms": cpu[int(0.95 * (len(cpu) - 1))],
                          "cpu_max_ms": cpu[-1]}
    summary.update({"only_other_won": only_other, "only_base_won": only_base, "p_two_sided": sign_test(only_other,
                                                                                                       only_base)})
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", choices=sorted(VARIANTS))
    parser.add_argument("--first", type=int, default=61000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--chunk", type=int, default=25, help="games between two looks at the QUIET file")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BASE", "OTHER"))
    args = parser.parse_args()
    if args.compare:
        s = compare(*args.compare)
        for label in ("base", "other"):
            r = s[label]
            print(f"{r['variant']}: {r['wins']}/{s['games']} = {r['rate']:.1%} "
                  f"[{r['wilson95'][0]:.1%}, {r['wilson95'][1]:.1%}]; cpu mean {r['cpu_mean_ms']:.1f} ms, "
                  f"p95 {r['cpu_p95_ms']:.1f} ms, max {r['cpu_max_ms']:.0f} ms over {r['decisions']} decisions")
        print(f"seeds {s['seeds']}: only {s['other']['variant']} won {s['only_other_won']}, only "
              f"{s['base']['variant']} won {s['only_base_won']}; exact two-sided sign test p = {s['p_two_sided']:.3f}")
        return
    if args.variant is None or args.out is None:
        parser.error("a variant and --out, or --compare")
    run(args.variant, args.first, args.games, args.out, args.chunk)


if __name__ == "__main__":
    main()
