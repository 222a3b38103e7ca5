// While you were away: when each log line happened, what this seat last looked at (kept by the server for the seat,
// so it is the same on every device), and telling the server what this page has shown.
//
// On opening, a seat first asks what it last saw (GET …/away): the log then marks the lines after it ("Since your
// last visit") and says what the timer played for the seat meanwhile. Only then, and only while the tab is visible,
// does the page report the seq it has on screen (POST …/seen), so a tab in the background never counts as looking.
// Line times are the seqs' commit times (GET …/times, public); a line that arrives live, one seq after the last, takes
// the time its message was sent. All times are on the server's clock ("now" in each message).

import { api } from "../client.js";

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
  let reported = -1; // the newest seq the server has been told (or is being told)
  let reporting = false;

  function credentials(path) {
    const token = getToken();
    return token ? [path, token] : [`${path}${path.includes("?") ? "&" : "?"}spectate=${encodeURIComponent(spectate ?? "")}`, null];
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

  // Tell the server the seq on screen: once the marker is in (or the divider would move under the reader), while
  // the tab is visible, one request at a time, never a seq already told.
  async function report() {
    const token = getToken();
    if (!token || !marker || reporting || lastSeq === null || lastSeq <= reported) return;
    if (document.visibilityState !== "visible") return;
    reporting = true;
    const seq = lastSeq;
    try {
      await api("POST", `${base}/seen`, { seq }, token);
      reported = seq;
    } catch {
      // told next time
    } finally {
      reporting = false;
    }
    if (lastSeq > reported) report();
  }

  document.addEventListener("visibilitychange", () => report());

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
