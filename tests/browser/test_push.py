"""Turn notifications from the table page (issue 22): the seat's switch registers /sw.js, subscribes with the server's
VAPID key and hands the subscription to the server with the token in a header; the server then pushes to it when the
seat becomes due, and the service worker shows what arrives. Off tells the server and drops the subscription.

Chromium's own push service is out of reach here, so the page is handed a subscription made by the tests' push
endpoint (tests/support/push_endpoint.py) in place of PushManager.subscribe; everything else is the browser's own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.api.helpers import wait_for
from tests.browser.helpers import SIZES, open_seat
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.browser.test_your_tables import start, table
from tests.conftest import ServerProcess, server_env
from tests.support.push_endpoint import PushEndpoint

SWITCH = "Notify me when it is my turn"


@pytest.fixture(scope="module")
def pushing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that may push to the tests' plain-http endpoint on 127.0.0.1."""
    path = tmp_path_factory.mktemp("push-server")
    proc = ServerProcess(server_env(path, PUSH_INSECURE_ENDPOINTS="1"), log_path=path / "server.log")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    made = PushEndpoint()
    yield made
    made.close()


def fake_subscribe(subscription: dict[str, Any]) -> str:
    """An init script standing in for the browser's push service: subscribe() hands out the tests' endpoint (and
    notes the applicationServerKey it was given), getSubscription() finds it again, unsubscribe() drops it."""
    return """(() => {
  const made = %s;
  const KEY = "test:push-subscription";
  const held = () => {
    if (!localStorage.getItem(KEY)) return null;
    return { endpoint: made.endpoint, expirationTime: null,
             options: { userVisibleOnly: true, applicationServerKey: null }, toJSON: () => made,
             unsubscribe: async () => { localStorage.removeItem(KEY); return true; } };
  };
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    localStorage.setItem("test:push-key", btoa(String.fromCharCode(...key)).replace(/\\+/g, "-").replace(/\\//g, "_")
      .replace(/=+$/, ""));
    localStorage.setItem(KEY, "yes");
    return held();
  };
  PushManager.prototype.getSubscription = async function () { return held(); };
})();""" % json.dumps(subscription)


def status(http: httpx.Client, table_id: str, token: str, endpoint_url: str) -> bool:
    answer = http.post(f"/api/tables/{table_id}/push/status", json={"endpoint": endpoint_url},
                       headers={"Authorization": f"Bearer {token}"})
    answer.raise_for_status()
    return bool(answer.json()["subscribed"])


def test_the_switch_subscribes_and_a_turn_is_pushed_and_shown(browser: Browser, pushing: ServerProcess,
                                                              endpoint: PushEndpoint) -> None:
    with httpx.Client(base_url=pushing.url, timeout=10) as http:
        notified(browser, pushing, endpoint, http)


