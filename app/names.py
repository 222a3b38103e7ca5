"""Display names: cleaned, unambiguous at one table, and never passing for a bot; and ``clean_text``, the cleaning
of any text a person types (names here, chat messages in ``app.chat``).

Two names that look alike on screen (``Ada`` and ``Аda`` with a Cyrillic А, ``ADA`` and ``ada``) are the same name
here: the second person gets a number after it, exactly as a second ``Ada`` would. A name mixing Latin, Cyrillic or
Greek letters is refused outright: nobody writes their name that way except to look like someone else.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from app.errors import ApiError

NAME_MAX = 24
BOT_PREFIX = "bot"  # "Bot Ada" is how a bot is named; people may not take the look

# Letters of other alphabets that render like a Latin letter (lower case; names are compared case-folded).
_LOOKALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "һ": "h",
    "ӏ": "l", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ζ": "z", "0": "o", "1": "l", "|": "l",
})
_CONFUSABLE_SCRIPTS = {"LATIN", "CYRILLIC", "GREEK"}


def clean_text(text: Any, limit: int, what: str) -> str:
    """Strip control characters and surrounding space; refuse empty or overlong text."""
    if not isinstance(text, str):
        raise ApiError(422, "bad_request", f"The {what} must be text.")
    if len(text) > 2 * limit + 16:  # hopeless however much cleaning would remove: refuse before the per-character pass
        raise ApiError(422, "too_long", f"The {what} is far too long; at most {limit} characters are allowed.")
    cleaned = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch == " ").strip()
    if not cleaned:
        raise ApiError(422, "bad_request", f"The {what} cannot be empty.")
    if len(cleaned) > limit:
        raise ApiError(422, "too_long", f"The {what} is {len(cleaned)} characters; at most {limit} are allowed.")
    return cleaned


def skeleton(name: str) -> str:
    """What a name looks like: compatibility forms folded, accents dropped, case and lookalike letters merged,
    spacing collapsed. Equal skeletons are names a person could not tell apart."""
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch)).casefold()
    return " ".join(folded.translate(_LOOKALIKES).split())


def check_person_name(name: str) -> str:
    """Refuse a person's name that mixes lookalike alphabets or dresses up as a bot; returns it NFKC-normalised."""
    name = unicodedata.normalize("NFKC", name)
    scripts = {unicodedata.name(ch, "").split(" ")[0] for ch in name if ch.isalpha()} & _CONFUSABLE_SCRIPTS
    if len(scripts) > 1:
        raise ApiError(422, "bad_name", "Please write your name in one alphabet (it mixes "
                                        f"{' and '.join(sorted(s.title() for s in scripts))} letters).")
    first = skeleton(name).split(" ")[0]
    if first == BOT_PREFIX or (first.startswith(BOT_PREFIX) and not first[len(BOT_PREFIX):].isalpha()):
        raise ApiError(422, "bad_name", "Names beginning with 'Bot' are kept for bots; please choose another.")
    return name


def unique_name(name: str, taken: list[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… when a name that looks the same is already at the table."""
    seen = {skeleton(t) for t in taken}
    if skeleton(name) not in seen:
        return name
    n = 2
    # Shorten the name, not the suffix: cutting "<24 chars> 2" back to 24 would give the taken name forever.
    while skeleton(candidate := f"{name[:NAME_MAX - len(f' {n}')]} {n}") in seen:
        n += 1
    return candidate
