"""The REST half of API.md. Each route is a thin shell over ``TableService``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi import Path as FastApiPath
from pydantic import BaseModel, ConfigDict, Field

from app import away
from app.account_seats import with_account_tables
from app.answers import read_answer, set_answer
from app.audit import audit
from app.chat import Chat as TableChat
from app.deps import from_state
from app.errors import ApiError
from app.guards import client_address, within_rate
from app.handover import HandOver
from app.hard_seats import HardSeats
from app.invitations import Invitations
from app.limits import RateLimiter
from app.links import SeatLinks, link_url
from app.listing import Listing
from app.lobby import Lobby
from app.messages import chat_public, message_for, table_summary
from app.mine import your_tables
from app.moves import MoveLinks, move_url, qr_svg
from app.push import Pusher
from app.rematch import Rematch
from app.replay import Replays, parse_viewpoint
from app.seats import Credential, Holder, Viewing, same_secret, seat_of
from app.service import TableService
from app.sessions import COOKIE, same_origin, signed_in_as
from games.bots import kinds
from games.ladder import level_figures
from games.protocol import Game

router = APIRouter(prefix="/api")


def base_url(request: Request) -> str:
    configured = request.app.state.settings.public_url
    return configured or str(request.base_url).rstrip("/")


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", "Send your seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


ServiceDep = Annotated[TableService, Depends(from_state("service"))]
GamesDep = Annotated[Mapping[str, Game[Any]], Depends(from_state("games"))]
LobbyDep = Annotated[Lobby, Depends(from_state("lobby"))]
RematchDep = Annotated[Rematch, Depends(from_state("rematch"))]
InvitationsDep = Annotated[Invitations, Depends(from_state("invitations"))]
ChatDep = Annotated[TableChat, Depends(from_state("chat"))]
LinksDep = Annotated[SeatLinks, Depends(from_state("links"))]
MovesDep = Annotated[MoveLinks, Depends(from_state("moves"))]
HandOverDep = Annotated[HandOver, Depends(from_state("handover"))]
HardSeatsDep = Annotated[HardSeats, Depends(from_state("autoplay.hard_seats"))]
ListingDep = Annotated[Listing, Depends(from_state("listing"))]
TokenDep = Annotated[str | None, Depends(bearer)]
BaseDep = Annotated[str, Depends(base_url)]


async def current_viewer(table_id: str, service: ServiceDep, token: TokenDep,
                         spectate: Annotated[str | None, Query()] = None) -> Viewing:
    return await service.viewer(table_id, token, spectate)


async def current_holder(table_id: str, service: ServiceDep, token: TokenDep) -> Holder:
    return await service.holder(table_id, token)


ViewerDep = Annotated[Viewing, Depends(current_viewer)]
SeatDep = Annotated[Holder, Depends(current_holder)]


class Body(BaseModel):
    """A request body: values must have their JSON type ("30" is not a number) and unknown keys are refused,
    so a misspelt field never silently falls back to its default."""

    model_config = ConfigDict(strict=True, extra="forbid")


class CreateTable(Body):
    game: str
    name: str
    options: dict[str, Any] | None = None
    turn_timer: float | None = Field(None, description="Seconds per turn; none for untimed play. At a turn-based "
                                     "table: the time per move, 3600 to 259200 (default 86400).")
    pace: str = Field("live", description="live (everyone at once) or turn-based (each moves when they can).")
    spectator_chat: bool = Field(True, description="Whether spectators may read the players' table chat.")
    guided: bool = Field(False, description="A guided first game: the table page shows the game's hints (its "
                         "`hints`) to the seats at the moments they apply. Shown in the table's public facts.")


class Join(Body):
    name: str
    invite: str


class AddBots(Body):
    count: int = 1
    kind: str | None = None


class Act(Body):
    action: Any
    expect_seq: int | None = None


class Chat(Body):
    text: str
    channel: str | None = None
    name: str | None = Field(None, description="A spectator's chosen name; seats always speak under their own.")


class SpectatorChat(Body):
    readable: bool


class SetBot(Body):
    kind: str | None = None


class Claim(Body):
    code: str = Field(description="The claim code of a seat link: what follows '#' in its seat_url.")


class HeldTable(Body):
    table_id: str = Field(max_length=64)
    token: str | None = Field(None, max_length=128, description="This browser's seat token at the table.")
    spectate: str | None = Field(None, max_length=128, description="Or its spectator key.")


class YourTables(Body):
    tables: list[HeldTable]


@router.post("/your-tables")
async def list_your_tables(body: YourTables, service: ServiceDep, invitations: InvitationsDep,
                           request: Request) -> dict[str, Any]:
    """Every table the caller holds a seat token or spectator key for, in one request; credentials in the body.
    Signed in (the session cookie), also the account's tables, with the credential each needs (``account``)."""
    limited(request, "your_tables_limiter", "lists of your tables")
    asked = [(t.table_id, t.token, t.spectate) for t in body.tables]
    who = None
    if request.cookies.get(COOKIE):
        same_origin(request)  # the answer hands out the account's credentials: only to our own pages
        who = await signed_in_as(request)
    if who is None:
        return await your_tables(service, asked, invitations)
    return await with_account_tables(service, request.app.state.account_seats, who.account_id, asked, invitations)


