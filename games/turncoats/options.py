"""Turncoats table options (the model the platform validates a new table's options with)."""

from __future__ import annotations

from pydantic import BaseModel


class Options(BaseModel):
    """Turncoats has no table options: the edition fixes every number."""
