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

// Why this browser cannot be notified, in plain words; null when it can.
function unsupported() {
  if (!window.isSecureContext) return "Notifications need a secure (https) connection to this site.";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    const apple = /iPhone|iPad|iPod/.test(navigator.userAgent);
    return apple
      ? "On an iPhone or iPad, add this site to your home screen first (Share, then Add to Home Screen), and open it from there."
      : "This browser cannot send notifications when the page is closed.";
  }
  if (Notification.permission === "denied") return BLOCKED;
  return null;
}

const BLOCKED = "Notifications are blocked for this site. Allow them in your browser's site settings, then reload.";

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
  const path = `/api/tables/${encodeURIComponent(tableId)}/push`;
  let shown = false;
  let busy = false;

  function say(text, error = false) {
    note.textContent = text;
    note.classList.toggle("form-error", error);
  }

  async function registration() {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
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
      box.checked = false;
      say(why);
      return;
    }
    box.disabled = false;
    try {
      const subscription = await current();
      const on = subscription
        ? (await api("POST", `${path}/status`, { endpoint: subscription.endpoint }, getToken())).subscribed
        : false;
      box.checked = on && Notification.permission === "granted";
      remember(tableId, box.checked);
      say(box.checked ? "On: this device is told when it is your move, even with the page closed." : "");
    } catch {
      box.checked = false;
      say("");
    }
  }

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      box.checked = false;
      say(permission === "denied" ? BLOCKED : "Notifications were not allowed, so they stay off.", true);
      return;
    }
    const reg = await registration();
    const { public_key: publicKey } = await api("GET", "/api/push/key");
    const key = keyBytes(publicKey);
    let subscription = await reg.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe(); // made for another server key: it can no longer be pushed to
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await api("POST", path, subscription.toJSON(), getToken());
    remember(tableId, true);
    box.checked = true;
    say("On: this device is told when it is your move, even with the page closed.");
  }

  async function turnOff() {
    const subscription = await current();
    if (subscription) {
      await api("POST", `${path}/off`, { endpoint: subscription.endpoint }, getToken());
      remember(tableId, false);
      if (!othersUsing(tableId)) await subscription.unsubscribe();
    } else remember(tableId, false);
    box.checked = false;
    say("Off.");
  }

  box.addEventListener("change", async () => {
    if (busy) return;
    busy = true;
    box.disabled = true;
    const wanted = box.checked;
    try {
      if (wanted) await turnOn();
      else await turnOff();
    } catch (error) {
      box.checked = !wanted;
      const reason = error instanceof ApiError ? error.message : null;
      say(reason ?? (wanted ? "This browser could not subscribe to notifications. Try again later."
        : "Could not turn notifications off. Try again."), true);
    } finally {
      busy = false;
      box.disabled = Boolean(unsupported());
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
