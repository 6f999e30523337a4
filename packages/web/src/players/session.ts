/**
 * Keeps the server's player in step with the name on this device: the first saved name makes a guest (and its
 * session cookie), a later one renames it. Requests run one after the other, so two quick saves make one guest and
 * a page asking who it is waits for a name on its way.
 */
import { readItem, writeItem } from "../device-storage.js";
import { type ApiError, type Me, fetchMe, postName } from "./api.js";

/**
 * The name this device and the server last agreed on. When the server's name differs from it, the player was renamed
 * elsewhere (another device of the account); when the device's differs from it, the player renamed it here.
 */
const AGREED_KEY = "schwimmen.name-agreed";
const agreed = (name: string): void => writeItem(AGREED_KEY, name);

let queue: Promise<unknown> = Promise.resolve();
/** The name last sent (or on its way), so that the same name is not sent twice. */
let sent: string | null = null;

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task);
  queue = next.catch(() => undefined);
  return next;
}

/** Codes with which the server refuses the name itself (not a lost connection). */
const REFUSALS = new Set(["INVALID_NAME", "NAME_TAKEN"]);

/**
 * Sends a name (inside the queue); the player, or null when the server refused or could not be reached.
 * `onRefused` hears a refusal of the name itself (INVALID_NAME with its reason, NAME_TAKEN).
 */
async function send(name: string, onRefused?: (error: ApiError) => void): Promise<Me | null> {
  const answer = await postName(name);
  if (!answer.ok) {
    sent = null;
    if (REFUSALS.has(answer.error.code)) onRefused?.(answer.error);
    return null;
  }
  sent = name;
  if (answer.value) agreed(answer.value.name);
  return answer.value;
}

/** Sends the device's name to the server (once per change); `onRefused` hears when the server refuses it. */
export function syncName(name: string, onRefused?: (error: ApiError) => void): void {
  if (name === sent) return;
  sent = name;
  void enqueue(() => send(name, onRefused));
}

/** The server's answers to every name sent so far have come (or failed). */
export const settled = (): Promise<void> => queue.then(() => undefined);

/** This device has no player any more (signed out, deleted): no name counts as sent or agreed. */
export function forgetSession(): void {
  sent = null;
  writeItem(AGREED_KEY, null);
}

/** The name the server knows now also counts as sent (after signing in, say). */
export function markSynced(name: string): void {
  sent = name;
  agreed(name);
}

/**
 * Who this device is on the server. A device that has a name but no session (from before players existed, or an
 * expired one) gets one. When the session's name differs from the device's, the newer one wins: the server's when
 * this device's name is still the one they last agreed on (the account was renamed on another device; `adopt` takes
 * it here), else the device's (renamed here while the server did not hear it, or from before names were agreed).
 * `onRefused` hears when the server refuses the device's name (an account took it meanwhile, say).
 * `local` is read when the request's turn comes (an earlier one in the queue may have changed the device's name).
 */
export function ensureSession(
  local: () => string | null,
  adopt?: (name: string) => void,
  onRefused?: (name: string, error: ApiError) => void,
): Promise<Me | null> {
  return enqueue(async () => {
    const localName = local();
    const me = await fetchMe();
    if (!me.ok) return null;
    const server = me.value?.name;
    if (localName === null || server === localName) {
      if (server !== undefined) sent = server;
      if (server !== undefined && localName !== null) agreed(server);
      return me.value;
    }
    if (server !== undefined && adopt && readItem(AGREED_KEY) === localName) {
      sent = server;
      agreed(server);
      adopt(server);
      return me.value;
    }
    sent = localName;
    return (await send(localName, (error) => onRefused?.(localName, error))) ?? me.value;
  });
}
