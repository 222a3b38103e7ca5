"""Raiding Parties table options (K7, rulings 1 and 13): the model the platform validates a new table's options with."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.protocol import WINDOW_LENGTH, WINDOW_MODE
from games.raiding_parties.data import DEFAULT_GOLD, MIN_COPY_CAP, REACTION_SECONDS, REACTION_SECONDS_MAX, Gold


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    gold: Gold = Field(DEFAULT_GOLD, title="Gold per party", description="20 (no Ship or Fort), 30 (one Ship or Fort) "
                                                                         "or 40 (two).")
    copy_cap: int | None = Field(None, ge=MIN_COPY_CAP, le=99, title="Copy limit",
                                 description="Most copies of any card without (X) in a party, as with one shared "
                                             "box (at least 4); none: no limit.")
    reaction_mode: Literal["quick", "fixed"] = Field(
        "quick", title="Reactions",
        description="quick: a player may pass a Navigator or Jolly Roger chance at once (faster, but the speed of the "
                    "answer can tell); fixed: every such chance runs its full time.",
        json_schema_extra=WINDOW_MODE)
    reaction_seconds: int = Field(REACTION_SECONDS, ge=1, le=REACTION_SECONDS_MAX, title="Reaction time (seconds)",
                                  description="Seconds a player has to reveal a Navigator or play a Jolly Roger.",
                                  json_schema_extra=WINDOW_LENGTH)
