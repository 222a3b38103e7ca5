// Times as people say them, for a game that runs over days: "3 h ago", "in 23 h", "Time left: 23 h 5 min". Shared by
// the table page (log lines, the turn timer, games' own countdowns) and "Your tables". Every function takes a span in
// milliseconds already worked out against the server's clock, so a device whose clock is wrong still reads right.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// How long ago something happened: "just now", "5 min ago", "3 h ago", "2 d ago".
export function ago(ms) {
  if (ms < MINUTE) return "just now";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  return `${Math.floor(ms / DAY)} d ago`;
}

// How long until a deadline: "in 40 s", "in 12 min", "in 23 h", "in 3 d" (whole units, rounded down, so "in 23 h"
// is never more than there is); "now" once it has passed.
export function until(ms) {
  if (ms <= 0) return "now";
  if (ms < MINUTE) return `in ${Math.ceil(ms / 1000)} s`;
  if (ms < HOUR) return `in ${Math.floor(ms / MINUTE)} min`;
  if (ms < 2 * DAY) return `in ${Math.floor(ms / HOUR)} h`;
  return `in ${Math.floor(ms / DAY)} d`;
}

// A countdown's text: minutes and seconds under an hour ("4:05", as a live table's timer has always read), then
// hours and minutes ("23 h 5 min"), then days and hours ("2 d 3 h").
export function timeLeft(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total < 3600) return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
  const minutes = Math.floor(total / 60);
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const hours = Math.floor(minutes / 60);
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

// The clock time itself, for a tooltip beside a relative time ("Mon 7:58 AM").
export function clockTime(at) {
  return new Date(at).toLocaleString(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" });
}
