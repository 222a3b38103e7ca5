"""Logging for the server: uvicorn's format, with every secret taken out of every line before it is written.

Seat tokens, spectator keys, invite codes and seat links' claim codes travel in URLs (API.md's ``?token=``, invite,
spectator and seat links), and uvicorn logs request lines and websocket handshakes whole. The filter here sits on
every handler, so no line, from startup to a crash's traceback, can carry one.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, datetime
from typing import Any

_PATTERNS = [
    # a credential in a query string: ?token=…, &spectate=…, ?key=…, ?invite=…
    (re.compile(r"([?&](?:token|spectate|key|invite)=)[^&\s\"'#]*", re.IGNORECASE), r"\1[hidden]"),
    # a credential-bearing header in a dumped handshake
    (re.compile(r"((?:authorization|cookie|sec-websocket-protocol):\s*).*", re.IGNORECASE), r"\1[hidden]"),
    # an Authorization header's value, or a bearer token quoted anywhere
    (re.compile(r"(bearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE), r"\1[hidden]"),
    # a credential written as a JSON or Python mapping entry
    (re.compile(r"""(["'](?:token|spectate|spectate_key|invite|invite_code|seed)["']\s*:\s*["'])[^"']*""",
                re.IGNORECASE), r"\1[hidden]"),
    # a seat link's claim code in a body ({"code": …}); error codes (short snake_case words) are kept
    (re.compile(r"""(["']code["']\s*:\s*["'])[A-Za-z0-9_-]{24,}(?=["'])"""), r"\1[hidden]"),
    # a seat or move link's fragment, and a password in a database URL
    (re.compile(r"(/(?:seat|move)#)[A-Za-z0-9_-]+"), r"\1[hidden]"),
    (re.compile(r"(://[^:/@\s]+:)[^@\s]+@"), r"\1[hidden]@"),
]


# A websocket frame dumped at debug level ("< TEXT '…' [72 bytes]"): its content is a seat's view or a person's
# words, so only its direction, kind and size are kept.
_FRAME = re.compile(r"^([<>] (?:TEXT|BINARY)) .*?(\[\d+ bytes\])?$", re.DOTALL)


def redact(text: str) -> str:
    text = _FRAME.sub(lambda m: f"{m.group(1)} {m.group(2) or ''}".rstrip(), text)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    """Formats the record's message and exception now, redacted, so nothing downstream sees the originals."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = redact(record.getMessage())
        if record.exc_info and record.exc_info[0] is not None:
            message += "\n" + redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        if record.stack_info:
            message += "\n" + redact(record.stack_info)
            record.stack_info = None
        record.msg, record.args, record.exc_text = message, None, None
        return True


# Where a line names a table: a path (/t/ID, /api/tables/ID, /ws/tables/ID), or the app's own "table ID" wording
# with an id's form (12 URL-safe characters: app/lobby.py), so "the table is busy" names none.
_TABLE = re.compile(r"(?:/t/|/tables/)([A-Za-z0-9_-]{4,64})|\btable ([A-Za-z0-9_-]{12})\b")


class JsonLines(logging.Formatter):
    """One JSON object a line, for log collectors: time, level, logger, message, and the table's id where the line
    names one. The message arrives already redacted (``RedactSecrets`` runs on the handler, before formatting)."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": message,
        }
        table_id = getattr(record, "table_id", None)
        if table_id is None and (found := _TABLE.search(message)):
            table_id = found.group(1) or found.group(2)
        if table_id is not None:
            line["table_id"] = str(table_id)
        return json.dumps(line, ensure_ascii=False)


def log_config(level: str = "info", form: str = "plain") -> dict[str, Any]:
    """uvicorn's logging setup with the redacting filter on every handler, the app's loggers included; ``form``
    "json" writes JSON lines instead of text."""
    if form not in ("plain", "json"):
        raise ValueError("LOG_FORMAT must be plain or json")
    handler = {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "filters": ["secrets"],
               "formatter": form}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"secrets": {"()": RedactSecrets}},
        "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
                       "json": {"()": JsonLines}},
        "handlers": {"default": handler},
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": level.upper(), "propagate": False},
            "uvicorn.error": {"level": level.upper()},
            "uvicorn.access": {"handlers": ["default"], "level": level.upper(), "propagate": False},
            "app": {"handlers": ["default"], "level": level.upper(), "propagate": False},
        },
        # Libraries stay at warnings whatever the level: at debug, database drivers log every statement with its
        # parameters (invite codes, chat), which no redaction pattern can know.
        "root": {"handlers": ["default"], "level": "WARNING"},
    }
