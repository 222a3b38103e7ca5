// The account area of the home page: create an account with a passkey, sign in with one, and once signed in change
// the name, add a passkey, add this browser's tables to the account, or sign out of this device. The passkey
// ceremonies run through the browser's own navigator.credentials with the options the server made.

import {
  ApiError, accountTableIds, api, forgetAccountTables, heldTables, setSignedIn, signedInHere,
} from "../client.js";
import { showYourTables } from "./your-tables.js";

const el = (id) => document.getElementById(id);
const message = el("account-message");
let accountIds = null; // the account's tables as last listed (null: not known yet)

// The message's live region stays in the page (empty when there is nothing to say): one that appears together with
// its text is not read out.
function say(text, kind = "info") {
  message.dataset.kind = kind;
  message.textContent = text;
}

// --- base64url <-> ArrayBuffer: the server sends and takes binary fields as base64url text.

function toBuffer(text) {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

function toText(buffer) {
  if (!buffer) return null;
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function creationOptions(options) {
  return {
    ...options,
    challenge: toBuffer(options.challenge),
    user: { ...options.user, id: toBuffer(options.user.id) },
    excludeCredentials: (options.excludeCredentials ?? []).map((c) => ({ ...c, id: toBuffer(c.id) })),
  };
}

function requestOptions(options) {
  return {
    ...options,
    challenge: toBuffer(options.challenge),
    allowCredentials: (options.allowCredentials ?? []).map((c) => ({ ...c, id: toBuffer(c.id) })),
  };
}

function credentialJson(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toText(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toText(r.attestationObject);
    response.transports = typeof r.getTransports === "function" ? r.getTransports() : [];
  } else {
    response.authenticatorData = toText(r.authenticatorData);
    response.signature = toText(r.signature);
    response.userHandle = toText(r.userHandle);
  }
  return {
    id: credential.id, rawId: toText(credential.rawId), type: credential.type, response,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults?.() ?? {},
  };
}

// What a failed navigator.credentials call means, in words: the person closed the prompt, or the device cannot.
function passkeyTrouble(error) {
  if (error instanceof ApiError) return error.message;
  const name = error?.name;
  if (name === "NotAllowedError" || name === "AbortError") {
    return "No passkey was used: the prompt was closed or timed out. Nothing changed; try again when you are ready.";
  }
  if (name === "InvalidStateError") return "This device already holds a passkey for this account.";
  if (name === "NotSupportedError") return "This browser or device cannot make a passkey. Try another browser.";
  if (name === "SecurityError") return "This browser refuses passkeys at this address.";
  return "The passkey did not work here. Nothing changed; please try again.";
}

async function create(options) {
  return credentialJson(await navigator.credentials.create({ publicKey: creationOptions(options) }));
}

async function get(options) {
  return credentialJson(await navigator.credentials.get({ publicKey: requestOptions(options) }));
}

// --- the two states of the area

function showSignedIn(account) {
  setSignedIn(true);
  el("account-out").hidden = true;
  el("account-in").hidden = false;
  el("account-who").textContent = account.name;
  el("account-new-name").value = account.name;
  showAddTables();
}

function showSignedOut(passkeys) {
  setSignedIn(false);
  el("account-in").hidden = true;
  const browserCan = Boolean(window.PublicKeyCredential && navigator.credentials);
  const reason = !passkeys.available ? passkeys.reason
    : !browserCan ? "This browser cannot use passkeys, so accounts are not available in it. Your tables still work "
      + "here without one." : "";
  el("account-out").hidden = Boolean(reason);
  el("account-unavailable").textContent = reason;
  el("account-unavailable").hidden = !reason;
}

// "Add this browser's tables" is offered while this browser holds tables the account does not.
function showAddTables() {
  const own = heldTables().filter((entry) => accountIds !== null && !accountIds.has(entry.table_id));
  el("account-add-tables").hidden = !signedInHere() || own.length === 0;
}

window.addEventListener("tabletop:account-tables", (event) => {
  accountIds = new Set(event.detail);
  showAddTables();
});

async function busy(button, work) {
  button.disabled = true;
  say("");
  try {
    await work();
  } catch (error) {
    say(passkeyTrouble(error), "error");
  } finally {
    button.disabled = false;
  }
}

el("account-create").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = el("account-name").value.trim();
  if (!name) {
    say("Please enter a name for your account.", "error");
    el("account-name").focus();
    return;
  }
  busy(el("account-create-button"), async () => {
    const { options } = await api("POST", "/api/account/register/options", { name });
    const credential = await create(options);
    const { account } = await api("POST", "/api/account/register", { credential });
    showSignedIn(account);
    say(`Welcome, ${account.name}! Your account is ready.`);
    await showYourTables();
  });
});

el("account-sign-in").addEventListener("click", () => busy(el("account-sign-in"), async () => {
  const { options } = await api("POST", "/api/account/login/options", {});
  const credential = await get(options);
  const { account } = await api("POST", "/api/account/login", { credential });
  showSignedIn(account);
  say(`Signed in as ${account.name}.`);
  await showYourTables();
}));

el("account-add-passkey").addEventListener("click", () => busy(el("account-add-passkey"), async () => {
  const { options } = await api("POST", "/api/account/passkeys/options", {});
  const credential = await create(options);
  const { passkeys } = await api("POST", "/api/account/passkeys", { credential });
  say(`Passkey added: your account has ${passkeys} passkey${passkeys === 1 ? "" : "s"} now.`);
}));

el("account-add-tables").addEventListener("click", () => busy(el("account-add-tables"), async () => {
  const own = heldTables().filter((entry) => !accountIds?.has(entry.table_id));
  const { bound } = await api("POST", "/api/account/seats", { tables: own.slice(0, 100) });
  say(bound.length === 1 ? "1 table added to your account." : `${bound.length} tables added to your account.`);
  await showYourTables();
}));

el("account-rename").addEventListener("submit", (event) => {
  event.preventDefault();
  busy(el("account-rename-button"), async () => {
    const { account } = await api("POST", "/api/account/name", { name: el("account-new-name").value.trim() });
    el("account-who").textContent = account.name;
    say("Name changed.");
  });
});

el("account-sign-out").addEventListener("click", () => busy(el("account-sign-out"), async () => {
  await api("POST", "/api/account/sign-out", {});
  setSignedIn(false); // signed out now, whatever the next request does
  const removed = accountTableIds().length;
  forgetAccountTables();
  accountIds = null;
  let passkeys = { available: true };
  try {
    ({ passkeys } = await api("GET", "/api/account"));
  } catch {
    // only whether passkeys can be used here is unknown: the sign-in buttons stay offered
  }
  showSignedOut(passkeys);
  say(removed ? "Signed out of this device. Your account's tables were removed from this browser; sign in again "
    + "to bring them back." : "Signed out of this device.");
  await showYourTables();
}));

async function start() {
  let answer;
  try {
    answer = await api("GET", "/api/account");
  } catch {
    return; // the area stays hidden: the rest of the page works without it
  }
  el("account").hidden = false;
  if (answer.account) showSignedIn(answer.account);
  else showSignedOut(answer.passkeys);
}

start();
