// "Notify me when it is my turn": this browser's Web Push subscription, stored by the server for this seat, so a
// turn reaches a phone or computer even with the page closed. The service worker (/sw.js) shows what arrives.
//
// A browser has one push subscription for the whole site, shared by every table it holds a seat at; turning one
// table off tells the server to stop for that seat, and the subscription itself is dropped only when no table here
// uses it any more (remembered per table in localStorage). The seat's token goes in the Authorization header, never
// in an address.

import { ApiError, api } from "../client.js";

const PREFIX = "tabletop:push:"; // tables this browser asked to be notified for

function remember(tableId, on) {
  try {
    if (on) localStorage.setItem(PREFIX + tableId, "on");
    else localStorage.removeItem(PREFIX + tableId);
  } catch {
    // storage blocked: the subscription is then kept, which only costs a push nobody asked to stop
  }
}

function othersUsing(tableId) {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(PREFIX) && key !== PREFIX + tableId);
  } catch {
    return true; // cannot tell: keep the subscription
  }
}

const ANSWER_MS = 15_000; // how long the browser and its push service may take to subscribe before we give up
const QUICK_MS = 400; // a permission refused faster than this was refused without asking the person

const ON = "On: this device is told when it is your move, even with the page closed.";
const BLOCKED = "Notifications are blocked for this site. Allow them in your browser's site settings, then reload.";
// Chromium answers "denied" in a private (incognito) window: the same word as a site the person blocked.
const BLOCKED_OR_PRIVATE = "Notifications are blocked here. In a private (incognito) window browsers never allow " +
  "them: open this table in a normal window. Otherwise allow them in your browser's site settings, then reload.";
const PRIVATE = "This looks like a private window, and browsers do not send notifications to private windows. Open " +
  "this table in a normal window to turn them on.";
const NO_ANSWER = "Your browser's push service did not answer, so notifications are still off. Check your " +
  "connection and try again in a while.";
const REFUSED = "Your browser's push service turned the subscription down, so notifications are still off. Try " +
  "again in a while.";

// Why this browser cannot be notified, in plain words; null when it can.
function unsupported() {
  if (!window.isSecureContext) return "Notifications need a secure (https) connection to this site.";
  // Firefox keeps the Push API in a private window but no service worker to receive pushes.
  if ("PushManager" in window && "Notification" in window && !navigator.serviceWorker) return PRIVATE;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    const apple = /iPhone|iPad|iPod/.test(navigator.userAgent);
    return apple
      ? "On an iPhone or iPad, add this site to your home screen first (Share, then Add to Home Screen), and open it from there."
      : "This browser cannot send notifications when the page is closed.";
  }
  if (Notification.permission === "denied") return BLOCKED_OR_PRIVATE;
  return null;
}

