// Patriots & Redcoats: your own cards and team, and the War Councils (the vote in progress, the last reveal, history).

import { h } from "../../dom.js";
import { bigCard, icon } from "./cards.js";
import { councilOutcome, joinNames, plural, teamName, teamReason } from "./text.js";

export function handPanel(view, ctx) {
  if (ctx.me === null) {
    return h("section", { class: "pr-panel pr-hand-panel", "aria-labelledby": "pr-hand-h" },
      h("h2", { id: "pr-hand-h", text: "You are watching" }),
      h("p", { class: "pr-hint", text: "Spectators see only what is public: face-up cards, how many cards each player keeps face down, eyes, the War track and every vote once it is revealed." }));
  }
  const { team, reason } = teamReason(view);
  const confirming = view.step?.kind === "confirm";
  const teamBox = h("div", { class: `pr-teambox pr-team-${team ?? "none"}`, dataset: { team: team ?? "" } },
    team ? icon(team === "patriots" ? "star" : "crown", 22) : null,
    h("div", {},
      h("strong", { class: "pr-team-line", text: team ? `You are a ${teamName(team)}` : "Your team is not confirmed yet" }),
      h("span", { class: "pr-team-why", text: team ? ` because ${reason}` : ` ${reason}` }),
      confirming && team ? h("span", { class: "pr-team-why", text: " (being confirmed now)" }) : null));
  const cards = (view.your_cards ?? []).map((c) => bigCard(c.kind, { faceUp: c.face_up }));
  return h("section", { class: "pr-panel pr-hand-panel", "aria-labelledby": "pr-hand-h" },
    h("h2", { id: "pr-hand-h", text: "Your Loyalty cards" }),
    teamBox,
    h("div", { class: "pr-hand", dataset: { hand: "mine" } }, cards),
    view.you_alive === false ? h("p", { class: "pr-note pr-dead-note", text: "You have been eliminated. You keep your view and watch the rest of the game." }) : null);
}

function voteLists(votes, n) {
  const yes = [];
  const no = [];
  votes.forEach((v, seat) => {
    if (v === true) yes.push(seat);
    else if (v === false) no.push(seat);
  });
  return { yes, no };
}

function revealBlock(council, n) {
  const { yes, no } = voteLists(council.votes, n);
  const result = yes.length > no.length ? "elected" : "failed";
  return h("div", { class: "pr-vote-reveal", dataset: { voteReveal: String(council.round), outcome: result } },
    h("p", { class: "pr-vote-head" },
      h("strong", { text: `Round ${council.round} vote: ${result === "elected" ? "elected" : "failed"} ${yes.length}–${no.length}` }),
      ` (Commander ${n.name(council.commander)}, Agent ${n.name(council.agent)})`),
    h("ul", { class: "pr-vote-lists" },
      h("li", { class: "pr-vote-yes" }, h("span", { class: "pr-vote-chip pr-vote-yes", text: "Yes" }), ` ${yes.length ? joinNames(yes.map(n.name)) : "nobody"}`),
      h("li", { class: "pr-vote-no" }, h("span", { class: "pr-vote-chip pr-vote-no", text: "No" }), ` ${no.length ? joinNames(no.map(n.name)) : "nobody"}`)),
    h("ul", { class: "visually-hidden" }, council.votes.map((v, seat) => (v === null ? null : h("li", { dataset: { voteSeat: String(seat), vote: v ? "yes" : "no" }, text: `${n.name(seat)}: ${v ? "yes" : "no"}` })))));
}

export function councilPanel(view, ctx) {
  const { n } = ctx;
  const step = view.step;
  const parts = [h("h2", { id: "pr-council-h", text: "War Councils" })];
  if (step?.kind === "council") {
    const living = view.seats.filter((s) => s.alive).map((s) => s.seat);
    const lines = [
      h("li", {}, h("span", { class: "pr-label", text: "Commander: " }), n.name(step.commander)),
      h("li", {}, h("span", { class: "pr-label", text: "Agent: " }), step.agent === null ? "not yet named" : n.name(step.agent)),
    ];
    if (step.hessians) lines.push(h("li", { text: "Called by Hessians: elected without a vote." }));
    if (step.step === "vote") {
      const voted = step.voted ?? [];
      const waiting = living.filter((s) => !voted.includes(s));
      lines.push(h("li", { class: "pr-vote-progress", dataset: { voted: String(voted.length), waiting: String(waiting.length) } },
        h("strong", { text: `Waiting for ${plural(waiting.length, "player")}` }),
        ` · ${voted.length} of ${living.length} voted${voted.length ? `: ${joinNames(voted.map(n.name))}` : ""}`));
    }
    parts.push(h("ul", { class: "pr-council-now", "aria-label": "The council now" }, lines));
  }
  const councils = view.councils ?? [];
  const lastVoted = [...councils].reverse().find((c) => Array.isArray(c.votes));
  if (lastVoted) parts.push(revealBlock(lastVoted, n));
  if (councils.length) {
    const items = [...councils].reverse().slice(0, 8).map((c) => h("li", { dataset: { outcome: c.outcome ?? "" } },
      h("span", { class: "pr-label", text: `Round ${c.round}${c.hessians ? " (Hessians)" : ""}: ` }),
      `${n.name(c.commander)}${c.agent !== null && c.agent !== undefined ? ` + ${n.name(c.agent)}` : ""} — ${councilOutcome(c)}`));
    const history = h("details", { class: "pr-history" }, h("summary", { text: `Council history (${councils.length})` }), h("ul", {}, items));
    history.open = Boolean(ctx.st.historyOpen);
    history.addEventListener("toggle", () => { ctx.st.historyOpen = history.open; });
    parts.push(history);
  } else if (step?.kind !== "council") {
    parts.push(h("p", { class: "pr-hint", text: "No War Council yet. After each Spycraft Phase the Commander nominates an Agent and everyone votes." }));
  }
  return h("section", { class: "pr-panel pr-council-panel", "aria-labelledby": "pr-council-h" }, parts);
}
