"""The English log lines as tells.py and sampler.py read them before log events (issue 37): their regular expressions
and their readers, kept for the tests only.

``classify`` names the event a line of a kind the readers used must carry, from the line's words alone: the
conformance test holds every entry's ``event`` to it. ``read_tells`` and ``read_evidence`` are the old readers,
unchanged but for names, so the tests can show the event readers reach the same results.
"""

from __future__ import annotations

import re
from typing import Any, cast

from games.patriots_and_redcoats import tells
from games.patriots_and_redcoats.bots.basic import SIDE_OF_NAME
from games.patriots_and_redcoats.data import LOYALTY_NAMES, SECOND_PILE, SPECIALS
from games.patriots_and_redcoats.rules.core import article, next_living
from games.patriots_and_redcoats.state import PatriotsState
from games.protocol import Seat, State, visible_entries

# The old tells.py's 18 patterns and the old sampler.py's two, as they were.
NOMINATES = re.compile(r"^\{s(\d+)\} nominates \{s(\d+)\} as Agent\. Everyone votes\.$")
HESSIANS_AGENT = re.compile(r"^\{s(\d+)\} names \{s(\d+)\} as Agent of the Hessians council")
VOTES = re.compile(r"^The votes: (.*)\.$")
VOTE = re.compile(r"\{s(\d+)\} (yes|no)")
PLACES = re.compile(r"^The Agent, \{s(\d+)\}, places a (.+) on the War track")
AGENT_GONE = "The Agent was eliminated: the "
REVEALS = re.compile(r"^\{s(\d+)\} reveals (.+) \(.*\)\.$")
DECLARES = re.compile(r"^\{s(\d+)\} reveals the (.+) and declares an assassination")
HELD = re.compile(r"^\{s(\d+)\} held (.+)\.$")
FLIPS = re.compile(r"^\{s(\d+)\} flips (.+) face down(?: \(.*\))?\.$")
GIVES = re.compile(r"^\{s(\d+)\} gives a (\d)-eye Spy card to \{s(\d+)\}\.$")
SPLITS = re.compile(r"^\{s(\d+)\} splits the feathers of a (\d)-feather Conceal card: (.*)\.$")
SHARE = re.compile(r"(\d+) to \{s(\d+)\}")
DISCARDS = re.compile(r"^\{s(\d+)\} discards a (\d)-(eye Spy|feather Conceal) card with no effect\.$")
FERGUSON = re.compile(r"^\{s(\d+)\} names (?:nobody|\{s(\d+)\}) for Major Ferguson")
HAS_EYES = re.compile(r"^\{s(\d+)\} receives a \d-eye .* and has (\d+) eyes\.$")
KEEPS = re.compile(r"^\{s(\d+)\} removes \d+ eyes and keeps (\d+)\.$")
LOSES = re.compile(r"^\{s(\d+)\} receives \d+ feather\(s\) and loses (\d+) eye\(s\)\.$")
ELIMINATED = re.compile(r"^\{s(\d+)\} is eliminated \(")
PASSED = re.compile(r"^\{s(\d+)\} passes (.+) to \{s(\d+)\}\.$")
ALL_PASS = "Everyone passes a face-down card to the next living player clockwise."

KIND_OF_ARTICLE = {article(k): k for k in (*SECOND_PILE, *SPECIALS)}
KIND_OF_TEXT = KIND_OF_ARTICLE | {LOYALTY_NAMES[k]: k for k in SPECIALS}

# Facts the old patterns matched a line by without capturing them: the conformance test reads them from the same line.
_DECLARED = re.compile(r"declares an assassination of \{s(\d+)\}!$")
_CARD_EYES = re.compile(r"receives a (\d)-eye ")
_REMOVED = re.compile(r"removes (\d+) eyes")
_FEATHERS = re.compile(r"receives (\d+) feather")
_GONE_SIDE = re.compile(r"the (.+) is discarded from the War track\.$")


