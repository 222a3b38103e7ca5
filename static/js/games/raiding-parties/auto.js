// Raiding Parties: auto-pass, a personal setting (this browser, every table) that passes your quick reaction windows
// for you AUTO_PASS_MS after this page first saw each one, unless you tap something in the game first. At a
// turn-based table it stands aside: there the seat's standing answer, kept on the server, passes for it even with the
// page closed (app/windows.py, the page's "Pass reaction windows for me").
//
// A reaction window (Navigator, Jolly Roger) opens at nearly every hit, for its owner whatever they hold, so that
// the window itself tells nothing; most of the time there is nothing to play and the answer is Pass.
//
// Privacy, by construction. Using it must tell the table nothing that the hold could explain:
// - publicFacts() is the only function here that reads the state message, and it copies out only what every viewer
//   sees alike: the prompt's kind, key, seat and mode, which seat you are, and the table's pace. Your hold, your legal list (which
//   offers the Navigator or the Jolly Roger only when you hold one) and your party are never read, so they cannot
//   change the decision.
// - What is sent is always the constant PASS, and when is always the moment the window was first seen plus the
//   constant AUTO_PASS_MS: the same message after the same delay for every hold. The server is told nothing else
//   (the setting lives in this browser). A pass is in the legal list of every quick window's seat, whatever it
//   holds (edition H0, ruling 1).
// - A tap that stops it is the person's own choice, exactly as answering by hand.

import { browserSetting } from "../setting.js";

export const AUTO_PASS_MS = 2000;
export const PASS = Object.freeze({ type: "pass" });
const setting = browserSetting("tabletop:rp:auto-pass");

export function autoPassOn() {
  return setting.on();
}

export function setAutoPass(on) {
  setting.set(on);
}

// The prompt's public facts: all the decision may depend on.
export function publicFacts(message) {
  const view = message.view ?? {};
  const prompt = view.prompt ?? null;
  const me = view.you;
  const reaction = prompt?.kind === "reaction";
  return {
    key: reaction ? prompt.key ?? null : null,
    mine: reaction && me !== null && me !== undefined && prompt.seat === me,
    quick: reaction && prompt.mode === "quick",
    // At a turn-based table the server passes for you instead (your standing answer, table/answer.js).
    turnBased: message.table?.pace === "turn-based",
  };
}

// What to send for these facts, or null: only ever PASS after AUTO_PASS_MS.
export function autoPlan(facts, on) {
  if (!on || !facts.key || !facts.mine || !facts.quick || facts.turnBased) return null;
  return { key: facts.key, action: PASS, delay: AUTO_PASS_MS };
}

// This table's memory of the window on screen: {key, seenAt, timer, sent, stopped}.
export function newMemory() {
  return { key: null, seenAt: 0, timer: null, sent: false, stopped: false };
}

// Called after every drawing with the latest message. `send(action)` sends unless another action is in flight (then
// the drawing after it calls this again); `deadlineAt()` is the window's public deadline on this device's clock.
export function scheduleAutoPass(auto, message, { send, isBusy, deadlineAt }) {
  const facts = publicFacts(message);
  if (facts.key !== auto.key) Object.assign(auto, { key: facts.key, seenAt: Date.now(), sent: false, stopped: false });
  clearTimeout(auto.timer);
  auto.timer = null;
  const plan = autoPlan(facts, autoPassOn());
  if (!plan || auto.sent || auto.stopped) return;
  const fire = () => {
    auto.timer = null;
    if (auto.key !== plan.key || auto.sent || auto.stopped || isBusy()) return;
    const ends = deadlineAt();
    if (ends !== null && Date.now() >= ends) return; // the window closes by itself, as the pass would close it
    auto.sent = true;
    send(plan.action);
  };
  auto.timer = setTimeout(fire, Math.max(0, auto.seenAt + plan.delay - Date.now()));
}

// "off", or for a window of yours with the setting on: "waiting", "sent" or "stopped".
export function autoStatus(auto, message) {
  const plan = autoPlan(publicFacts(message), autoPassOn());
  if (!plan || !auto || auto.key !== plan.key) return "off";
  if (auto.sent) return "sent";
  return auto.stopped ? "stopped" : "waiting";
}

// A tap in the game during the wait: this window is answered by hand (or runs out). True if it was waiting.
export function stopAutoPass(auto, message) {
  if (autoStatus(auto, message) !== "waiting") return false;
  auto.stopped = true;
  clearTimeout(auto.timer);
  auto.timer = null;
  return true;
}
