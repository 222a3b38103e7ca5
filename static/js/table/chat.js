// The chat panel: channel tabs, message list and the send form. The server decides who receives what.
// Spectators read the players' table channel when the host allows it, and write in their own under a chosen name.

import { rememberName, rememberedName } from "../client.js";
import { h, keepFocus, toast } from "../dom.js";
import { authorOf, createMutes } from "./mute.js";
import { isHost, teamName, teamOf } from "./seats.js";

const KEEP = 300; // messages kept per channel
const ORDER = ["table", "team", "spectators"];

export function createChat({ tableId, send, setSpectatorChat, joinRematch }) {
  const tabs = document.getElementById("chat-tabs");
  const list = document.getElementById("chat-messages");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-text");
  const readonly = document.getElementById("chat-readonly");
  const nameField = document.getElementById("chat-name-field");
  const nameInput = document.getElementById("chat-name");
  const audience = document.getElementById("chat-audience");
  const hostField = document.getElementById("chat-host");
  const hostToggle = document.getElementById("spectator-chat");
  let spectatorsRead = true;
  let seated = false;
  let rematchBy = null;
  let mySeat = null;
  const mutes = createMutes(tableId);

  const messages = new Map(); // channel -> [chat]
  const unread = new Map();
  let writable = [];
  let active = null;
  let myTeam = null;

  function channels() {
    const all = new Set([...writable, ...messages.keys()]);
    return [...all].sort((a, b) => rank(a) - rank(b));
  }

  function rank(channel) {
    const index = ORDER.indexOf(channel);
    return index === -1 ? ORDER.length : index;
  }

  function label(channel) {
    if (channel === "team") return myTeam !== null ? teamName(myTeam) : "Team";
    return channel.charAt(0).toUpperCase() + channel.slice(1);
  }

  function drawTabs() {
    const names = channels();
    tabs.hidden = names.length < 2;
    keepFocus(tabs, () => tabs.replaceChildren(
      ...names.map((channel) => {
        const count = unread.get(channel) ?? 0;
        return h(
          "button",
          {
            type: "button",
            class: "tab",
            "aria-pressed": String(channel === active),
            dataset: { channel },
            onclick: () => select(channel),
          },
          label(channel),
          count ? h("span", { class: "unread", text: String(count), "aria-label": `${count} unread` }) : null,
        );
      }),
    ));
  }

  // Someone else's line, which this reader may mute: never the platform's, never one's own.
  function mutable(chat) {
    const author = authorOf(chat);
    if (author === null) return null;
    if (seated ? chat.seat === mySeat : author === `spectator:${nameInput.value.trim()}`) return null;
    return author;
  }

  function setMuted(author, on, name) {
    mutes.set(author, on);
    drawMessages();
    // The button pressed is gone with its line: keep the keyboard where it was, on the person's other button.
    const again = list.querySelector(`button[data-author="${CSS.escape(author)}"]`);
    if (again) again.focus();
    else list.focus();
    toast(on ? `${name} is muted at this table, for you only.` : `${name} is unmuted.`, "info");
  }

  function muteButton(chat, author) {
    const name = chat.name ?? "?";
    return h("button", {
      type: "button",
      class: "small secondary chat-mute",
      text: "Mute",
      "aria-label": `Mute ${name}`,
      dataset: { author },
      onclick: () => setMuted(author, true, name),
    });
  }

  // One or more lines in a row from a muted person, folded into one line with the way back.
  function mutedLine(chat, author, count) {
    const name = chat.name ?? "?";
    return h(
      "li",
      { class: "chat-line muted-lines", dataset: { author } },
      h("span", { text: `${count} ${count === 1 ? "line" : "lines"} from ${name}, muted` }),
      " ",
      h("button", {
        type: "button",
        class: "small secondary chat-mute",
        text: "Unmute",
        "aria-label": `Unmute ${name}`,
        dataset: { author },
        onclick: () => setMuted(author, false, name),
      }),
    );
  }

  function lines(chats) {
    const items = [];
    let folded = null; // the muted run being counted: its author, first line and count
    const close = () => {
      if (folded) items.push(mutedLine(folded.chat, folded.author, folded.count));
      folded = null;
    };
    for (const chat of chats) {
      const author = mutable(chat);
      if (author !== null && mutes.has(author)) {
        if (folded?.author === author) folded.count += 1;
        else {
          close();
          folded = { author, chat, count: 1 };
        }
        continue;
      }
      close();
      items.push(line(chat, author));
    }
    close();
    return items;
  }

  function line(chat, author) {
    const time = new Date(chat.at);
    const notice = chat.kind === "rematch" || chat.kind === "handover" || chat.kind === "left"; // lines the platform writes
    return h(
      "li",
      {
        class: `chat-line${notice ? " notice" : ""}`,
        dataset: { seat: chat.seat === null || chat.seat === undefined ? "" : String(chat.seat), kind: chat.kind ?? "" },
      },
      h("span", { class: "chat-name", text: chat.name ?? "?" }),
      " ",
      h("span", { class: "chat-text", text: chat.text ?? "" }),
      chat.kind === "rematch" && seated
        ? [" ", h("button", { type: "button", class: "small", text: "Join", onclick: () => joinRematch() })]
        : null,
      Number.isNaN(time.getTime())
        ? null
        : h("time", { datetime: chat.at, text: time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }),
      author === null ? null : muteButton(chat, author), // last, so a screen reader hears the line first
    );
  }

  function drawMessages() {
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...lines(messages.get(active) ?? []));
    if (nearBottom || list.dataset.channel !== active) list.scrollTop = list.scrollHeight;
    list.dataset.channel = active ?? "";
    const canWrite = writable.includes(active);
    form.hidden = !canWrite;
    readonly.hidden = canWrite || active === null;
    nameField.hidden = !(canWrite && active === "spectators");
    audience.hidden = !(seated && active === "table");
    audience.textContent = spectatorsRead ? "Spectators can read this channel." : "Only the players read this channel.";
  }

  function select(channel) {
    active = channel;
    unread.set(channel, 0);
    drawTabs();
    drawMessages();
  }

  function store(chat) {
    const channel = chat.channel ?? "table";
    if (!messages.has(channel)) messages.set(channel, []);
    const bucket = messages.get(channel);
    bucket.push(chat);
    if (bucket.length > KEEP) bucket.splice(0, bucket.length - KEEP);
    return channel;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !active) return;
    const message = { type: "chat", text: text.slice(0, 300), channel: active };
    const name = nameInput.value.trim();
    if (active === "spectators" && name) {
      message.name = name;
      rememberName(name);
    }
    if (send(message)) input.value = "";
    else toast("Not connected; your message was not sent. Try again in a moment.");
  });

  hostToggle.addEventListener("change", async () => {
    hostToggle.disabled = true;
    try {
      await setSpectatorChat(hostToggle.checked);
    } catch (error) {
      hostToggle.checked = !hostToggle.checked;
      toast(error.message);
    } finally {
      hostToggle.disabled = false;
    }
  });
  nameInput.value = rememberedName();
  nameInput.dispatchEvent(new Event("input"));

  return {
    // Channels follow the seat: spectators write to "spectators", seats to "table" and their team if any.
    render(message) {
      const seat = message.you?.seat;
      const team = teamOf(message, seat);
      seated = seat !== null && seat !== undefined;
      if (seated !== (mySeat !== null) || (seated && seat !== mySeat)) {
        mySeat = seated ? seat : null;
        drawMessages(); // one's own lines carry no mute button
      }
      hostField.hidden = !isHost(message);
      const readable = message.table?.spectator_chat !== false;
      if (!hostToggle.disabled) hostToggle.checked = readable;
      if (readable !== spectatorsRead) {
        spectatorsRead = readable;
        drawMessages();
      }
      const next = seat === null || seat === undefined ? ["spectators"] : team !== null ? ["table", "team"] : ["table"];
      if (active !== null && team === myTeam && next.join() === writable.join()) return; // nothing new to draw
      myTeam = team;
      writable = next;
      if (active === null || !channels().includes(active)) active = writable[0];
      drawTabs();
      drawMessages();
    },
    add(chat) {
      const channel = store(chat);
      if (chat.kind === "rematch") {
        rematchBy = chat.name;
        toast(`${chat.name} started a rematch.`, "info");
      }
      const author = mutable(chat);
      const heard = author === null || !mutes.has(author);
      if (channel !== active && heard) unread.set(channel, (unread.get(channel) ?? 0) + 1);
      drawTabs();
      if (channel === active) drawMessages();
    },
    replace(history) {
      messages.clear();
      unread.clear();
      for (const chat of history ?? []) {
        store(chat);
        if (chat.kind === "rematch") rematchBy = chat.name;
      }
      if (active !== null && !channels().includes(active)) active = writable[0] ?? null;
      drawTabs();
      drawMessages();
    },
    rematchBy: () => rematchBy,
  };
}
