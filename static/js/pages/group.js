// A group that stays together, on the home page: the invitations to a new game addressed to this browser's seats
// ("Join" / "No thanks"), and the people played with lately, each with a one-tap "Invite". Both come in the answer of
// POST /api/your-tables, which "Your tables" asks for; each is answered with this browser's token at the table it
// came from, never another's.

import { api, openSeat } from "../client.js";
import { h } from "../dom.js";
import { newGameForm } from "../new-game.js";
import { paceText } from "../pace.js";

function tokenFor(byId, tableId) {
  return byId.get(tableId)?.token ?? null;
}

function invitationRow(invitation, byId, redraw) {
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const token = tokenFor(byId, invitation.via);
  const full = invitation.players.length >= invitation.max_players;

  async function answer(how, button) {
    button.disabled = true;
    error.hidden = true;
    try {
      const done = await api("POST", `/api/invitations/${invitation.id}/${how}`, undefined, token);
      if (how === "accept") openSeat(done);
      else redraw();
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
      button.disabled = false;
    }
  }

  const join = h("button", { type: "button", class: "small", text: "Join",
    "aria-label": `Join ${invitation.from}'s ${invitation.title} table` });
  const decline = h("button", { type: "button", class: "secondary small", text: "No thanks",
    "aria-label": `No thanks to ${invitation.from}'s ${invitation.title} table` });
  join.addEventListener("click", () => answer("accept", join));
  decline.addEventListener("click", () => answer("decline", decline));
  return h("li", { class: "card your-table invitation", dataset: { invitation: String(invitation.id) } },
    h("div", {},
      h("p", {}, h("strong", { text: invitation.from }), ` invited you to a new ${invitation.title} table`,
        h("span", { class: "muted" }, ` · ${paceText(invitation.pace, invitation.turn_timer)}`)),
      h("p", { class: "muted" },
        `Seated: ${invitation.players.join(", ")} (${invitation.players.length} of ${invitation.max_players})`),
      error),
    h("div", { class: "card-actions" }, full ? h("span", { class: "muted", text: "The table is full" }) : join,
      decline));
}

function personRow(person, byId, openFor) {
  const invite = h("button", { type: "button", class: "secondary small", text: "Invite",
    "aria-label": `Invite ${person.name} to a new game`, "aria-expanded": "false" });
  const row = h("li", { class: "card your-table person", dataset: { person: person.name } },
    h("div", {},
      h("p", {}, h("strong", { text: person.name })),
      h("p", { class: "muted", text: `Last played ${person.title}` })),
    invite);
  invite.addEventListener("click", () => openFor(person, row, invite, tokenFor(byId, person.table_id)));
  return row;
}

let openForm = null; // the one "Invite" form open in the people list: {form, button}

function closeForm() {
  openForm?.form.remove();
  openForm?.button.setAttribute("aria-expanded", "false");
  openForm = null;
}

function openFor(person, row, button, token) {
  const same = openForm?.button === button;
  closeForm();
  if (same) return;
  const form = newGameForm({
    prefix: "invite",
    submitLabel: `Open the table and invite ${person.name}`,
    players: 2,
    submit: async (body) => openSeat(await api("POST", `/api/tables/${encodeURIComponent(person.table_id)}/invitations`,
      { ...body, seats: [person.seat] }, token)),
    cancel: () => {
      closeForm();
      button.focus();
    },
  });
  row.after(h("li", { class: "invite-form" }, form));
  openForm = { form: form.parentElement, button };
  button.setAttribute("aria-expanded", "true");
}

// Draws both lists from an answer of POST /api/your-tables; `byId` maps a table id to what this browser holds there.
export function showGroup(answer, byId, redraw) {
  const invitations = (answer.invitations ?? []).filter((i) => tokenFor(byId, i.via));
  const invitationsSection = document.getElementById("invitations");
  if (invitationsSection) {
    document.getElementById("invitations-list")
      .replaceChildren(...invitations.map((i) => invitationRow(i, byId, redraw)));
    invitationsSection.hidden = invitations.length === 0;
  }
  const people = (answer.people ?? []).filter((p) => tokenFor(byId, p.table_id));
  const peopleSection = document.getElementById("people");
  if (peopleSection && !openForm) { // never redrawn under an open form
    document.getElementById("people-list").replaceChildren(...people.map((p) => personRow(p, byId, openFor)));
    peopleSection.hidden = people.length === 0;
  }
}
