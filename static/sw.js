// The service worker, served from /sw.js so its scope is the whole site. It does two things only: show a turn
// notification when a push arrives, and open (or focus) the table when the notification is clicked.
//
// It has no fetch handler and caches nothing: a seat's view of a table (its hand, its token) must never be kept
// where another person using this device, or a later visit, could read it. A push holds public facts only (which
// table, its game and host; see docs/API.md), so showing it reveals nothing a spectator could not see.

const FALLBACK_TITLE = "Tabletop Secrets";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// Only addresses on this site are opened: a push names its table's page, never anywhere else.
function tableAddress(url) {
  try {
    const address = new URL(url, self.location.origin);
    return address.origin === self.location.origin ? address.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener("push", (event) => {
  let note = {};
  try {
    note = event.data ? event.data.json() : {};
  } catch {
    note = {}; // not our JSON: a plain notification still says something happened
  }
  const title = typeof note.title === "string" && note.title ? note.title : FALLBACK_TITLE;
  const body = typeof note.body === "string" ? note.body : "";
  const url = tableAddress(typeof note.url === "string" ? note.url : "/");
  event.waitUntil(self.registration.showNotification(title, {
    body,
    icon: "/static/icon-192.png",
    tag: url, // a newer push about the same table replaces the older one
    renotify: true,
    data: { url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = tableAddress(event.notification.data?.url ?? "/");
  const wanted = new URL(url).pathname;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((client) => new URL(client.url).pathname === wanted);
    if (same) return same.focus();
    return self.clients.openWindow(url);
  })());
});
