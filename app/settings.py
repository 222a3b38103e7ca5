"""Settings from the environment. Defaults give one process on a SQLite file with nothing else to install."""

from __future__ import annotations

import base64
import binascii
import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw not in (None, "") else default


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw not in (None, "") else default


SEAL_KEY_BYTES = 32


def seal_key_bytes(text: str) -> bytes | None:
    """SEAL_KEY's bytes (base64url, padding optional), or None when it is not base64url."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, binascii.Error):
        return None


def _list(name: str) -> list[str]:
    return [item.strip().lower() for item in os.environ.get(name, "").split(",") if item.strip()]


def _rate(name: str, default: tuple[int, float]) -> tuple[int, float]:
    """``COUNT/SECONDS``, e.g. ``20/60``."""
    raw = os.environ.get(name)
    if not raw:
        return default
    count, _, per = raw.partition("/")
    return int(count), float(per or 60)


def default_bot_workers() -> int:
    """One core is left to the event loop; the rest think for bots."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"]


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
    # A searching bot (``hard``) thinks in a pool of worker processes (app/thinking.py): at most ``bot_think_s`` of
    # wall time a decision (it then plays its best so far), ``bot_workers`` processes per server worker, and
    # ``bot_nodes`` playouts a decision when set (default: each game's own budget; small ones make tests quick).
    bot_think_s: float = 1.0
    bot_workers: int = field(default_factory=default_bot_workers)
    bot_nodes: int | None = None
    # Hard seats one client address may have at its tables not yet finished (app/hard_seats.py), per server worker.
    hard_seats_per_address: int = 12
    handover_grace: float = 2.0  # seconds past a deadline before another worker handles a table (its own died)
    public_url: str = ""  # e.g. https://games.example.org; empty: links are built from the request
    extra_games: list[str] = field(default_factory=list)  # "module:attribute" of extra Game objects (tests)
    catch_up_interval: float | None = None  # seconds between checks for missed changes; default 2 with Redis, else 0
    chat_max_len: int = 300
    chat_rate: tuple[int, float] = (5, 10.0)  # messages per seconds
    max_message_bytes: int = 16_384  # one websocket message, as the app reads it
    max_frame_bytes: int = 65_536  # one websocket frame, refused by the transport before it is even decoded
    max_body_bytes: int = 65_536  # one HTTP request body
    # Hosts this server answers to (Host header). Empty: loopback names plus PUBLIC_URL's host. "*": any host, for a
    # server behind a proxy that checks hosts itself; links then come from PUBLIC_URL or the request.
    allowed_hosts: list[str] = field(default_factory=list)
    allowed_origins: list[str] = field(default_factory=list)  # pages elsewhere allowed to open websockets
    # Per client address: table creations, joins and websocket connections, each as (count, per seconds).
    create_rate: tuple[int, float] = (20, 60.0)
    join_rate: tuple[int, float] = (40, 60.0)
    connect_rate: tuple[int, float] = (120, 60.0)
    # Per client address: replays rebuilt (a finished game no worker holds rebuilt, or a fairness check), each a
    # second or two of CPU. Stepping through a replay already rebuilt is not counted.
    replay_rate: tuple[int, float] = (10, 60.0)
    # Per client address: seat-link claims and seat links made, together. A claim needs no credential, so this is
    # what stops one address from guessing codes (or piling up links) as fast as it can send.
    link_rate: tuple[int, float] = (20, 60.0)
    push_test_rate: tuple[int, float] = (5, 60.0)  # "Send me a test" notifications
    # Per client address: "Your tables" lists asked for (each checks up to 100 credentials).
    your_tables_rate: tuple[int, float] = (60, 60.0)
    list_rate: tuple[int, float] = (10, 3600.0)  # lobbies listed publicly (app/listing.py)
    # Addresses no rate applies to: the machine itself (a benchmark, a health check). A proxy in front must send
    # X-Forwarded-For and be named in forwarded_allow_ips, or every visitor would count as the proxy's address.
    rate_exempt: list[str] = field(default_factory=lambda: ["127.0.0.1", "::1"])
    # Proxies whose X-Forwarded-For (and -Proto) is believed: addresses or networks, "*" for any. Empty: nobody's,
    # so no client can name its own address (and, say, claim a rate-exempt one).
    forwarded_allow_ips: list[str] = field(default_factory=list)
    # Addresses and networks /metrics answers (a scraper on the machine or the private network); nobody else.
    metrics_allow_ips: list[str] = field(default_factory=lambda: ["127.0.0.1", "::1"])
    request_timeout: float = 10.0  # seconds for a request's headers and body (or a websocket upgrade) to arrive
    # Open connections from one address, per worker; the rate-exempt addresses and named proxies have no cap.
    max_connections_per_address: int = 100
    max_connections_per_seat: int = 8  # tabs and devices open on one seat, per worker
    max_connections_per_table: int = 200  # seats and spectators together, per worker
    # Tables expire: a lobby nobody has touched, a finished game, and a game left unplayed, after these many hours.
    lobby_ttl_hours: float = 24.0
    finished_ttl_hours: float = 24.0 * 30
    idle_ttl_hours: float = 24.0 * 14
    turn_based_lobby_ttl_hours: float = 24.0 * 7  # friends join a turn-based table over days
    expiry_interval: float = 3600.0  # seconds between expiry sweeps
    tables_in_memory: int = 5000  # tables held as last committed (most recently used kept)
    snapshot_every: int = 50  # actions between two snapshots of a table's state in the database
    # Web Push: the contact a push service may write to about our pushes (VAPID's "sub"; default PUBLIC_URL), and
    # whether plain-http loopback endpoints are allowed (the tests' own push endpoint; never in production).
    push_contact: str = ""
    push_insecure_endpoints: bool = False
    # Seconds a worker keeps serving after SIGTERM while /readyz says it is stopping (app/drain.py); 0: stop at once.
    shutdown_drain_s: float = 0.0
    migrate_at_start: bool = True  # off in workers that `tabletop serve` started after migrating
    # The key sealing the seat tokens kept for accounts: 32 random bytes in base64url. Unset: a key made at first use
    # and kept in the database itself (one machine); a server whose database lives elsewhere sets it, so that a copy
    # of the database alone opens no token.
    seal_key: str = ""

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            database_url=async_database_url(os.environ.get("DATABASE_URL") or cls.database_url),
            redis_url=os.environ.get("REDIS_URL") or None,
            bot_delay=_float("BOT_DELAY", cls.bot_delay),
            bot_think_s=_float("BOT_THINK_S", cls.bot_think_s),
            bot_workers=_int("BOT_WORKERS", default_bot_workers()),
            bot_nodes=_int("BOT_NODES", 0) or None,
            hard_seats_per_address=_int("HARD_SEATS_PER_ADDRESS", cls.hard_seats_per_address),
            handover_grace=_float("HANDOVER_GRACE", cls.handover_grace),
            public_url=os.environ.get("PUBLIC_URL", "").rstrip("/"),
            extra_games=[g for g in os.environ.get("EXTRA_GAMES", "").split(",") if g],
            catch_up_interval=float(os.environ["CATCH_UP_INTERVAL"]) if os.environ.get("CATCH_UP_INTERVAL") else None,
            allowed_hosts=_list("ALLOWED_HOSTS"),
            allowed_origins=[o.rstrip("/") for o in _list("ALLOWED_ORIGINS")],
            create_rate=_rate("CREATE_RATE", cls.create_rate),
            join_rate=_rate("JOIN_RATE", cls.join_rate),
            connect_rate=_rate("CONNECT_RATE", cls.connect_rate),
            replay_rate=_rate("REPLAY_RATE", cls.replay_rate),
            link_rate=_rate("LINK_RATE", cls.link_rate),
            push_test_rate=_rate("PUSH_TEST_RATE", cls.push_test_rate),
            your_tables_rate=_rate("YOUR_TABLES_RATE", cls.your_tables_rate),
            list_rate=_rate("LIST_RATE", cls.list_rate),
            rate_exempt=_list("RATE_EXEMPT") if "RATE_EXEMPT" in os.environ else ["127.0.0.1", "::1"],
            forwarded_allow_ips=_list("FORWARDED_ALLOW_IPS"),
            metrics_allow_ips=_list("METRICS_ALLOW_IPS") if "METRICS_ALLOW_IPS" in os.environ else ["127.0.0.1", "::1"],
            request_timeout=_float("REQUEST_TIMEOUT", cls.request_timeout),
            max_connections_per_address=_int("MAX_CONNECTIONS_PER_ADDRESS", cls.max_connections_per_address),
            max_connections_per_seat=_int("MAX_CONNECTIONS_PER_SEAT", cls.max_connections_per_seat),
            max_connections_per_table=_int("MAX_CONNECTIONS_PER_TABLE", cls.max_connections_per_table),
            lobby_ttl_hours=_float("LOBBY_TTL_HOURS", cls.lobby_ttl_hours),
            finished_ttl_hours=_float("FINISHED_TTL_HOURS", cls.finished_ttl_hours),
            idle_ttl_hours=_float("IDLE_TTL_HOURS", cls.idle_ttl_hours),
            turn_based_lobby_ttl_hours=_float("TURN_BASED_LOBBY_TTL_HOURS", cls.turn_based_lobby_ttl_hours),
            expiry_interval=_float("EXPIRY_INTERVAL", cls.expiry_interval),
            snapshot_every=_int("SNAPSHOT_EVERY", cls.snapshot_every),
            shutdown_drain_s=_float("SHUTDOWN_DRAIN_S", cls.shutdown_drain_s),
            migrate_at_start=os.environ.get("MIGRATE_AT_START", "1") != "0",
            push_contact=os.environ.get("PUSH_CONTACT", ""),
            push_insecure_endpoints=os.environ.get("PUSH_INSECURE_ENDPOINTS", "0") == "1",
            seal_key=os.environ.get("SEAL_KEY", "").strip(),
        )

    def __post_init__(self) -> None:
        self.database_url = async_database_url(self.database_url)
        if self.catch_up_interval is None:
            # Only a bus between processes can lose an announcement; in one process delivery is a function call.
            self.catch_up_interval = 2.0 if self.redis_url else 0.0
        if not self.allowed_hosts:
            public = urlsplit(self.public_url).hostname if self.public_url else None
            if public and ":" in public:
                public = f"[{public}]"  # an IPv6 address, as a Host header writes it
            self.allowed_hosts = LOOPBACK_HOSTS + ([public.lower()] if public else [])
        if not self.push_contact:
            self.push_contact = self.public_url if self.public_url.startswith("https://") else "mailto:admin@localhost"
        if self.bot_delay < 0 or self.handover_grace < 0 or self.shutdown_drain_s < 0:
            raise ValueError("BOT_DELAY, HANDOVER_GRACE and SHUTDOWN_DRAIN_S must be >= 0")
        if self.bot_think_s <= 0 or self.bot_workers < 1 or (self.bot_nodes is not None and self.bot_nodes < 1):
            raise ValueError("BOT_THINK_S must be > 0, BOT_WORKERS and BOT_NODES at least 1")
        if self.hard_seats_per_address < 0:
            raise ValueError("HARD_SEATS_PER_ADDRESS must be 0 (no Hard bots) or more")
        if self.seal_key and len(seal_key_bytes(self.seal_key) or b"") != SEAL_KEY_BYTES:
            raise ValueError("SEAL_KEY must be 32 random bytes in base64url (e.g. `python -c \"import secrets; "
                             "print(secrets.token_urlsafe(32))\"`)")
        if self.snapshot_every < 1:
            raise ValueError("SNAPSHOT_EVERY must be at least 1")
        if self.request_timeout <= 0 or self.max_connections_per_address < 1:
            raise ValueError("REQUEST_TIMEOUT must be > 0 and MAX_CONNECTIONS_PER_ADDRESS at least 1")
