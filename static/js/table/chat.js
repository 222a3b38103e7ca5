// The chat panel: channel tabs, message list and the send form. The server decides who receives what.

import { h, keepFocus, toast } from "../dom.js";
import { teamOf } from "./seats.js";

const KEEP = 300; // messages kept per channel
const ORDER = ["table", "team", "spectators"];

export function createChat({ send }) {
  const tabs = document.getElementById("chat-tabs");
  const list = document.getElementById("chat-messages");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-text");
  const readonly = document.getElementById("chat-readonly");

  const messages = new Map(); // channel -> [chat]
  const unread = new Map();
  let writable = [];
  let active = null;
  let teamName = null;

  function channels() {
    const all = new Set([...writable, ...messages.keys()]);
    return [...all].sort((a, b) => rank(a) - rank(b));
  }

  function rank(channel) {
    const index = ORDER.indexOf(channel);
    return index === -1 ? ORDER.length : index;
  }

  function label(channel) {
    if (channel === "team") return teamName !== null ? `Team ${teamName}` : "Team";
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

  function line(chat) {
    const time = new Date(chat.at);
    return h(
      "li",
      { class: "chat-line", dataset: { seat: chat.seat === null || chat.seat === undefined ? "" : String(chat.seat) } },
      h("span", { class: "chat-name", text: chat.name ?? "?" }),
      " ",
      h("span", { class: "chat-text", text: chat.text ?? "" }),
      Number.isNaN(time.getTime())
        ? null
        : h("time", { datetime: chat.at, text: time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }),
    );
  }

  function drawMessages() {
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...(messages.get(active) ?? []).map(line));
    if (nearBottom || list.dataset.channel !== active) list.scrollTop = list.scrollHeight;
    list.dataset.channel = active ?? "";
    const canWrite = writable.includes(active);
    form.hidden = !canWrite;
    readonly.hidden = canWrite || active === null;
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
    if (send({ type: "chat", text: text.slice(0, 300), channel: active })) input.value = "";
    else toast("Not connected; your message was not sent. Try again in a moment.");
  });

  return {
    // Channels follow the seat: spectators write to "spectators", seats to "table" and their team if any.
    render(message) {
      const seat = message.you?.seat;
      const team = teamOf(message, seat);
      const next = seat === null || seat === undefined ? ["spectators"] : team !== null ? ["table", "team"] : ["table"];
      if (active !== null && team === teamName && next.join() === writable.join()) return; // nothing new to draw
      teamName = team;
      writable = next;
      if (active === null || !channels().includes(active)) active = writable[0];
      drawTabs();
      drawMessages();
    },
    add(chat) {
      const channel = store(chat);
      if (channel !== active) unread.set(channel, (unread.get(channel) ?? 0) + 1);
      drawTabs();
      if (channel === active) drawMessages();
    },
    replace(history) {
      messages.clear();
      unread.clear();
      for (const chat of history ?? []) store(chat);
      drawTabs();
      drawMessages();
    },
  };
}
