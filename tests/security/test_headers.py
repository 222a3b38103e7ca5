"""Response headers, the websocket Origin check, and which host the server answers to and links with."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote, opening

PAGES = ["/", "/games/turncoats/rules", "/api/games", "/static/js/client.js", "/no-such-page", "/api/no-such",
         "/static/no-such.js"]


def assert_security_headers(response: httpx.Response) -> None:
    assert len(response.headers.get_list("content-security-policy")) == 1  # once: two policies would both apply
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "frame-ancestors 'none'" in csp
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_security_headers(remote: Remote, path: str) -> None:
    assert_security_headers(remote.get(path))


def test_early_refusals_carry_the_security_headers_too(remote: Remote) -> None:
    """The guard answers some requests before any route runs: those answers are pages a browser shows as well."""
    refusals = {
        "unknown_host": remote.request("GET", "/", headers={"Host": "evil.example"}),
        "too_large": remote.request("POST", "/api/tables", content=b"x" * 70_000,
                                    headers={"Content-Type": "application/json"}),
        "bad_request": remote.request("POST", "/api/tables", content=b"[" * 100 + b"]" * 100,
                                      headers={"Content-Type": "application/json"}),
    }
    for code, response in refusals.items():
        assert response.json()["error"]["code"] == code, response.text
        assert_security_headers(response)


def test_table_pages_have_no_inline_script(remote: Remote) -> None:
    table = remote.table("Alice")
    for path in ("/", f"/t/{table.table_id}", f"/t/{table.table_id}/watch", f"/t/{table.table_id}/seat", "/move",
                 f"/t/{table.table_id}/verify", "/games/turncoats/rules", "/games/patriots-and-redcoats/rules"):
        html = remote.get(path).text
        scripts = html.split("<script")[1:]
        for script in scripts:
            opening_tag = script.split(">", 1)[0]
            assert 'type="module" src="/static/' in opening_tag or 'type="application/json"' in opening_tag, (
                path, opening_tag)
        assert " on" not in "".join(tag.split(">", 1)[0] for tag in html.split("<")[1:] if "=" in tag and
                                    any(f" on{e}=" in tag for e in ("click", "load", "error", "submit")))
        assert 'style="' not in html, path


def test_a_websocket_from_a_foreign_page_is_refused(remote: Remote) -> None:
    table = remote.table("Alice")
    with pytest.raises(InvalidStatus) as refused:
        with remote.socket(table.table_id, table.tokens[0], Origin="https://evil.example"):
            pass
    assert refused.value.response.status_code == 403
    port = remote.url.rsplit(":", 1)[1]
    with remote.socket(table.table_id, table.tokens[0], Origin=f"http://127.0.0.1:{port}") as ws:
        assert opening(ws)["you"]["seat"] == 0  # our own page's origin is welcome
    with remote.socket(table.table_id, table.tokens[0]) as ws:
        assert opening(ws)["you"]["seat"] == 0  # so is a client that is not a browser (no Origin at all)


def test_a_forged_host_gets_no_links(remote: Remote) -> None:
    forged = remote.request("POST", "/api/tables", json={"game": "hidden-hands", "name": "Alice"},
                            headers={"Host": "evil.example"})
    assert forged.status_code == 400 and forged.json()["error"]["code"] == "unknown_host"
    fine = remote.request("POST", "/api/tables", json={"game": "hidden-hands", "name": "Alice"},
                          headers={"Host": "localhost"})
    assert fine.status_code == 201 and fine.json()["invite_url"].startswith("http://localhost/")


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("public")
    process = ServerProcess(server_env(folder, PUBLIC_URL="https://games.example.org"), log_path=folder / "s.log")
    process.start()
    yield process
    process.stop()


def test_with_public_url_links_ignore_the_host_header(public: ServerProcess) -> None:
    created = httpx.post(f"{public.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"},
                         headers={"Host": "games.example.org"}).json()
    assert created["invite_url"].startswith("https://games.example.org/t/")
    assert created["spectate_url"].startswith("https://games.example.org/t/")
    forged = httpx.post(f"{public.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"},
                        headers={"Host": "evil.example"})
    assert forged.status_code == 400
