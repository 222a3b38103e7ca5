"""Patriots & Redcoats table options (the model the platform validates a new table's options with)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.patriots_and_redcoats.data import ASSASSINATION_WINDOW_S, RESPONSE_WINDOW_S, WINDOW_S_MAX
from games.protocol import WINDOW_LENGTH, WINDOW_MODE


class Options(BaseModel):
    """Table options: how response windows behave (edition, Assassination and response windows)."""

    model_config = ConfigDict(extra="forbid")

    window_mode: Literal["quick", "fixed"] = Field(
        "quick", title="Response windows",
        description="fixed: nothing to press and no timing tells, but every window runs its full time; "
                    "quick: a window closes once everyone has continued.",
        json_schema_extra=WINDOW_MODE)
    response_window_s: int = Field(RESPONSE_WINDOW_S, ge=0, le=WINDOW_S_MAX, title="Response window (seconds)",
                                   description="Seconds of the window after a Spy or Conceal card is given or an "
                                               "Agent places a War card (0: no timer in quick mode; a fixed "
                                               "window then closes at once).",
                                   json_schema_extra=WINDOW_LENGTH)
    assassination_window_s: int = Field(ASSASSINATION_WINDOW_S, ge=0, le=WINDOW_S_MAX,
                                        title="Assassination window (seconds)",
                                        description="Seconds of the window after an assassination is declared "
                                                    "(0: no timer in quick mode; a fixed window then "
                                                    "closes at once).",
                                        json_schema_extra=WINDOW_LENGTH)