def notified(browser: Browser, pushing: ServerProcess, endpoint: PushEndpoint, http: httpx.Client) -> None:
    made = table(http, pace="turn-based")
    table_id, bob = made["table_id"], made["bob"]
    ctx = browser.new_context(viewport=SIZES["laptop"], permissions=["notifications"])
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.add_init_script(fake_subscribe(endpoint.subscription("bob")))
    pushes: list[Any] = []
    page.on("request", lambda request: pushes.append(request) if "/push" in request.url else None)
    open_seat(page, pushing, table_id, bob)

    switch = page.get_by_role("switch", name=SWITCH)
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()
    assert not status(http, table_id, bob, endpoint.url("bob"))
    switch.click()
    expect(page.locator("#push-note")).to_contain_text("On:")  # said once the server has answered
    expect(switch).to_be_checked()

    # The page registered the site's service worker over the whole site and subscribed with the server's key.
    registered = page.evaluate("""async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return [reg.scope, reg.active && reg.active.scriptURL];
    }""")
    assert registered == [pushing.url + "/", pushing.url + "/sw.js"]
    server_key = http.get("/api/push/key").json()["public_key"]
    assert page.evaluate("() => localStorage.getItem('test:push-key')") == server_key
    # The server holds it for Bob's seat; the token went in the header, never in an address.
    assert status(http, table_id, bob, endpoint.url("bob"))
    posted = [r for r in pushes if r.method == "POST" and r.url.endswith(f"/api/tables/{table_id}/push")]
    assert len(posted) == 1 and posted[0].headers["authorization"] == f"Bearer {bob}"
    assert json.loads(posted[0].post_data or "{}") == endpoint.subscription("bob")
    assert not [r for r in pushes if bob in r.url]

    # A reload shows the switch's state from the server.
    page.reload()
    expect(page.get_by_role("switch", name=SWITCH)).to_be_checked()

    # Bob becomes due: the server pushes to the subscription the page gave it.
    start(http, made)
    wait_for(lambda: len(endpoint.received) == 1, what="Bob's push")
    endpoint.verify(endpoint.received[0], server_key)
    note = endpoint.decrypt(endpoint.received[0])
    assert note == {"title": "Your move", "body": "Your move at Alice's Hidden Hands (test game) table",
                    "url": f"/t/{table_id}"}

    # What arrives is shown by the service worker: the push delivered to it as the browser would. The browser's own
    # record of background events says when the worker has handled it and shown the notification; only then is the
    # list read (a read that crosses the showing can drop a notification the browser has not yet put on screen).
    cdp = ctx.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    events: list[dict[str, Any]] = []
    cdp.on("BackgroundService.backgroundServiceEventReceived", lambda event: events.append(event[
        "backgroundServiceEvent"]))
    for service in ("pushMessaging", "notifications"):
        cdp.send("BackgroundService.startObserving", {"service": service})
        cdp.send("BackgroundService.setRecording", {"shouldRecord": True, "service": service})
    # (a page call in each check lets Playwright hand over the events it has received)
    wait_for(lambda: page.evaluate("1") and any(r["scopeURL"] == pushing.url + "/" for r in registrations),
             what="the registration")
    registration = next(r for r in registrations if r["scopeURL"] == pushing.url + "/")
    cdp.send("ServiceWorker.deliverPushMessage", {"origin": pushing.url, "registrationId":
                                                  registration["registrationId"], "data": json.dumps(note)})

    def handled() -> bool:
        page.evaluate("1")
        return any(e["eventName"] == "Push event completed" for e in events)

    wait_for(handled, what="the worker to handle the push")
    outcome = {(e["service"], e["eventName"]): {m["key"]: m["value"] for m in e["eventMetadata"]} for e in events}
    assert outcome.get(("pushMessaging", "Push event completed")) == {"Status": "Success"}
    url = f"{pushing.url}/t/{table_id}"
    assert outcome.get(("notifications", "Notification displayed")) == {"Title": note["title"], "Body": note["body"]}
    assert [e["instanceId"] for e in events if e["eventName"] == "Notification displayed"] == [url]  # its tag
    shown = """async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return (await reg.getNotifications()).map((n) => [n.title, n.body, n.data.url]);
    }"""
    assert page.evaluate(shown) == [[note["title"], note["body"], url]]

    # Off: the server stops, and the subscription (used by no other table here) is dropped.
    page.get_by_role("switch", name=SWITCH).click()
    expect(page.locator("#push-note")).to_have_text("Off.")  # said once the server has answered
    expect(page.get_by_role("switch", name=SWITCH)).not_to_be_checked()
    assert not status(http, table_id, bob, endpoint.url("bob"))
    assert page.evaluate("() => localStorage.getItem('test:push-subscription')") is None
    ctx.close()


