import { useState } from "preact/hooks";
import { nameRefusal, saveName } from "../player-name.js";
import { ConfirmDialog } from "../screens/confirm-dialog.js";
import { useUi } from "../ui.js";
import { type Me, fetchMe, fetchProfile, signInWithPasskey } from "./api.js";
import { markSynced } from "./session.js";
import { playerTexts, problemText } from "./texts.js";

/**
 * Signing in with a passkey from wherever a page offers it (the account page, the start page, a name an account
 * holds): a guest who has played matches is asked first, as that guest stays behind.
 */

/**
 * A browser offers passkeys only for a site with a host name: at an IP address (a server reached as 127.0.0.1, say)
 * the buttons could only fail. The same server on this machine is also "localhost" (with its own guest there).
 */
export function addressWithoutName(): { host: string; named: string | null } | null {
  const host = location.hostname;
  if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]*\])$/i.test(host)) return null;
  const loopback = /^(127\.\d+\.\d+\.\d+|\[::1\])$/.test(host);
  return {
    host,
    named: loopback ? `${location.protocol}//localhost${location.port ? `:${location.port}` : ""}/#/account` : null,
  };
}

/**
 * The guest this device plays as when it has played a match (what the profile tells; signing in or out leaves it
 * behind), else null. When the server cannot tell, a guest counts as having played: better asked once too often.
 */
export async function guestWithMatches(): Promise<Me | null> {
  const me = await fetchMe();
  if (!me.ok || me.value?.kind !== "guest") return null;
  const profile = await fetchProfile(me.value.id);
  if (!profile.ok) return me.value;
  const { stats, matches } = profile.value;
  return (stats?.played ?? 0) > 0 || (matches?.length ?? 0) > 0 ? me.value : null;
}

/** After signing in: the account's name is this device's name from now on. */
export function adoptAccount(player: Me | null): void {
  if (!player) return;
  markSynced(player.name);
  saveName(player.name);
  // A name refused as an account's is no problem for that account.
  nameRefusal.set(null);
}

/** The question before a guest with matches signs in (null: nobody to ask about). */
export function LeaveGuestQuestion(props: { guest: Me | null; onCancel: () => void; onConfirm: () => void }) {
  const ui = useUi();
  const t = playerTexts(ui.lang);
  if (!props.guest) return null;
  return (
    <ConfirmDialog
      open
      title={t("leaveGuestTitle", { name: props.guest.name })}
      text={t("leaveGuestText", { name: props.guest.name })}
      cancel={t("leaveGuestStay")}
      confirm={t("signIn")}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}

/**
 * "Mit Passkey anmelden" with its outcome beside it; nothing at an address without a host name. `lead` stands before
 * the button ("Schon ein Konto?").
 */
export function PasskeySignIn({ lead, onSignedIn }: { lead?: string; onSignedIn?: (player: Me) => void }) {
  const ui = useUi();
  const t = playerTexts(ui.lang);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; problem: boolean } | null>(null);
  const [leaving, setLeaving] = useState<Me | null>(null);
  if (addressWithoutName()) return null;
  const signIn = async () => {
    setLeaving(null);
    setBusy(true);
    const answer = await signInWithPasskey();
    setBusy(false);
    if (!answer.ok) return setNote({ text: problemText(ui.lang, answer.error.code), problem: true });
    adoptAccount(answer.value);
    if (!answer.value) return;
    setNote({ text: t("signedIn", { name: answer.value.name }), problem: false });
    onSignedIn?.(answer.value);
  };
  const start = async () => {
    setNote(null);
    setBusy(true);
    const guest = await guestWithMatches();
    setBusy(false);
    if (guest) setLeaving(guest);
    else void signIn();
  };
  return (
    <div class="passkey-offer" data-passkey-offer>
      <p>
        {lead ? <>{lead} </> : null}
        <button type="button" class="btn" data-action="passkey-sign-in" disabled={busy} onClick={() => void start()}>
          {t("signIn")}
        </button>
      </p>
      {note ? (
        <p class={note.problem ? "form__problem" : "note"} role={note.problem ? "alert" : "status"} data-note>
          {note.text}
        </p>
      ) : null}
      <LeaveGuestQuestion guest={leaving} onCancel={() => setLeaving(null)} onConfirm={() => void signIn()} />
    </div>
  );
}
