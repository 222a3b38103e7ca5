"""Fuzzers: the REST API (schemathesis over /openapi.json), the websocket, and every game's rules.

Each runs in seconds by default; ``FUZZ_SCALE=20 .venv/bin/pytest tests/fuzz --timeout 0`` runs them longer (see each
module's docstring for what grows).
"""