PusherDep = Annotated[Pusher, Depends(from_state("pusher"))]


class PushKeys(Body):
    p256dh: str = Field(max_length=128)
    auth: str = Field(max_length=64)


class PushSubscription(Body):
    endpoint: str = Field(max_length=1000, description="The push service's address for this browser (https).")
    keys: PushKeys
    expirationTime: float | None = None  # noqa: N815 - as the browser's PushSubscription.toJSON() names it


class PushEndpoint(Body):
    endpoint: str = Field(max_length=1000)


@router.get("/push/key")
async def push_key(pusher: PusherDep) -> dict[str, Any]:
    """The server's VAPID public key: a browser's ``applicationServerKey`` when it subscribes."""
    return {"public_key": pusher.public_key}


@router.post("/tables/{table_id}/push")
async def push_subscribe(table_id: str, body: PushSubscription, who: SeatDep, pusher: PusherDep) -> dict[str, Any]:
    """Notify this seat, through this browser's push subscription, when it is its move."""
    await pusher.subscribe(table_id, who, body.endpoint, body.keys.p256dh, body.keys.auth)
    return {"subscribed": True}


@router.post("/tables/{table_id}/push/off")
async def push_unsubscribe(table_id: str, body: PushEndpoint, who: SeatDep, pusher: PusherDep) -> dict[str, Any]:
    await pusher.unsubscribe(who, body.endpoint)
    return {"subscribed": False}


@router.post("/tables/{table_id}/push/status")
async def push_status(table_id: str, body: PushEndpoint, who: SeatDep, pusher: PusherDep) -> dict[str, Any]:
    return {"subscribed": await pusher.subscribed(who, body.endpoint)}


class WindowAnswer(Body):
    answer: str = Field(description='"respond" (the window waits for me) or "pass" (pass for me after the short '
                                    'delay).')


@router.get("/tables/{table_id}/window-answer")
async def get_window_answer(table_id: str, who: SeatDep, service: ServiceDep) -> dict[str, Any]:
    """The caller's standing answer to game windows at a turn-based table."""
    return await read_answer(service, table_id, who)


@router.post("/tables/{table_id}/window-answer")
async def post_window_answer(table_id: str, body: WindowAnswer, who: SeatDep, service: ServiceDep) -> dict[str, Any]:
    """Keep the caller's standing answer to game windows at a turn-based table (app/windows.py)."""
    return await set_answer(service, table_id, who, body.answer)


@router.post("/tables/{table_id}/push/test")
async def push_test(table_id: str, body: PushEndpoint, who: SeatDep, pusher: PusherDep,
                    request: Request) -> dict[str, Any]:
    """One notification with a fixed text to this browser's subscription for the seat, so its person sees that
    notifications reach this device."""
    limited(request, "push_test_limiter", "test notifications")
    await pusher.test(table_id, who, body.endpoint)
    return {"sent": True}


