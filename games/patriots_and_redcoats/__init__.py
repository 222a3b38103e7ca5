"""Patriots & Redcoats (4-10 players): hidden Loyalty cards, Spies and Turncoats, War Councils and Winter passes.
Rules: shared/rules/patriots-and-redcoats.txt and patriots-and-redcoats-edition.md."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.patriots_and_redcoats import rules
from games.patriots_and_redcoats.bot import basic_bot, random_bot
from games.patriots_and_redcoats.data import (
    ASSASSINATION_WINDOW_S,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESPONSE_WINDOW_S,
    WINDOW_S_MAX,
)
from games.patriots_and_redcoats.end import result
from games.patriots_and_redcoats.view import resample, secrets, view
from games.protocol import Game


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


GAME = Game(
    id="patriots-and-redcoats",
    title="Patriots & Redcoats",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=rules.setup,
    legal=rules.legal,
    apply=rules.apply,
    view=view,
    result=result,
    default_action=rules.default_action,
    bots={"basic": basic_bot, "random": random_bot},
    window=rules.window,
    must_act=rules.must_act,
    secret_step=rules.secret_step,
    expire=rules.expire,
    secrets=secrets,
    resample=resample,
    description="Patriots against Redcoats, and nobody is sure who is who. Spy on each other to force Loyalty cards "
                "face up, elect War Councils that secretly choose the war's victories, pass cards in the Winter to "
                "turn allegiances, and find the enemy Leader before your own is exposed.",
    renderer="patriots-and-redcoats",
)
