"""Red Scare Redux table options (edition rulings 5 and 7, response windows). Each option says in words what it is
(``title``, ``description``); one that matters only at some player counts names them (``x-players``), so the lobby
lists only the options that apply to its table."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.protocol import WINDOW_LENGTH, WINDOW_MODE
from games.red_scare_redux.data import MAX_PLAYERS, WINDOW_SECONDS, WINDOW_SECONDS_MAX


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    layout_6: Literal["3v3", "2v2v2"] = Field(
        "3v3", title="Teams at 6 players",
        description="3v3: two teams of three; 2v2v2: three teams of two.",
        json_schema_extra={"x-players": [6]})
    teams: list[int] | None = Field(
        None, title="Teams by seat",
        description="A team number for each seat, in seat order (1 2 1 2 puts seats 1 and 3 together); none: seats "
                    "alternate teams.",
        json_schema_extra={"x-players": list(range(4, MAX_PLAYERS + 1))})  # teams of one below 4: nothing to choose
    window_mode: Literal["quick", "fixed"] = Field(
        "quick", title="Response windows",
        description="quick: players may pass a response chance at once (faster, but the speed of the answer can "
                    "tell); fixed: every response window runs its full time.",
        json_schema_extra=WINDOW_MODE)
    response_window_s: int = Field(WINDOW_SECONDS, ge=1, le=WINDOW_SECONDS_MAX, title="Response window (seconds)",
                                   description="Seconds opponents have to play Counterintelligence or Tip-Off.",
                                   json_schema_extra=WINDOW_LENGTH)
