"""LOG_FORMAT=json: one JSON object a line with time, level, logger, message and the table's id where the line names
one, and the same redaction of secrets as the plain lines."""

from __future__ import annotations

import io
import json
import logging
import logging.config
from collections.abc import Iterator

import pytest

from app.logs import log_config

LOGGERS = ("", "app", "uvicorn", "uvicorn.access", "uvicorn.error")


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    saved = {name: (logging.getLogger(name).handlers[:], logging.getLogger(name).level,
                    logging.getLogger(name).propagate) for name in LOGGERS}
    stream = io.StringIO()
    config = log_config("info", "json")
    config["handlers"]["default"]["stream"] = stream
    logging.config.dictConfig(config)
    try:
        yield stream
    finally:
        for name, (handlers, level, propagate) in saved.items():
            logger = logging.getLogger(name)
            logger.handlers[:] = handlers
            logger.setLevel(level)
            logger.propagate = propagate


def test_json_lines_carry_the_table_and_no_secret(json_log: io.StringIO) -> None:
    logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/1.1" %d', "10.0.0.7:5511", "GET",
                                             "/t/Tab1e_42?invite=Zz9-secret", 200)
    logging.getLogger("app.autoplay").warning("bot runner failed on table %s", "Other_7abcde")
    try:
        raise RuntimeError("token=abc Bearer s3cr3t-value")
    except RuntimeError:
        logging.getLogger("app.service").exception("a commit failed")
    logging.getLogger("app.health").info("the table is very busy")
    lines = [json.loads(line) for line in json_log.getvalue().splitlines()]
    assert [line["level"] for line in lines] == ["info", "warning", "error", "info"]
    assert [line["logger"] for line in lines] == ["uvicorn.access", "app.autoplay", "app.service", "app.health"]
    assert [line.get("table_id") for line in lines] == ["Tab1e_42", "Other_7abcde", None, None]
    assert all(set(line) >= {"time", "level", "logger", "message"} for line in lines)
    assert lines[0]["message"].endswith('"GET /t/Tab1e_42?invite=[hidden] HTTP/1.1" 200')
    assert "Traceback" in lines[2]["message"] and "Bearer [hidden]" in lines[2]["message"]
    assert "Zz9-secret" not in json_log.getvalue() and "s3cr3t" not in json_log.getvalue()


def test_an_unknown_log_format_is_refused() -> None:
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        log_config("info", "xml")