def classify(text: str) -> dict[str, Any] | None:
    """The event a line must carry, from its words (None: a line of no kind the readers used)."""
    if (m := NOMINATES.match(text)) or (m := HESSIANS_AGENT.match(text)):
        return {"kind": "nominate", "commander": int(m[1]), "agent": int(m[2]), "hessians": "Hessians" in text}
    if m := VOTES.match(text):
        said = VOTE.findall(m[1])
        return {"kind": "votes", "yes": [int(s) for s, v in said if v == "yes"],
                "no": [int(s) for s, v in said if v == "no"]}
    if m := PLACES.match(text):
        return {"kind": "place", "agent": int(m[1]), "side": SIDE_OF_NAME[m[2]]}
    if text.startswith(AGENT_GONE):
        gone = _GONE_SIDE.search(text)
        assert gone is not None, text
        return {"kind": "agent_gone", "side": SIDE_OF_NAME[gone[1]]}
    if m := REVEALS.match(text):
        return {"kind": "reveal", "seat": int(m[1]), "card": KIND_OF_TEXT[m[2]],
                "cause": "eyes" if text.endswith("(three eyes).") else "ferguson"}
    if m := DECLARES.match(text):
        target = _DECLARED.search(text)
        assert target is not None, text
        return {"kind": "declare", "seat": int(m[1]), "card": KIND_OF_TEXT[m[2]], "target": int(target[1])}
    if m := HELD.match(text):
        return {"kind": "held", "seat": int(m[1]), "card": KIND_OF_TEXT[m[2]]}
    if m := FLIPS.match(text):
        return {"kind": "flip", "seat": int(m[1]), "card": KIND_OF_TEXT[m[2]], "hessians": text.endswith("(Hessians).")}
    if m := GIVES.match(text):
        return {"kind": "give", "by": int(m[1]), "target": int(m[3]), "card": "spy", "eyes": int(m[2])}
    if m := SPLITS.match(text):
        targets = sorted(int(seat) for n, seat in SHARE.findall(m[3]) for _ in range(int(n)))
        return {"kind": "split", "by": int(m[1]), "targets": targets, "card": "conceal", "feathers": int(m[2])}
    if m := DISCARDS.match(text):
        spy = m[3] == "eye Spy"
        return {"kind": "discard", "by": int(m[1]), "card": "spy" if spy else "conceal",
                "eyes" if spy else "feathers": int(m[2])}
    if m := FERGUSON.match(text):
        return {"kind": "ferguson", "by": int(m[1]), "target": None if m[2] is None else int(m[2])}
    if m := HAS_EYES.match(text):
        card = _CARD_EYES.search(text)
        assert card is not None, text
        return {"kind": "spied", "seat": int(m[1]), "eyes": int(card[1]), "total": int(m[2])}
    if m := KEEPS.match(text):
        removed = _REMOVED.search(text)
        assert removed is not None, text
        return {"kind": "eyes_removed", "seat": int(m[1]), "removed": int(removed[1]), "total": int(m[2])}
    if m := LOSES.match(text):
        feathers = _FEATHERS.search(text)
        assert feathers is not None, text
        return {"kind": "concealed", "seat": int(m[1]), "feathers": int(feathers[1]), "lost": int(m[2])}
    if m := ELIMINATED.match(text):
        return {"kind": "eliminated", "seat": int(m[1])}
    if m := PASSED.match(text):
        return {"kind": "pass", "giver": int(m[1]), "receiver": int(m[3]), "card": KIND_OF_ARTICLE[m[2]]}
    if text == ALL_PASS:
        return {"kind": "winter_pass"}
    return None


