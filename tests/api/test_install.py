"""Installing the site on a phone and its service worker (issue 22): /sw.js is served from the root as JavaScript and
only shows pushes (no fetch handler, no cache: nothing of a seat's view is kept); the manifest is valid, names the
site's colours and icons of the sizes it says, and every page links it."""

from __future__ import annotations

import re
import struct

from fastapi.testclient import TestClient


def test_the_service_worker_is_served_from_the_root_and_caches_nothing(client: TestClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript")
    assert response.headers["cache-control"] == "no-cache"  # a changed worker reaches browsers at their next visit
    code = response.text
    assert re.search(r"""addEventListener\(\s*["']push["']""", code)
    assert re.search(r"""addEventListener\(\s*["']notificationclick["']""", code)
    # No fetch handler and no storage: a seat's view never outlives its page.
    assert not re.search(r"""addEventListener\(\s*["']fetch["']|onfetch""", code)
    assert not re.search(r"\bcaches\.|indexedDB|respondWith", code)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_valid_and_its_icons_are_there(client: TestClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "Tabletop Secrets" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    css = client.get("/static/css/site.css").text
    felt, table = (re.search(rf"--{name}: (#[0-9a-f]{{6}});", css) for name in ("felt", "table"))
    assert felt and table
    assert manifest["theme_color"] == felt.group(1) and manifest["background_color"] == table.group(1)
    sizes = {}
    for icon in manifest["icons"]:
        fetched = client.get(icon["src"])
        assert fetched.status_code == 200, icon["src"]
        assert fetched.headers["content-type"].split(";")[0] == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(fetched.content)
            assert icon["sizes"] == f"{width}x{height}"
            sizes[width] = icon["src"]
    assert set(sizes) >= {192, 512}
    assert any(icon["src"] == "/static/favicon.svg" for icon in manifest["icons"])


def test_every_page_links_the_manifest_and_its_colour(client: TestClient) -> None:
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#1f4a37">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page)
    assert touch and client.get(touch.group(1)).status_code == 200
