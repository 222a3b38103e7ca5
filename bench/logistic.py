"""Logistic regression by Newton's method with a ridge, in plain Python: the fit behind the bots' judges
(bench/turncoats_value.py, bench/red_scare_redux_judge.py). Their models have a dozen weights and a few thousand
samples, so a dependency for it would weigh more than it saves; the served judges only evaluate the committed weights.
"""

from __future__ import annotations

import math

Row = tuple[list[float], float]  # features, outcome (1 won, 0 lost, 0.5 a draw)


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(rows: list[Row], ridge: float, iterations: int) -> list[float]:
    """The weights that minimise the summed log loss plus ``ridge`` times their summed squares."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [ridge * wi for wi in w]
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            r = p - y
            s = p * (1 - p)
            for i in range(k):
                xi = x[i]
                if xi:
                    grad[i] += r * xi
                    sxi = s * xi
                    row = hess[i]
                    for j in range(i + 1):
                        row[j] += sxi * x[j]
        for i in range(k):  # only the lower triangle was summed: the Hessian is symmetric
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the Hessian is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x
