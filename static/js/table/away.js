// While you were away: when each log line happened, what this seat last looked at (kept by the server for the seat,
// so it is the same on every device), and telling the server what this page has shown.
//
// On opening, a seat first asks what it last saw (GET …/away): the log then marks the lines after it ("Since your
// last visit") and says what the timer played for the seat meanwhile. Only then, and only while the tab is visible,
// does the page report the seq it has on screen (POST …/seen), so a tab in the background never counts as looking.
// Line times are the seqs' commit times (GET …/times, public); a line that arrives live, one seq after the last, takes
// the time its message was sent. All times are on the server's clock ("now" in each message).

import { api } from "../client.js";

const REPORT_MS = 5_000;

export function createAway({ tableId, getToken, spectate, onChange }) {
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  const times = new Map(); // seq -> the server's time it was committed (ms)
  let skew = 0; // the server's clock minus this device's
  let lastNow = null; // the "now" it was worked out from (a message drawn again must not move it)
  let lastSeq = null; // the seq of the last message heard
  let asking = false; // a times request is on its way
  let askedUpTo = -1; // seqs up to this one were asked for (one the server has no time for is not asked again)
  let marker = null; // { seenSeq, line } once the server has said; null before, and for spectators
  let markerAsked = false;
  let looked = -1; // the newest seq drawn while the tab was visible
  let reported = -1; // the newest seq the server has stored
  let reporting = false; // a report is on its way
  let lastReport = 0; // when the last one was sent (this device's clock)
  let later = null; // the timer of a report held back

  function credentials(path) {
    const token = getToken();
    if (token) return [path, token];
    return [`${path}${path.includes("?") ? "&" : "?"}spectate=${encodeURIComponent(spectate ?? "")}`, null];
  }

  async function askTimes(after) {
    if (asking) return;
    asking = true;
    askedUpTo = Math.max(askedUpTo, lastSeq ?? 0);
    try {
      const [path, token] = credentials(`${base}/times?after=${Math.max(0, after)}`);
      const answer = await api("GET", path, undefined, token);
      for (const [seq, at] of Object.entries(answer.times ?? {})) times.set(Number(seq), Date.parse(at));
      onChange();
    } catch {
      // times are a convenience: lines simply show none
    } finally {
      asking = false;
    }
  }

  async function askMarker() {
    markerAsked = true;
    try {
      const answer = await api("GET", `${base}/away`, undefined, getToken());
      marker = { seenSeq: answer.seen_seq, line: answer.played_for_you?.text ?? null };
      onChange();
    } catch {
      marker = { seenSeq: 0, line: null }; // unknown: mark nothing, but still say what is seen from now on
    }
    report();
  }

  // Tell the server the newest seq shown while the tab was visible: once the marker is in (or the divider would move
  // under the reader), one request at a time, never a seq already told, and at most once every REPORT_MS (a live
  // table moves every second); at once when the tab is hidden, the last moment its person looked.
  function shown() {
    if (document.visibilityState === "visible" && lastSeq !== null) looked = Math.max(looked, lastSeq);
  }

  function report({ now = false } = {}) {
    shown();
    const token = getToken();
    if (!token || !marker || reporting || looked <= reported) return;
    const wait = lastReport + REPORT_MS - Date.now();
    if (wait > 0 && !now) {
      clearTimeout(later);
      later = setTimeout(() => report(), wait);
      return;
    }
    clearTimeout(later);
    const seq = looked;
    reporting = true;
    lastReport = Date.now();
    // keepalive: a report made as the tab closes still arrives.
    fetch(`${base}/seen`, {
      method: "POST", keepalive: true, body: JSON.stringify({ seq }),
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${token}` },
    }).then((response) => {
      if (response.status < 500) reported = Math.max(reported, seq); // a refusal is not retried
    }, () => {}).finally(() => {
      reporting = false;
      if (looked > reported) report();
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") shown();
    report({ now: document.visibilityState === "hidden" });
  });

  return {
    // Every state message, as drawn (patches already applied).
    heard(message) {
      if (message.now && message.now !== lastNow && !Number.isNaN(Date.parse(message.now))) {
        lastNow = message.now;
        skew = Date.parse(message.now) - Date.now();
      }
      const missing = (message.log ?? []).filter((entry) => entry.seq > 0 && !times.has(entry.seq));
      if (missing.length && missing.some((entry) => entry.seq > askedUpTo)) {
        const live = lastSeq !== null && message.seq === lastSeq + 1 && missing.every((e) => e.seq === message.seq);
        if (live && message.now) times.set(message.seq, Date.parse(message.now));
        else {
          lastSeq = message.seq;
          askTimes(Math.min(...missing.map((entry) => entry.seq)) - 1);
        }
      }
      lastSeq = message.seq;
      if (message.you?.seat !== null && message.you?.seat !== undefined && getToken()) {
        if (!markerAsked) askMarker();
        else report();
      }
    },
    // When the line of `seq` happened, on the server's clock (as now() is), or null if not known.
    timeOf(seq) {
      return times.has(seq) ? times.get(seq) : null;
    },
    now: () => Date.now() + skew,
    // The seq this seat had last seen before this page opened (0: never, or not a seat), and its personal line.
    seenSeq: () => marker?.seenSeq ?? 0,
    line: () => marker?.line ?? null,
  };
}
