// Chat mutes: the people this browser chose not to read at one table. Kept in localStorage per table and never sent
// to the server: muting is for the reader alone, and the person muted cannot tell.

const PREFIX = "tabletop:mute:";

// Who wrote a line: a seat, whoever holds it; a spectator, by the name they write under. Null for the platform's
// own lines (a rematch, a handover, someone leaving), which are never muted.
export function authorOf(chat) {
  if (chat.kind === "rematch" || chat.kind === "handover" || chat.kind === "left") return null;
  if (chat.seat !== null && chat.seat !== undefined) return `seat:${chat.seat}`;
  return chat.name ? `spectator:${chat.name}` : null;
}

export function createMutes(tableId) {
  const key = PREFIX + tableId;
  let muted = new Set();
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? "[]");
    if (Array.isArray(saved)) muted = new Set(saved.filter((item) => typeof item === "string"));
  } catch {
    // storage blocked or garbled: nobody is muted, and a mute lasts as long as the page
  }

  function save() {
    try {
      if (muted.size) localStorage.setItem(key, JSON.stringify([...muted]));
      else localStorage.removeItem(key);
    } catch {
      // storage blocked: the mute lasts as long as the page
    }
  }

  return {
    has: (author) => author !== null && muted.has(author),
    set(author, on) {
      if (author === null) return;
      if (on) muted.add(author);
      else muted.delete(author);
      save();
    },
  };
}