@router.get("/games")
async def list_games(games: GamesDep) -> list[dict[str, Any]]:
    return [game_public(g) for g in games.values()]


def game_public(game: Any) -> dict[str, Any]:
    return {"id": game.id, "title": game.title, "min_players": game.min_players, "max_players": game.max_players,
            "options_schema": game.options_schema(), "description": game.description, "renderer": game.renderer,
            "bots": kinds(game), "ladder": level_figures(game.id), "hints": [hint.public() for hint in game.hints]}


def limited(request: Request, limiter: str, what: str) -> None:
    """Refuse a client address that has done ``what`` too often lately (see ``Settings``)."""
    rate: RateLimiter = getattr(request.app.state, limiter)
    if not within_rate(rate, request, request.app.state.settings):
        raise ApiError(429, "rate_limited", f"Too many {what} from your address: at most {rate.count} every "
                                            f"{rate.per:g} seconds. Try again in a minute.")


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, lobby: LobbyDep, base: BaseDep, request: Request) -> dict[str, Any]:
    limited(request, "create_limiter", "new tables")
    row, token, code = await lobby.create(body.game, body.name, body.options, body.turn_timer,
                                            body.spectator_chat, body.pace, guided=body.guided)
    return {"table_id": row.id, "seat": 0, "token": token, "invite_url": f"{base}/t/{row.id}?invite={row.invite_code}",
            "spectate_url": f"{base}/t/{row.id}/watch?key={row.spectate_key}",
            "seat_url": link_url(base, row.id, code)}


async def table_public(service: TableService, table_id: str) -> dict[str, Any]:
    row, seats = await service.snapshot(table_id)
    return table_summary(service.game(row.game), row, seats)


@router.get("/tables/{table_id}")
async def get_table(table_id: str, service: ServiceDep, base: BaseDep, invite: str | None = None) -> dict[str, Any]:
    """The table's public facts. With the table's invite code, also its spectator link: whoever may join may watch,
    which is what a late or surplus invitee is offered."""
    facts = await table_public(service, table_id)
    if invite is not None:
        row, _ = await service.snapshot(table_id)
        if not same_secret(invite, row.invite_code):
            raise ApiError(403, "bad_invite", "That invite code is not valid for this table.")
        facts["spectate_url"] = f"{base}/t/{row.id}/watch?key={row.spectate_key}"
    return facts


@router.post("/tables/{table_id}/join")
async def join_table(table_id: str, body: Join, lobby: LobbyDep, base: BaseDep, request: Request) -> dict[str, Any]:
    limited(request, "join_limiter", "joins")
    seat, token, code = await lobby.join(table_id, body.name, body.invite)
    return {"seat": seat, "token": token, "seat_url": link_url(base, table_id, code)}


class Listed(Body):
    listed: bool = Field(description="true: show this lobby in the public list of open tables; false: take it off.")


class JoinOpen(Body):
    name: str


@router.post("/tables/{table_id}/listing")
async def set_listing(table_id: str, body: Listed, who: SeatDep, listing: ListingDep, service: ServiceDep,
                      request: Request) -> dict[str, Any]:
    """The host lists the lobby publicly or unlists it (app/listing.py); listing is metered per address."""
    if body.listed:
        limited(request, "list_limiter", "tables listed")
    await listing.set_listed(table_id, who, body.listed)
    return await table_public(service, table_id)


@router.get("/open-tables")
async def open_tables(listing: ListingDep) -> dict[str, Any]:
    """The listed lobbies with a free seat, newest first: game, pace, seats free and the host's name only."""
    return {"tables": await listing.open_tables()}


