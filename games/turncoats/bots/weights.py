"""The Turncoats judge's weights (value.NAMES order), one logistic model per player count, and how each was
fitted. Written by ``python -m bench.turncoats_value``; do not edit by hand."""

WEIGHTS: dict[int, list[float]] = {
    2: [-0.8570, 0.0892, 1.8324, -0.1196, -0.2094, 1.9614, -1.9754, -0.6357, 1.3111, 3.0593, -0.0006, 0.0312],
    3: [-0.2021, 0.4485, 0.1430, -0.1979, 1.6344, 1.8121, -1.4477, -0.3493, 0.9848, 2.4832, 0.0512, 0.2768],
    4: [-0.6059, 0.4929, 0.5803, -0.2789, 2.1364, 2.2080, -1.7744, -0.5286, 0.6014, 1.4444, 0.0031, 0.4297],
    5: [-0.7699, 0.4527, 0.1911, -0.1247, 2.3216, 2.1593, -1.5379, -0.5525, 0.3707, 1.6845, 0.0839, 0.2175],
}

FITS: dict[int, str] = {
    2: ('4000 games (seeds 120000-123999), 81782 samples; '
        "held out: log loss 0.441, accuracy 78.7% (basic's judge 0.579, 73.4%)"),
    3: ('1500 games (seeds 130000-131499), 90540 samples; '
        "held out: log loss 0.482, accuracy 76.8% (basic's judge 0.536, 74.7%)"),
    4: ('1200 games (seeds 140000-141199), 153080 samples; '
        "held out: log loss 0.448, accuracy 80.5% (basic's judge 0.510, 78.3%)"),
    5: ('600 games (seeds 150000-150599), 132900 samples; '
        "held out: log loss 0.440, accuracy 82.1% (basic's judge 0.509, 79.9%)"),
}
