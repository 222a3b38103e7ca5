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

// Browsers let a page make sound only after the person has touched it: one context, made and resumed on a touch.
let audio = null;

function audioContext() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  if (audio?.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// Two soft notes made on the spot: no sound file to fetch, and nothing plays until the person has asked for it.
function chime() {
  const audio = audioContext();
  if (!audio) return;
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
  const baseTitle = document.title;
  let on = stored();
  let wasYourTurn = false;
  let movedSince = false; // drawn states are coalesced: after our own move, the next turn of ours is a new one
  let flashing = null;

  function drawToggle() {
    toggle.textContent = `Alerts: ${on ? "on" : "off"}`;
    toggle.setAttribute("aria-pressed", String(on));
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
  document.addEventListener("pointerdown", () => {
    if (on) audioContext();
  }, { once: true });

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
