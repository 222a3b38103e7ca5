"""Red Scare Redux table options (edition rulings 5 and 7, response windows)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.red_scare_redux.data import WINDOW_SECONDS, WINDOW_SECONDS_MAX


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    layout_6: Literal["3v3", "2v2v2"] = Field("3v3", description="Teams at 6 players: two of three or three of two.")
    teams: list[int] | None = Field(None, description="A team label per seat (seats with one label play together); "
                                                      "none: seats alternate teams.")
    window_mode: Literal["quick", "fixed"] = Field(
        "quick", description="quick: players may pass a response chance at once (faster, but the speed of the answer "
                             "can tell); fixed: every response window runs its full time.")
    response_window_s: int = Field(WINDOW_SECONDS, ge=1, le=WINDOW_SECONDS_MAX,
                                   description="Seconds opponents have to play Counterintelligence or Tip-Off.")
