// A page that trades a one-time code for what it stands for: a seat link (pages/seat.js) or a move link
// (pages/move.js). The code rides in the address's fragment, which the browser never sends to the server, and leaves
// the address bar at once; a code that is not whole is said so before anything is asked; a failure says why, and
// "Try again" is offered when the server could not be reached.

import { api } from "./client.js";

const CODE = /^[A-Za-z0-9_-]{32}$/; // what the server hands out: 24 random bytes, URL-safe base64

// `page`: the prefix of the page's ids (`${page}-message`, `${page}-retry`, `${page}-home` if it has one); `what`:
// "seat link" or "move link"; `path`: where the code is traded; `working`: the heading meanwhile; `said`: a heading
// for each of the server's error codes. `done(answer, fail)` keeps what came (`fail(title, text)` says it could
// not); `refused(error, say)` may say something better than the server's message, and returns true when it did.
export function claimPage({ page, what, path, working, said, done, refused = () => false }) {
  const el = (id) => document.getElementById(id);
  // Taken as it is, never decoded: the code's alphabet needs no escapes, and decoding a stray "%" would throw before
  // the code leaves the address bar and the page could say anything.
  const code = location.hash.slice(1).trim();
  const heading = document.querySelector("h1");
  const message = el(`${page}-message`);
  const retry = el(`${page}-retry`);
  const home = el(`${page}-home`);

  // The code leaves the address bar at once: a screenshot or a shared screen shows no working link.
  history.replaceState(null, "", location.pathname + location.search);

  function say(title, text) {
    heading.textContent = title;
    message.textContent = text;
  }

  function fail(title, text) {
    say(title, text);
    if (home) home.hidden = false;
  }

  async function claim() {
    retry.hidden = true;
    say(working, "");
    let answer;
    try {
      answer = await api("POST", path, { code });
    } catch (error) {
      if (error.offline) {
        say("Could not reach the server", "Check your connection and try again.");
        retry.hidden = false;
      } else if (!refused(error, say)) {
        fail(said[error.code] ?? `This ${what} does not work`, error.message);
      }
      return;
    }
    done(answer, fail);
  }

  retry.addEventListener("click", claim);
  if (CODE.test(code)) {
    claim();
  } else {
    fail("This link is incomplete or mistyped", code
      ? `The secret part of this ${what} (after the #) is not complete. Copy the whole link and try again.`
      : `This ${what} is missing its secret part (after the #). Copy the whole link and try again.`);
  }
}
