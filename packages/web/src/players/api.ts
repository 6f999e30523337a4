import type { PlayerMatch, PlayerStats } from "@schwimmen/server";

/**
 * The player endpoints (docs/protocol.md, "Players"): the session cookie is HttpOnly, so the page never sees it; it
 * asks the server who it is. Passkeys go through the SimpleWebAuthn browser library (loaded only when used).
 */

export interface Me {
  readonly id: string;
  readonly name: string;
  readonly kind: "guest" | "account";
}

export interface ApiError {
  readonly code: string;
  readonly message: string;
  readonly reason?: string;
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

const offline: ApiError = { code: "OFFLINE", message: "the server could not be reached" };

async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json()) as { error?: ApiError } & T;
    if (!res.ok || data.error) return { ok: false, error: data.error ?? offline };
    return { ok: true, value: data };
  } catch {
    return { ok: false, error: offline };
  }
}

const playerOf = (r: ApiResult<{ player: Me | null }>): ApiResult<Me | null> =>
  r.ok ? { ok: true, value: r.value.player } : r;

export const fetchMe = async () => playerOf(await request<{ player: Me | null }>("GET", "/api/me"));
/** Becomes a guest with this name, or renames the player of this session. */
export const postName = async (name: string) =>
  playerOf(await request<{ player: Me | null }>("POST", "/api/session", { name }));
export const signOut = async () => playerOf(await request<{ player: Me | null }>("DELETE", "/api/session"));
export const deleteAccount = () => request<{ deleted: boolean }>("DELETE", "/api/me");

/** Keeps the session's player as an account with a new passkey of this device. */
export async function registerPasskey(): Promise<ApiResult<Me | null>> {
  const options = await request<unknown>("POST", "/api/passkeys/register/options", {});
  if (!options.ok) return options;
  const { startRegistration } = await import("@simplewebauthn/browser");
  let answer: unknown;
  try {
    answer = await startRegistration({ optionsJSON: options.value as never });
  } catch (cause) {
    return { ok: false, error: { code: "PASSKEY_CANCELLED", message: String(cause) } };
  }
  return playerOf(await request<{ player: Me | null }>("POST", "/api/passkeys/register/verify", answer));
}

/** Signs in with any passkey of this site that the device offers. */
export async function signInWithPasskey(): Promise<ApiResult<Me | null>> {
  const options = await request<unknown>("POST", "/api/passkeys/login/options", {});
  if (!options.ok) return options;
  const { startAuthentication } = await import("@simplewebauthn/browser");
  let answer: unknown;
  try {
    answer = await startAuthentication({ optionsJSON: options.value as never });
  } catch (cause) {
    return { ok: false, error: { code: "PASSKEY_CANCELLED", message: String(cause) } };
  }
  return playerOf(await request<{ player: Me | null }>("POST", "/api/passkeys/login/verify", answer));
}

export type ProfileMatch = PlayerMatch;

export interface Profile {
  readonly player: { readonly id: string; readonly name: string; readonly kind: string; readonly deleted: boolean };
  readonly stats: PlayerStats;
  readonly matches: readonly ProfileMatch[];
  /** From the ratings module, when the server has one: its history (points over time) and rated matches. */
  readonly rating: {
    /** The rating now (`rating`, `provisional`, `matches`), when the ratings module tells it. */
    readonly current: { readonly rating?: number; readonly provisional?: boolean } | null;
    readonly history: unknown;
    readonly matches: unknown;
  } | null;
}

export const fetchProfile = (id: string) => request<Profile>("GET", `/api/players/${encodeURIComponent(id)}`);

/** The player's newest matches as rated (each with its rating before and after): cheaper than the whole profile. */
export const fetchRatedMatches = (id: string) =>
  request<{ matches: unknown }>("GET", `/api/players/${encodeURIComponent(id)}/ratings`);
