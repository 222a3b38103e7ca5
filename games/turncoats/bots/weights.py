"""The Turncoats judge's weights (value.NAMES order), one logistic model per player count, and how each was
fitted. Written by ``python -m bench.turncoats_value``; do not edit by hand."""

WEIGHTS: dict[int, list[float]] = {
    2: [-0.8570, 0.0892, 1.8324, -0.1196, -0.2094, 1.9614, -1.9754, -0.6357, 1.3111, 3.0593, -0.0006, 0.0312],
}

FITS: dict[int, str] = {
    2: "4000 games (seeds 120000-123999), 81782 samples; held out: log loss 0.441, accuracy 78.7% (basic's judge 0.579, 73.4%)",
}
