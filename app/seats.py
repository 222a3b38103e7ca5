"""Who is asking: seat credentials and the seat rows they name.

A token names a seat *row*, never a seat number: seats are renumbered when someone leaves a lobby, and a credential
must never move to another person's seat.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.errors import ApiError
from app.held import AnySeat


def _bytes(text: str) -> bytes:
    # "surrogatepass": a credential is whatever the client sent, even text that is not valid Unicode; it just never
    # matches, instead of raising.
    return text.encode("utf-8", "surrogatepass")


def hash_token(token: str) -> str:
    return hashlib.sha256(_bytes(token)).hexdigest()


def rematch_token(token: str, table_id: str) -> str:
    """The token of a person's seat at the rematch table ``table_id``, derived from their token at the finished table
    (which only they hold): asking again gives the same credential, so a page or device that asked first keeps
    working, and the server still stores nothing but hashes. The same shape as a fresh token (32 characters)."""
    digest = hmac.new(_bytes(token), _bytes(f"rematch:{table_id}"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def same_secret(given: Any, real: str) -> bool:
    """Compare a credential in constant time; any text (non-ASCII, lone surrogates) or non-text simply fails."""
    return isinstance(given, str) and secrets.compare_digest(_bytes(given), _bytes(real))


@dataclass(frozen=True)
class Holder:
    """A person known by the seat row their token names. Seats are renumbered when someone leaves the lobby, so a
    credential is bound to the row, never to a number: after a move it acts for the same person, after a removal for
    nobody."""

    seat_id: int


Actor = int | Holder  # a seat number (bots and timers, which act only in play, where seats never move) or a person


@dataclass
class Viewing:
    """Who is asking: a seat's holder, or a spectator (``holder`` None)."""

    table_id: str
    holder: Holder | None


@dataclass(frozen=True)
class Credential:
    """What opens a table for its holder: a seat token, or else (``token`` None) a spectator key."""

    table_id: str
    token: str | None = None
    spectate: str | None = None

    def public(self) -> dict[str, str]:
        if self.token:
            return {"table_id": self.table_id, "token": self.token}
        return {"table_id": self.table_id, "spectate": self.spectate or ""}


def seat_for_token(seats: Sequence[AnySeat], token: str) -> AnySeat | None:
    """The seat whose token is ``token`` (compared as hashes, in constant time), if any."""
    hashed = hash_token(token)
    return next((s for s in seats if s.token_hash is not None and same_secret(hashed, s.token_hash)), None)


def seat_gone() -> ApiError:
    return ApiError(403, "seat_gone", "You no longer hold a seat at this table: you left, or the host removed you or "
                                      "gave your seat a new link.")


def seat_row(seats: Sequence[AnySeat], who: Actor) -> AnySeat:
    """The seat ``who`` names now; a credential whose seat is gone is refused."""
    for s in seats:
        if (s.id == who.seat_id) if isinstance(who, Holder) else (s.seat == who):
            return s
    if isinstance(who, Holder):
        raise seat_gone()
    raise ApiError(404, "unknown_seat", f"There is no seat {who} at this table.")


def require_host(host_seat: int, seats: Sequence[AnySeat], who: Actor) -> AnySeat:
    """The seat ``who`` names, refused unless it is the host's; returns it."""
    seat = seat_row(seats, who)
    if seat.seat != host_seat:
        raise ApiError(403, "not_host", "Only the host can do that.")
    return seat


def seat_of(seats: Sequence[AnySeat], holder: Holder | None) -> int | None:
    """The number of ``holder``'s seat in ``seats`` (a spectator's: None)."""
    return None if holder is None else seat_row(seats, holder).seat