def test_no_switch_for_a_spectator_and_plain_words_when_the_browser_cannot(browser: Browser,
                                                                          pushing: ServerProcess) -> None:
    with httpx.Client(base_url=pushing.url, timeout=10) as http:
        made = table(http)
    ctx = browser.new_context(viewport=SIZES["laptop"])
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.goto(made["spectate_url"])
    expect(page.locator("#status-line")).to_contain_text("you are watching")
    expect(page.locator("#push-panel")).to_be_hidden()
    # A seat whose browser refuses notifications: the switch says so and stays off.
    page.add_init_script("Notification.requestPermission = async () => 'denied';")
    open_seat(page, pushing, made["table_id"], made["bob"])
    switch = page.get_by_role("switch", name=SWITCH)
    switch.click()
    expect(page.locator("#push-note")).to_contain_text("blocked")
    expect(switch).not_to_be_checked()
    # A browser without the Push API: the switch is off and disabled, and says why.
    page.add_init_script("delete window.PushManager;")
    page.reload()
    expect(page.get_by_role("switch", name=SWITCH)).to_be_disabled()
    expect(page.locator("#push-note")).to_have_text("This browser cannot send notifications when the page is closed.")
    ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_page_with_the_switch_is_accessible(browser: Browser, pushing: ServerProcess, size: str) -> None:
    with httpx.Client(base_url=pushing.url, timeout=10) as http:
        made = table(http, pace="turn-based")
        start(http, made)
    ctx = browser.new_context(viewport=SIZES[size], bypass_csp=True, is_mobile=size == "phone",
                              has_touch=size == "phone")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    open_seat(page, pushing, made["table_id"], made["bob"])
    expect(page.get_by_role("switch", name=SWITCH)).to_be_visible()
    expect(page.locator("#turn-banner")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []
    ctx.close()


def test_the_manifest_is_read_by_the_browser(browser: Browser, pushing: ServerProcess, tmp_path: Path) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(pushing.url + "/")
    cdp = ctx.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == pushing.url + "/manifest.webmanifest"
    assert not [e for e in manifest.get("errors", []) if e.get("critical")], manifest["errors"]
    assert json.loads(manifest["data"])["start_url"] == "/"
    ctx.close()


# ----------------------------------------------------------------- an honest switch (issue 35)

HANGS = """(() => {
  // A push service that never answers (out of reach), until the test lets it: then it hands out %s.
  let release;
  const answered = new Promise((resolve) => { release = resolve; });
  window.releaseSubscribe = () => release();
  PushManager.prototype.getSubscription = async function () { return null; };
  PushManager.prototype.subscribe = async function () {
    await answered;
    window.subscribedLate = true;
    const made = %s;
    return { endpoint: made.endpoint, options: {}, toJSON: () => made,
             unsubscribe: async () => { window.unsubscribedLate = true; return true; } };
  };
})();"""

REFUSES = """PushManager.prototype.getSubscription = async function () { return null; };
PushManager.prototype.subscribe = async function () {
  throw new DOMException("Registration failed - push service error", "AbortError");
};"""

NO_ANSWER = ("Your browser's push service did not answer, so notifications are still off. Check your connection and "
             "try again in a while.")


def seat_page(browser: Browser, pushing: ServerProcess, http: httpx.Client, script: str | None,
              clock: bool = False) -> tuple[Any, Page, dict[str, Any]]:
    made = table(http, pace="turn-based")
    ctx = browser.new_context(viewport=SIZES["laptop"], permissions=["notifications"])
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    if clock:
        page.clock.install()  # runs as the real clock does, until moved on
    if script:
        page.add_init_script(script)
    open_seat(page, pushing, made["table_id"], made["bob"])
    return ctx, page, made


def test_a_subscribe_that_never_answers_is_given_up_and_said_so(browser: Browser, pushing: ServerProcess,
                                                                endpoint: PushEndpoint) -> None:
    with httpx.Client(base_url=pushing.url, timeout=10) as http:
        ctx, page, made = seat_page(browser, pushing, http, HANGS % ("a subscription", json.dumps(
            endpoint.subscription("bob"))), clock=True)
        posted: list[str] = []
        page.on("request", lambda r: posted.append(r.url) if r.method == "POST" and "/push" in r.url else None)
        switch = page.get_by_role("switch", name=SWITCH)
        switch.click()
        # Pending: said, greyed, and not ticked, since the server holds nothing yet.
        expect(page.locator("#push-note")).to_have_text("Turning on…")
        expect(switch).to_be_disabled()
        expect(switch).not_to_be_checked()
        page.clock.fast_forward(16_000)  # the 15 s the page waits for an answer
        expect(page.locator("#push-note")).to_have_text(NO_ANSWER)
        expect(switch).not_to_be_checked()
        expect(switch).to_be_enabled()
        expect(page.locator("#push-test")).to_be_hidden()
        # The push service answers after all: the page drops what it is handed and tells the server nothing.
        page.evaluate("window.releaseSubscribe()")
        page.wait_for_function("() => window.subscribedLate && window.unsubscribedLate")
        expect(switch).not_to_be_checked()
        assert not status(http, made["table_id"], made["bob"], endpoint.url("bob"))
        assert not [url for url in posted if url.endswith("/push")]
        ctx.close()


def test_a_refused_subscribe_and_a_private_window_say_so(browser: Browser, pushing: ServerProcess) -> None:
    with httpx.Client(base_url=pushing.url, timeout=10) as http:
        ctx, page, _ = seat_page(browser, pushing, http, REFUSES)
        switch = page.get_by_role("switch", name=SWITCH)
        switch.click()
        expect(page.locator("#push-note")).to_have_text(
            "Your browser's push service turned the subscription down, so notifications are still off. Try again in "
            "a while.")
        expect(switch).not_to_be_checked()
        expect(switch).to_be_enabled()
        ctx.close()
        # A private window (Firefox's kind: the Push API, but no service worker) is told so, not "try again later".
        ctx, page, _ = seat_page(browser, pushing, http, """Object.defineProperty(Navigator.prototype,
            "serviceWorker", { get: () => undefined });""")
        expect(page.get_by_role("switch", name=SWITCH)).to_be_disabled()
        expect(page.locator("#push-note")).to_have_text(
            "This looks like a private window, and browsers do not send notifications to private windows. Open this "
            "table in a normal window to turn them on.")
        ctx.close()


def test_send_me_a_test_reaches_this_device(browser: Browser, pushing: ServerProcess, endpoint: PushEndpoint) -> None:
    with httpx.Client(base_url=pushing.url, timeout=10) as http:
        ctx, page, made = seat_page(browser, pushing, http, fake_subscribe(endpoint.subscription("bob")))
        test_button = page.get_by_role("button", name="Send me a test")
        expect(test_button).to_be_hidden()  # nothing to test while off
        page.get_by_role("switch", name=SWITCH).click()
        expect(page.get_by_role("switch", name=SWITCH)).to_be_checked()
        expect(test_button).to_be_visible()
        # The button sits under the switch's words and hints, and leaves the switch and its label where they were.
        box, label, hint, button = (page.locator(selector).bounding_box()
                                    for selector in ("#push-switch", 'label[for="push-switch"]', "#push-hint",
                                                     "#push-test"))
        assert box and label and hint and button
        assert abs(button["x"] - hint["x"]) < 1 and abs(label["x"] - hint["x"]) < 1
        assert box["x"] + box["width"] <= label["x"] and button["y"] >= hint["y"] + hint["height"] - 1
        test_button.click()
        expect(page.locator("#push-note")).to_have_text(
            "Sent: a test notification should appear on this device in a moment.")
        assert len(endpoint.received) == 1 and endpoint.received[0].path == "/push/bob"
        endpoint.verify(endpoint.received[0], http.get("/api/push/key").json()["public_key"])
        assert endpoint.decrypt(endpoint.received[0]) == {
            "title": "Test notification",
            "body": "Notifications reach this device: you will be told when it is your move.",
            "url": f"/t/{made['table_id']}"}
        # The push service refusing is said plainly.
        endpoint.status = 500
        test_button.click()
        expect(page.locator("#push-note")).to_contain_text("did not take the test notification")
        ctx.close()