@router.post("/open-tables/{table_id}/join")
async def join_open_table(table_id: str, body: JoinOpen, listing: ListingDep, base: BaseDep,
                          request: Request) -> dict[str, Any]:
    """Take the next free seat of a listed lobby: no invite code needed, and none is shown to the seat."""
    limited(request, "join_limiter", "joins")
    seat, token, code = await listing.join(table_id, body.name)
    return {"table_id": table_id, "seat": seat, "token": token, "seat_url": link_url(base, table_id, code)}


@router.post("/tables/{table_id}/bots")
async def add_bots(table_id: str, body: AddBots, who: SeatDep, service: ServiceDep, lobby: LobbyDep,
                   hard: HardSeatsDep, request: Request) -> dict[str, Any]:
    await hard.admit(client_address(request), table_id, body.kind, body.count,
                     lambda: lobby.add_bots(table_id, who, body.count, body.kind))
    return await table_public(service, table_id)


@router.delete("/tables/{table_id}/seats/{target}")
async def remove_seat(table_id: str, target: int, who: SeatDep, service: ServiceDep, lobby: LobbyDep) -> dict[str, Any]:
    await lobby.remove_seat(table_id, who, target)
    return await table_public(service, table_id)


@router.post("/tables/{table_id}/leave")
async def leave_table(table_id: str, who: SeatDep, lobby: LobbyDep) -> dict[str, Any]:
    await lobby.leave(table_id, who)
    return {"left": True}


@router.post("/tables/{table_id}/start")
async def start_table(table_id: str, who: SeatDep, service: ServiceDep, lobby: LobbyDep, hard: HardSeatsDep,
                      request: Request) -> dict[str, Any]:
    await hard.admit(client_address(request), table_id, None, 0, lambda: lobby.start(table_id, who), starting=True)
    return await table_public(service, table_id)


@router.get("/tables/{table_id}/state")
async def get_state(table_id: str, viewer: ViewerDep, service: ServiceDep, base: BaseDep) -> dict[str, Any]:
    held = await service.held(table_id)
    return message_for(service.game(held.table.game), held, seat_of(held.seats, viewer.holder), base)


class Seen(Body):
    seq: int = Field(description="The latest seq this page has shown its person.")


@router.get("/tables/{table_id}/away")
async def get_away(table_id: str, who: SeatDep, service: ServiceDep) -> dict[str, Any]:
    """What this seat last saw (on any device) and what the timer played for it since: for its holder only."""
    return await away.away(service, table_id, who)


@router.post("/tables/{table_id}/seen")
async def post_seen(table_id: str, body: Seen, who: SeatDep, service: ServiceDep) -> dict[str, Any]:
    """This seat's person has seen the table up to ``seq``; nothing is sent to anyone."""
    return await away.mark_seen(service, table_id, who, body.seq)


@router.get("/tables/{table_id}/times")
async def get_times(table_id: str, viewer: ViewerDep, service: ServiceDep, after: int = 0) -> dict[str, Any]:
    """When each recent seq was committed (public: every live viewer saw it arrive)."""
    if after < 0:
        raise ApiError(422, "bad_request", "after must be a seq: 0 or more.")
    return await away.times(service, table_id, after)


@router.post("/tables/{table_id}/actions")
async def post_action(table_id: str, body: Act, viewer: ViewerDep, service: ServiceDep,
                      base: BaseDep) -> dict[str, Any]:
    if viewer.holder is None:
        raise ApiError(403, "spectator", "Spectators watch; they cannot act.")
    await service.act(table_id, viewer.holder, body.action, body.expect_seq)
    held = await service.held(table_id)
    return message_for(service.game(held.table.game), held, seat_of(held.seats, viewer.holder), base)


@router.post("/tables/{table_id}/seats/{target}/bot")
async def seat_to_bot(table_id: str, target: int, who: SeatDep, service: ServiceDep, lobby: LobbyDep,
                      hard: HardSeatsDep, request: Request, body: SetBot | None = None) -> dict[str, Any]:
    kind = body.kind if body else None
    await hard.admit(client_address(request), table_id, kind, 1, lambda: lobby.set_bot(table_id, who, target, kind))
    return await table_public(service, table_id)


