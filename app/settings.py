"""Settings from the environment. Defaults give one process on a SQLite file with nothing else to install."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw not in (None, "") else default


def async_database_url(url: str) -> str:
    """Accept the usual ``postgresql://`` and ``sqlite:///`` forms and pick the async drivers we ship."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        return "postgresql+asyncpg://" + url[len("postgresql://"):]
    if url.startswith("sqlite:///"):
        return "sqlite+aiosqlite:///" + url[len("sqlite:///"):]
    return url


@dataclass
class Settings:
    database_url: str = "sqlite+aiosqlite:///./data/tabletop.db"
    redis_url: str | None = None
    bot_delay: float = 0.8  # seconds a bot waits before moving, so people can follow
    sweep_interval: float = 0.25  # how often deadlines and stalled bots are checked
    public_url: str = ""  # e.g. https://games.example.org; empty: links are built from the request
    extra_games: list[str] = field(default_factory=list)  # "module:attribute" of extra Game objects (tests)
    catch_up_interval: float | None = None  # seconds between checks for missed changes; default 2 with Redis, else 0
    chat_max_len: int = 300
    chat_rate: tuple[int, float] = (5, 10.0)  # messages per seconds
    max_message_bytes: int = 16_384

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            database_url=async_database_url(os.environ.get("DATABASE_URL") or cls.database_url),
            redis_url=os.environ.get("REDIS_URL") or None,
            bot_delay=_float("BOT_DELAY", cls.bot_delay),
            sweep_interval=_float("SWEEP_INTERVAL", cls.sweep_interval),
            public_url=os.environ.get("PUBLIC_URL", "").rstrip("/"),
            extra_games=[g for g in os.environ.get("EXTRA_GAMES", "").split(",") if g],
            catch_up_interval=float(os.environ["CATCH_UP_INTERVAL"]) if os.environ.get("CATCH_UP_INTERVAL") else None,
        )

    def __post_init__(self) -> None:
        self.database_url = async_database_url(self.database_url)
        if self.catch_up_interval is None:
            # Only a bus between processes can lose an announcement; in one process delivery is a function call.
            self.catch_up_interval = 2.0 if self.redis_url else 0.0
        if self.bot_delay < 0 or self.sweep_interval <= 0:
            raise ValueError("BOT_DELAY must be >= 0 and SWEEP_INTERVAL > 0")