def read_tells(state: PatriotsState, viewer: Seat | None) -> list[tells.Tell]:
    """The old ``tells.read``: the same replay, driven by the lines' English."""
    table = tells._Table(state["players"])
    found: list[tells.Tell] = []
    pair: tuple[Seat, Seat] | None = None
    votes: list[bool | None] | None = None
    for entry in visible_entries(cast(State, state), viewer):
        text = entry["text"]
        tell: tells.Tell | None = None
        if (match := GIVES.match(text)) is not None:
            tell = tells._gift(table, int(match[1]), int(match[2]), int(match[3]))
        elif (match := SPLITS.match(text)) is not None:
            split = tuple(sorted(int(seat) for n, seat in SHARE.findall(match[3]) for _ in range(int(n))))
            tell = tells._feathers(table, int(match[1]), int(match[2]), split)
        elif (match := DISCARDS.match(text)) is not None:
            actor, n = int(match[1]), int(match[2])
            tell = tells._gift(table, actor, n, None) if match[3] == "eye Spy" else tells._feathers(table, actor, n, ())
        elif (match := FERGUSON.match(text)) is not None:
            tell = tells._ferguson(table, int(match[1]), None if match[2] is None else int(match[2]))
        elif (match := HAS_EYES.match(text)) is not None or (match := KEEPS.match(text)) is not None:
            table.eyes[int(match[1])] = int(match[2])
        elif (match := LOSES.match(text)) is not None:
            table.eyes[int(match[1])] -= int(match[2])
        elif (match := NOMINATES.match(text)) is not None or (match := HESSIANS_AGENT.match(text)) is not None:
            pair, votes = (int(match[1]), int(match[2])), None
            tell = tells._nominate(table, *pair)
        elif (match := VOTES.match(text)) is not None and pair is not None:
            votes = [None] * table.players
            for seat, said in VOTE.findall(match[1]):
                votes[int(seat)] = said == "yes"
            found += [tells._vote(table, voter, pair, vote) for voter, vote in enumerate(votes)
                      if vote is not None and voter != viewer and voter not in pair]
        elif (match := PLACES.match(text)) is not None and pair is not None:
            table.councils.append({"outcome": "placed", "placed": SIDE_OF_NAME.get(match[2]), "commander": pair[0],
                                   "agent": pair[1], "votes": votes})
        elif text.startswith(AGENT_GONE) and table.councils:
            table.councils.pop()
        elif (match := REVEALS.match(text) or DECLARES.match(text) or HELD.match(text)) is not None:
            card_kind, up = KIND_OF_TEXT.get(match[2]), table.face_up[int(match[1])]
            if card_kind in SECOND_PILE or (card_kind is not None and card_kind not in up):
                up.append(card_kind)
        elif (match := FLIPS.match(text)) is not None:
            card_kind = KIND_OF_TEXT.get(match[2])
            if card_kind in table.face_up[int(match[1])]:
                table.face_up[int(match[1])].remove(card_kind)
        elif (match := ELIMINATED.match(text)) is not None:
            table.alive[int(match[1])] = False
            table.eyes[int(match[1])] = 0
        if tell is not None and tell.actor != viewer:
            found.append(tell)
    return found


Evidence = tuple[list[tells.Tell], tuple[Seat, str] | None, list[tuple[Seat, str, Seat | None]]]


def read_evidence(state: PatriotsState, viewer: Seat) -> Evidence:
    """The old ``sampler._read`` (every tell read): the tells, the pass ``viewer`` made in the last Winter as (receiver,
    card kind; the old reader kept the card's words, named here by kind) and the cards seen flipped."""
    passed: tuple[Seat, str] | None = None
    flips: list[tuple[Seat, str]] = []
    flips_before: list[tuple[Seat, str]] = []
    for entry in visible_entries(cast(State, state), viewer):
        text = entry["text"]
        if text == ALL_PASS:
            flips_before, flips = flips, []
            continue
        if (match := FLIPS.match(text)) is not None:
            if int(match[1]) != viewer and match[2] in KIND_OF_ARTICLE:
                flips.append((int(match[1]), KIND_OF_ARTICLE[match[2]]))
            continue
        if (match := PASSED.match(text)) is not None and int(match[1]) == viewer:
            passed = (int(match[3]), KIND_OF_ARTICLE[match[2]])
    flipped: list[tuple[Seat, str, Seat | None]] = [(seat, card_kind, None) for seat, card_kind in flips]
    flipped += [(seat, card_kind, next_living(state, seat)) for seat, card_kind in flips_before]
    return read_tells(state, viewer), passed, flipped