@router.post("/tables/{table_id}/reclaim")
async def reclaim_seat(table_id: str, who: SeatDep, service: ServiceDep, lobby: LobbyDep) -> dict[str, Any]:
    await lobby.reclaim(table_id, who)
    return await table_public(service, table_id)


@router.post("/tables/{table_id}/again")
async def play_again(table_id: str, who: SeatDep, token: TokenDep, rematch: RematchDep,
                     base: BaseDep) -> dict[str, Any]:
    assert token is not None  # ``who`` was found by it
    new_id, new_seat, new_token, code = await rematch.again(table_id, who, token)
    return {"table_id": new_id, "seat": new_seat, "token": new_token, "seat_url": link_url(base, new_id, code)}


class NewGame(Body):
    game: str
    options: dict[str, Any] | None = None
    turn_timer: float | None = Field(None, description="As when creating a table.")
    pace: str = Field("live", description="As when creating a table.")
    spectator_chat: bool = True
    seats: list[int] | None = Field(None, max_length=10, description="The seats (numbers at this table) of the "
                                    "people to invite; none: every other person at the table.")


@router.post("/tables/{table_id}/invitations", status_code=201)
async def invite_players(table_id: str, body: NewGame, who: SeatDep, invitations: InvitationsDep, base: BaseDep,
                         request: Request) -> dict[str, Any]:
    """New game with these players: a new lobby hosted by the caller, the other people of this finished table
    invited."""
    limited(request, "create_limiter", "new tables")
    row, token, code, invited = await invitations.open(table_id, who, body.game, body.options, body.turn_timer,
                                                       body.spectator_chat, body.pace, body.seats)
    return {"table_id": row.id, "seat": 0, "token": token, "invite_url": f"{base}/t/{row.id}?invite={row.invite_code}",
            "spectate_url": f"{base}/t/{row.id}/watch?key={row.spectate_key}",
            "seat_url": link_url(base, row.id, code), "invited": invited}


def invited_token(token: TokenDep) -> str:
    if token is None:
        raise ApiError(401, "no_credentials", "Answer an invitation with your seat token at the table it came from: "
                                              "Authorization: Bearer <token>.")
    return token


InvitedDep = Annotated[str, Depends(invited_token)]
# An invitation's number as the database can hold it: a longer one is refused before any query.
InvitationId = Annotated[int, FastApiPath(ge=1, le=2**31 - 1)]


@router.post("/invitations/{invitation_id}/accept")
async def accept_invitation(invitation_id: InvitationId, token: InvitedDep, invitations: InvitationsDep, base: BaseDep,
                            request: Request) -> dict[str, Any]:
    """Take a seat in the lobby an invitation is for, under your name at the table you shared."""
    limited(request, "join_limiter", "joins")
    table_id, seat, new_token, code = await invitations.accept(invitation_id, token)
    return {"table_id": table_id, "seat": seat, "token": new_token, "seat_url": link_url(base, table_id, code)}


@router.post("/invitations/{invitation_id}/decline")
async def decline_invitation(invitation_id: InvitationId, token: InvitedDep,
                             invitations: InvitationsDep) -> dict[str, Any]:
    await invitations.decline(invitation_id, token)
    return {"declined": True}


@router.post("/tables/{table_id}/seat-link")
async def make_seat_link(table_id: str, who: SeatDep, token: TokenDep, links: LinksDep, base: BaseDep,
                         request: Request) -> dict[str, Any]:
    """A fresh one-time link for the caller's own seat, for another device; older unused links of the seat stop
    working."""
    limited(request, "link_limiter", "seat links and claims")
    assert token is not None  # ``who`` was found by it
    code, expires = await links.make(table_id, who, token)
    return {"seat_url": link_url(base, table_id, code), "expires_at": expires.isoformat()}


@router.post("/tables/{table_id}/claim")
async def claim_seat(table_id: str, body: Claim, links: LinksDep, request: Request) -> dict[str, Any]:
    """Trade a seat link's claim code for its seat's token, once."""
    limited(request, "link_limiter", "seat links and claims")
    seat, token = await links.claim(table_id, body.code)
    return {"seat": seat, "token": token}


