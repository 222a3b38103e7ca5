// Telling a person it is their turn: a banner always; a title flash while the tab is hidden; and, once they turn
// "Turn alerts" on (remembered in this browser), a short sound and a notification when the tab is in the background.

const SETTING = "tabletop:turn-alerts";
const FLASH_MS = 1000;

function stored() {
  try {
    return localStorage.getItem(SETTING) === "on";
  } catch {
    return false; // storage blocked: alerts stay off
  }
}

function store(on) {
  try {
    localStorage.setItem(SETTING, on ? "on" : "off");
  } catch {
    // not remembered, but still on for this page
  }
}

// Browsers let a page make sound only after the person has touched it, on every load: one context, made or resumed
// only inside a tap or a key press (made outside one, Chromium refuses to start it: "AudioContext was not allowed to
// start"). After a reload with alerts on, the sound is paused until that touch, and the page says so.
const Context = window.AudioContext ?? window.webkitAudioContext;
let audio = null;

function audioContext() {
  if (!audio && Context) audio = new Context();
  if (audio?.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

function soundReady() {
  return audio?.state === "running";
}

// Two soft notes made on the spot: no sound file to fetch, and nothing plays until the person has asked for it. Only
// a context already running plays: a turn that begins before the first touch stays silent (the page says so).
function chime() {
  if (!soundReady()) return;
  const start = audio.currentTime;
  [660, 880].forEach((pitch, index) => {
    const note = audio.createOscillator();
    const volume = audio.createGain();
    note.frequency.value = pitch;
    volume.gain.setValueAtTime(0.0001, start + index * 0.18);
    volume.gain.exponentialRampToValueAtTime(0.2, start + index * 0.18 + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + index * 0.18 + 0.3);
    note.connect(volume).connect(audio.destination);
    note.start(start + index * 0.18);
    note.stop(start + index * 0.18 + 0.32);
  });
}

export function createAlerts({ title }) {
  const banner = document.getElementById("turn-banner");
  const toggle = document.getElementById("alerts");
  const resume = document.getElementById("sound-resume");
  const baseTitle = document.title;
  let on = stored();
  let wasYourTurn = false;
  let movedSince = false; // drawn states are coalesced: after our own move, the next turn of ours is a new one
  let flashing = null;

  function drawToggle() {
    toggle.textContent = `Alerts: ${on ? "on" : "off"}`;
    toggle.setAttribute("aria-pressed", String(on));
    resume.hidden = !(on && Context && !soundReady());
  }

  // Inside a tap or key press: make or resume the sound, and draw the toggle once the browser has started it.
  function arm() {
    const context = audioContext();
    if (!context) return;
    context.onstatechange = drawToggle;
    drawToggle();
  }

  function stopFlash() {
    clearInterval(flashing);
    flashing = null;
    document.title = baseTitle;
  }

  function flash() {
    if (flashing !== null) return;
    let lit = false;
    flashing = setInterval(() => {
      lit = !lit;
      document.title = lit ? `● Your turn · ${baseTitle}` : baseTitle;
    }, FLASH_MS);
    document.title = `● Your turn · ${baseTitle}`;
  }

  function notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      const note = new Notification("Your turn", { body: title, tag: `turn:${location.pathname}` });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch {
      // some browsers allow notifications only from a service worker: the sound and the title still tell
    }
  }

  toggle.addEventListener("click", async () => {
    on = !on;
    store(on);
    drawToggle();
    if (!on) return;
    arm();
    chime(); // so the person hears what the alert sounds like
    if ("Notification" in window && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch {
        // refused or unsupported: the sound still plays
      }
    }
  });

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) stopFlash();
  });
  // Any tap or key press on the page re-arms the sound (the "tap to resume" button is one such tap); captured, so a
  // control that stops its event still counts.
  const gesture = () => {
    if (on && !soundReady()) arm();
  };
  window.addEventListener("click", gesture, true);
  window.addEventListener("keydown", gesture, true);
  resume.addEventListener("click", gesture);
  // A browser that says sound may start without a touch (Firefox's getAutoplayPolicy) needs no tap.
  if (on && navigator.getAutoplayPolicy?.("audiocontext") === "allowed") arm();

  drawToggle();

  return {
    // Called with every drawn state; only the moment a turn begins makes noise.
    update(yourTurn) {
      banner.hidden = !yourTurn;
      if (!yourTurn) stopFlash();
      if (yourTurn && (!wasYourTurn || movedSince)) {
        movedSince = false;
        if (document.hidden) flash();
        if (on) {
          chime();
          if (document.hidden) notify();
        }
      }
      wasYourTurn = yourTurn;
    },
    moved() {
      movedSince = true;
    },
    isOn: () => on,
  };
}
