/**
 * Passkeys (WebAuthn, with the SimpleWebAuthn library): a player keeps their identity by registering a passkey, and
 * signs in on another device with it (a discoverable credential: no name to type). Each ceremony's challenge is kept
 * with the session that asked for it, for a few minutes, and used once.
 */
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Challenge } from "./player-store.js";
import { type PlayerRef, type PlayerResult, type Players, type Session, fail } from "./players.js";

/** How long a challenge may be answered. */
export const CHALLENGE_MS = 5 * 60_000;

/** Where the page lives: WebAuthn binds a passkey to the RP ID (the host name) and checks the page's origin. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
}

const RP_NAME = "Schwimmen";

/** A browser's answer as JSON: checked for its outer shape here, for everything else by the library. */
const looksLikeCredential = (value: unknown): boolean => {
  if (typeof value !== "object" || value === null) return false;
  const { id, rawId, response, type } = value as Record<string, unknown>;
  return (
    typeof id === "string" &&
    id.length <= 1400 &&
    typeof rawId === "string" &&
    type === "public-key" &&
    typeof response === "object" &&
    response !== null
  );
};

export class Passkeys {
  constructor(private readonly players: Players) {}

  private async remember(session: Session, kind: Challenge["kind"], value: string): Promise<void> {
    const challenge: Challenge = { kind, value, expiresAt: this.players.now() + CHALLENGE_MS };
    await this.players.store.setChallenge(session.row.id, challenge);
  }

  /** The session's open challenge of this kind, used up by this call (a second answer finds none). */
  private async takeChallenge(session: Session, kind: Challenge["kind"]): Promise<PlayerResult<string>> {
    const challenge = session.row.challenge;
    if (challenge === null || challenge.kind !== kind || challenge.expiresAt < this.players.now()) {
      return fail("CHALLENGE_MISSING", "ask for new options first (none open, or expired)");
    }
    await this.players.store.setChallenge(session.row.id, null);
    return { ok: true, value: challenge.value };
  }

  /** Options for creating a passkey for the session's player, whose name must be free among accounts. */
  async registrationOptions(session: Session, rp: RelyingParty): Promise<PlayerResult<unknown>> {
    const player = session.player;
    if (player === null) return fail("NOT_SIGNED_IN", "choose a name first (POST /api/session)");
    if (!(await this.players.nameFree(player, player.name))) {
      return fail("NAME_TAKEN", `an account is already called "${player.name}"`);
    }
    const existing = await this.players.store.credentialsOf(player.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: player.name,
      userDisplayName: player.name,
      userID: new TextEncoder().encode(player.id),
      attestationType: "none",
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: [...c.transports] })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await this.remember(session, "register", options.challenge);
    return { ok: true, value: options };
  }

  /** Checks the browser's new passkey; the guest becomes an account that keeps it. */
  async register(session: Session, rp: RelyingParty, response: unknown): Promise<PlayerResult<PlayerRef>> {
    const player = session.player;
    if (player === null) return fail("NOT_SIGNED_IN", "choose a name first (POST /api/session)");
    if (!looksLikeCredential(response)) return fail("BAD_REQUEST", "the body is a registration response");
    const challenge = await this.takeChallenge(session, "register");
    if (!challenge.ok) return challenge;
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge.value,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (cause) {
      return fail("PASSKEY_REFUSED", cause instanceof Error ? cause.message : "the passkey was not accepted");
    }
    if (!verified.verified) return fail("PASSKEY_REFUSED", "the passkey was not accepted");
    const account = await this.players.makeAccount(player);
    if (!account.ok) return account;
    const { credential } = verified.registrationInfo;
    await this.players.store.addCredential({
      id: credential.id,
      playerId: player.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: this.players.now(),
    });
    return account;
  }

  /** Options for signing in with any passkey of this site (the browser lets the person pick one). */
  async loginOptions(session: Session, rp: RelyingParty): Promise<unknown> {
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
    await this.remember(session, "login", options.challenge);
    return options;
  }

  /** Checks a signature with a stored passkey; on success the passkey's player is the one signing in. */
  async login(session: Session, rp: RelyingParty, response: unknown): Promise<PlayerResult<PlayerRef>> {
    if (!looksLikeCredential(response)) return fail("BAD_REQUEST", "the body is an authentication response");
    const challenge = await this.takeChallenge(session, "login");
    if (!challenge.ok) return challenge;
    const answer = response as AuthenticationResponseJSON;
    const stored = await this.players.store.credential(answer.id);
    if (!stored) return fail("UNKNOWN_PASSKEY", "this passkey belongs to no account here (deleted?)");
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: challenge.value,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.id,
          publicKey: new Uint8Array(stored.publicKey),
          counter: stored.counter,
          transports: [...stored.transports] as never,
        },
        requireUserVerification: false,
      });
    } catch (cause) {
      return fail("PASSKEY_REFUSED", cause instanceof Error ? cause.message : "the passkey was not accepted");
    }
    if (!verified.verified) return fail("PASSKEY_REFUSED", "the passkey was not accepted");
    await this.players.store.setCounter(stored.id, verified.authenticationInfo.newCounter, this.players.now());
    const player = await this.players.one(stored.playerId);
    if (!player || player.deleted) return fail("UNKNOWN_PASSKEY", "the account of this passkey is gone");
    return { ok: true, value: player };
  }
}