@router.post("/tables/{table_id}/seats/{target}/handover")
async def hand_over_seat(table_id: str, target: int, who: SeatDep, handover: HandOverDep,
                         base: BaseDep) -> dict[str, Any]:
    """The host gives an away seat a new token and returns its one-time seat link; the old token stops working."""
    seat, code, expires = await handover.give(table_id, who, target)
    return {"seat": seat, "seat_url": link_url(base, table_id, code), "expires_at": expires.isoformat()}


@router.post("/move-links")
async def make_move_link(body: YourTables, moves: MovesDep, base: BaseDep, request: Request) -> dict[str, Any]:
    """One link for every table of this browser (credentials in the body), to open them all on another device."""
    limited(request, "link_limiter", "seat links and claims")
    asked = [Credential(t.table_id, t.token, t.spectate) for t in body.tables]
    code, expires, carried, left_out = await moves.make(asked)
    url = move_url(base, code)
    # The QR code is drawn here, in the answer: the URL (and its code) never travels in a request's address.
    return {"url": url, "qr_svg": qr_svg(url), "expires_at": expires.isoformat(),
            "tables": [c.table_id for c in carried], "left_out": left_out}


@router.post("/move-links/claim")
async def claim_move_link(body: Claim, moves: MovesDep, request: Request) -> dict[str, Any]:
    """Trade a move link's code for the credentials it carries, once."""
    limited(request, "link_limiter", "seat links and claims")
    carried, gone = await moves.claim(body.code)
    return {"tables": [c.public() for c in carried], "gone": gone}


@router.post("/tables/{table_id}/spectator-chat")
async def set_spectator_chat(table_id: str, body: SpectatorChat, who: SeatDep, lobby: LobbyDep) -> dict[str, Any]:
    await lobby.set_spectator_chat(table_id, who, body.readable)
    return {"ok": True}


@router.get("/tables/{table_id}/chat")
async def get_chat(table_id: str, viewer: ViewerDep, service: ServiceDep, chat: ChatDep) -> list[dict[str, Any]]:
    row, seats = await service.snapshot(table_id)
    seat = seat_of(seats, viewer.holder)
    return [chat_public(c) for c in await chat.rows(table_id) if chat.can_read(row, seat, c.channel)]


@router.post("/tables/{table_id}/chat", status_code=201)
async def post_chat(table_id: str, body: Chat, viewer: ViewerDep, chat: ChatDep) -> dict[str, Any]:
    await chat.post(table_id, viewer.holder, body.text, body.channel, name=body.name)
    return {"sent": True}


ReplaysDep = Annotated[Replays, Depends(from_state("replays"))]


def rebuild_limit(request: Request) -> Callable[[], None]:
    """What a replay route calls before it rebuilds a game: a rebuild costs CPU, so each address has a budget."""
    return lambda: limited(request, "replay_limiter", "replays rebuilt")


@router.get("/tables/{table_id}/replay")
async def get_replay(table_id: str, replays: ReplaysDep, request: Request, seat: str | None = None) -> dict[str, Any]:
    """A finished game's timeline and its log as ``seat`` (a number, or "all") read it; 409 before the end."""
    return await replays.timeline(table_id, parse_viewpoint(seat), rebuild_limit(request))


@router.get("/tables/{table_id}/replay/{seq}")
async def get_replay_moment(table_id: str, seq: int, replays: ReplaysDep, base: BaseDep, request: Request,
                            seat: str | None = None) -> dict[str, Any]:
    """The message ``seat`` had after action ``seq`` of a finished game (``all``: everything revealed)."""
    return await replays.moment(table_id, seq, parse_viewpoint(seat), base, rebuild_limit(request))


@router.get("/tables/{table_id}/audit")
async def get_audit(table_id: str, service: ServiceDep) -> dict[str, Any]:
    """Seed, options and the full action log once the game has finished; before that only the commitment."""
    return await audit(service, table_id)
