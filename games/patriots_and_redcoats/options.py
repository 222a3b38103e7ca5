"""Patriots & Redcoats table options (the model the platform validates a new table's options with)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.patriots_and_redcoats.data import ASSASSINATION_WINDOW_S, RESPONSE_WINDOW_S, WINDOW_S_MAX


class Options(BaseModel):
    """Table options: how response windows behave (edition, Assassination and response windows)."""

    model_config = ConfigDict(extra="forbid")

    window_mode: Literal["quick", "fixed"] = Field(
        "quick", description="quick: a window closes once every living player has continued; fixed: there is no "
                             "continue and a window always runs to its deadline (0 seconds: it closes at once), so "
                             "answer time tells nothing.")
    response_window_s: int = Field(RESPONSE_WINDOW_S, ge=0, le=WINDOW_S_MAX,
                                   description="Seconds of the window after a Spy or Conceal card is given or an "
                                               "Agent places a War card (0: no timer in quick mode; a fixed "
                                               "window then closes at once).")
    assassination_window_s: int = Field(ASSASSINATION_WINDOW_S, ge=0, le=WINDOW_S_MAX,
                                        description="Seconds of the window after an assassination is declared "
                                                    "(0: no timer in quick mode; a fixed window then "
                                                    "closes at once).")
