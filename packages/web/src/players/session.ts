/**
 * Keeps the server's player in step with the name on this device: the first saved name makes a guest (and its
 * session cookie), a later one renames it. Requests run one after the other, so two quick saves make one guest and
 * a page asking who it is waits for a name on its way.
 */
import { type ApiError, type Me, fetchMe, postName } from "./api.js";

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
  return answer.value;
}

/** Sends the device's name to the server (once per change); `onRefused` hears when the server refuses it. */
export function syncName(name: string, onRefused?: (error: ApiError) => void): void {
  if (name === sent) return;
  sent = name;
  void enqueue(() => send(name, onRefused));
}

/** The name the server knows now also counts as sent (after signing in, say). */
export function markSynced(name: string): void {
  sent = name;
}

/**
 * Who this device is on the server. A device that has a name but no session (from before players existed, or an
 * expired one) gets one; a session whose name differs from the device's is renamed.
 */
export function ensureSession(localName: string | null): Promise<Me | null> {
  return enqueue(async () => {
    const me = await fetchMe();
    if (!me.ok) return null;
    if (localName === null || me.value?.name === localName) {
      if (me.value) sent = me.value.name;
      return me.value;
    }
    sent = localName;
    return (await send(localName)) ?? me.value;
  });
}
