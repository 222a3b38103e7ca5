import json, sys, statistics as st
base = json.load(open(sys.argv[1]))[0]['per_seed']
for f in sys.argv[2:]:
    v = json.load(open(f))[0]['per_seed']
    d = [((x[0]-x[1]) - (y[0]-y[1])) / 3 for x, y in zip(v, base)]
    diff = [z for z, x, y in zip(d, v, base) if x != y]
    se = st.stdev(d) / len(d) ** .5
    print(f"{f}: differing seeds {len(diff)}, mean paired (hard-basic) change per game {st.fmean(d):+.3f} (se {se:.3f}); "
          f"sum over seeds {sum(d)*3:+.0f} seat-games")