class Plain extends Error {} // a failure whose message is already what to tell the person

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(subscription, key) {
  const held = subscription.options?.applicationServerKey;
  if (!held) return true; // a browser that does not say: trust it
  const a = new Uint8Array(held);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

export function createPushSwitch({ tableId, getToken }) {
  const panel = document.getElementById("push-panel");
  const box = document.getElementById("push-switch");
  const note = document.getElementById("push-note");
  const testButton = document.getElementById("push-test");
  const path = `/api/tables/${encodeURIComponent(tableId)}/push`;
  let shown = false;
  let busy = false;
  let attempt = 0; // the turning on under way; one given up on (no answer in time) is told so at every step

  function say(text, error = false) {
    note.textContent = text;
    note.classList.toggle("form-error", error);
  }

  function setOn(on) {
    box.checked = on;
    testButton.hidden = !on;
  }

  async function registration() {
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    } catch (error) {
      // Refused outright (SecurityError): what a private window with storage switched off does.
      if (error?.name === "SecurityError") throw new Plain(PRIVATE);
      throw error;
    }
    return navigator.serviceWorker.ready;
  }

  async function current() {
    const found = await navigator.serviceWorker.getRegistration("/");
    return found ? found.pushManager.getSubscription() : null;
  }

  // The switch's state on load: on when this browser has a subscription the server holds for this seat.
  async function load() {
    const why = unsupported();
    if (why) {
      box.disabled = true;
      setOn(false);
      say(why);
      return;
    }
    box.disabled = false;
    try {
      const subscription = await current();
      const on = subscription
        ? (await api("POST", `${path}/status`, { endpoint: subscription.endpoint }, getToken())).subscribed
        : false;
      setOn(on && Notification.permission === "granted");
      remember(tableId, box.checked);
      say(box.checked ? ON : "");
    } catch {
      setOn(false);
      say("");
    }
  }

  async function askPermission() {
    const before = Notification.permission;
    const asked = performance.now();
    const permission = await Notification.requestPermission();
    if (permission === "granted") return;
    if (permission !== "denied") throw new Plain("Notifications were not allowed, so they stay off.");
    // Refused at once, never having been asked: the browser decided alone, as it does in a private window.
    throw new Plain(before === "default" && performance.now() - asked < QUICK_MS ? BLOCKED_OR_PRIVATE : BLOCKED);
  }

  // Subscribe and have the server store it. The box is ticked only once the server has answered; if all this takes
  // longer than ANSWER_MS the attempt is given up, said so, and whatever it still brings about is undone.
  async function turnOn() {
    await askPermission(); // the person's own time: not counted
    const mine = ++attempt;
    const abandoned = () => mine !== attempt;
    let made = null; // a subscription this attempt made (not one another table here already had)
    const work = (async () => {
      const reg = await registration();
      const { public_key: publicKey } = await api("GET", "/api/push/key");
      const key = keyBytes(publicKey);
      let subscription = await reg.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe(); // made for another server key: it can no longer be pushed to
        subscription = null;
      }
      if (!subscription) {
        try {
          subscription = made = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        } catch (error) {
          if (error?.name === "NotAllowedError") throw new Plain(BLOCKED_OR_PRIVATE);
          throw new Plain(REFUSED);
        }
      }
      if (abandoned()) throw new Plain(""); // too late: undone below
      await api("POST", path, subscription.toJSON(), getToken());
      return subscription;
    })();
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Plain(NO_ANSWER)), ANSWER_MS);
    });
    try {
      await Promise.race([work, late]);
    } catch (error) {
      if (error instanceof Plain && error.message === NO_ANSWER) {
        attempt += 1; // given up: the work, should it ever finish, undoes itself
        work.then((subscription) => undo(subscription, made), () => undo(null, made)).catch(() => {});
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
    remember(tableId, true);
    setOn(true);
    say(ON);
  }

  // A given-up attempt that finished after all: the server forgets it and a subscription it made is dropped, so the
  // switch's "off" stays true.
  async function undo(stored, made) {
    if (stored) await api("POST", `${path}/off`, { endpoint: stored.endpoint }, getToken());
    if (made && !othersUsing(tableId)) await made.unsubscribe();
  }

  async function turnOff() {
    const subscription = await current();
    if (subscription) {
      await api("POST", `${path}/off`, { endpoint: subscription.endpoint }, getToken());
      remember(tableId, false);
      if (!othersUsing(tableId)) await subscription.unsubscribe();
    } else remember(tableId, false);
    setOn(false);
    say("Off.");
  }

  box.addEventListener("change", async () => {
    if (busy) return;
    busy = true;
    const wanted = box.checked;
    box.checked = !wanted; // the browser ticked it; it shows what the server holds until the server says otherwise
    box.disabled = true;
    if (wanted) say("Turning on…");
    try {
      if (wanted) await turnOn();
      else await turnOff();
    } catch (error) {
      setOn(!wanted);
      const reason = error instanceof ApiError || error instanceof Plain ? error.message : null;
      say(reason || (wanted ? "This browser could not subscribe to notifications. Try again later."
        : "Could not turn notifications off. Try again."), true);
    } finally {
      busy = false;
      box.disabled = Boolean(unsupported());
    }
  });

  // One notification to this device, now, so its person sees them arrive.
  testButton.addEventListener("click", async () => {
    testButton.disabled = true;
    try {
      const subscription = await current();
      if (!subscription) throw new Plain("This device has no subscription any more; turn notifications off and on.");
      await api("POST", `${path}/test`, { endpoint: subscription.endpoint }, getToken());
      say("Sent: a test notification should appear on this device in a moment.");
    } catch (error) {
      say(error instanceof ApiError || error instanceof Plain ? error.message : "Could not send a test. Try again.",
        true);
    } finally {
      testButton.disabled = false;
    }
  });

  return {
    // Seats only: a spectator holds no seat to be notified for. Loaded once, when the page first knows it is a seat.
    show(seated) {
      panel.hidden = !seated;
      if (seated && !shown) {
        shown = true;
        load();
      }
    },
  };
}
