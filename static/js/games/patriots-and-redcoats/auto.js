// Patriots & Redcoats: auto-continue, a personal setting (this browser, every table) that presses Continue in each
// quick response window for you, AUTO_DELAY_MS after this page first saw the window. At a turn-based table it stands
// aside: there the seat's standing answer, kept on the server, continues for it even with the page closed
// (app/windows.py, the page's "Pass reaction windows for me").
//
// Privacy, by construction. Using it must tell the table nothing that pressing Continue would not:
// - publicFacts() is the only function here that reads the state message, and it copies out only what every seat
//   sees alike (the window's key and mode, who is the target of a pending assassination, whether you are seated)
//   plus whether a bare continue is still offered to you, which the engine offers to every living player who has
//   not yet continued, whatever they hold. Cards, team, Leader and the other legal actions (a Spy's assassinate, a
//   target's Turncoat) are never read, so they cannot change the decision.
// - What is sent is always the constant CONTINUE, and when is always the moment the window was first seen plus the
//   constant AUTO_DELAY_MS: the same message after the same delay for every hand.
// A Spy who wants to assassinate does it before the delay runs out (an assassination may still be declared after
// continuing, until the window closes) or turns the setting off.

import { browserSetting } from "../setting.js";

export const AUTO_DELAY_MS = 2000;
export const CONTINUE = Object.freeze({ type: "continue" });
const setting = browserSetting("tabletop:pr:auto-continue");

export function autoContinueOn() {
  return setting.on();
}

export function setAutoContinue(on) {
  setting.set(on);
}

// The window's public facts, and whether continue is still offered to you: all the decision may depend on.
export function publicFacts(message) {
  const view = message.view ?? {};
  const w = view.window;
  const me = view.you;
  const seated = me !== null && me !== undefined;
  return {
    key: w?.key ?? null,
    quick: w?.mode === "quick",
    seated,
    // A target who continued would give up the Turncoat the timeout would reveal for them; who is targeted is
    // public, so waiting for them depends on nothing they hold.
    targeted: seated && (view.assassinations ?? []).some((a) => a.target === me && !a.cancelled && !a.countered),
    offered: (message.legal ?? []).some((a) => JSON.stringify(a) === JSON.stringify(CONTINUE)),
    // At a turn-based table the server continues for you instead (your standing answer, table/answer.js).
    turnBased: message.table?.pace === "turn-based",
  };
}

// What to send for these facts, or null: only ever CONTINUE after AUTO_DELAY_MS.
export function autoPlan(facts, on) {
  if (!on || !facts.key || !facts.quick || !facts.seated || facts.targeted || !facts.offered || facts.turnBased) {
    return null;
  }
  return { key: facts.key, action: CONTINUE, delay: AUTO_DELAY_MS };
}

// Called after every drawing with the latest message. `auto` is this table's memory ({key, seenAt, timer, sent});
// `send(action)` sends unless another action is in flight (then the drawing after it calls this again).
export function scheduleAutoContinue(auto, message, send, isBusy) {
  const facts = publicFacts(message);
  if (facts.key !== auto.key) Object.assign(auto, { key: facts.key, seenAt: Date.now(), sent: false });
  clearTimeout(auto.timer);
  auto.timer = null;
  const plan = autoPlan(facts, autoContinueOn());
  if (!plan || auto.sent) return;
  const fire = () => {
    auto.timer = null;
    if (auto.key !== plan.key || isBusy()) return;
    auto.sent = true;
    send(plan.action);
  };
  auto.timer = setTimeout(fire, Math.max(0, auto.seenAt + plan.delay - Date.now()));
}

export function autoSent(auto, message) {
  return Boolean(auto?.sent && auto.key === publicFacts(message).key);
}
