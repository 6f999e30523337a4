import "../styles/pages.css";
import "./players.css";
import { useEffect, useState } from "preact/hooks";
import { ensurePlayer, forgetName } from "../player-name.js";
import { ConfirmDialog } from "../screens/confirm-dialog.js";
import { useUi } from "../ui.js";
import { type ApiResult, type Me, deleteAccount, registerPasskey, signInWithPasskey, signOut } from "./api.js";
import { addressWithoutName, adoptAccount, guestWithMatches } from "./passkey-sign-in.js";
import { playerTexts, problemText } from "./texts.js";

/**
 * The "Konto" page: who this device plays as; make the guest an account with a passkey, sign in with one (another
 * device), sign out, open one's profile, delete the player. Signing out or deleting forgets the name on this device;
 * a guest who has played is asked first, before signing out or in (that guest stays behind for good).
 */

/** What the page asks before it acts (the name: the guest's). */
type Question = { kind: "delete" } | { kind: "signOut"; name: string } | { kind: "signIn"; name: string };

export function AccountPage({ onMenu }: { onMenu: () => void }) {
  const ui = useUi();
  const t = playerTexts(ui.lang);
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; problem: boolean } | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const ipAddress = addressWithoutName();

  useEffect(() => {
    void ensurePlayer().then(setMe);
  }, []);

  /** Runs a request; on success shows `done` and takes the player it answers with. */
  const act = async (run: () => Promise<ApiResult<Me | null>>, done: (player: Me | null) => string) => {
    setBusy(true);
    setNote(null);
    const answer = await run();
    setBusy(false);
    if (!answer.ok) return setNote({ text: problemText(ui.lang, answer.error.code), problem: true });
    setMe(answer.value);
    setNote({ text: done(answer.value), problem: false });
  };

  const signedIn = (player: Me | null) => {
    // The account's name is this device's name from now on.
    adoptAccount(player);
    return t("signedIn", { name: player?.name ?? "" });
  };
  // Gone from this device: the start page asks for a name again, and nothing is made until one is chosen.
  const signedOut = () => (forgetName(), t("signedOut"));
  const keep = () => void act(registerPasskey, () => t("kept"));

  /** Signing out or in leaves a guest who has played behind: asked first. */
  const leaving = async (kind: "signOut" | "signIn") => {
    setBusy(true);
    setNote(null);
    const guest = me?.kind === "guest" ? await guestWithMatches() : null;
    setBusy(false);
    if (guest) setQuestion({ kind, name: guest.name });
    else if (kind === "signOut") void act(signOut, signedOut);
    else void act(signInWithPasskey, signedIn);
  };
  const guest = me?.kind === "guest";
  const asked = question ?? { kind: "delete" };
  const dialog =
    asked.kind === "delete"
      ? {
          title: t(guest ? "deleteGuestTitle" : "deleteTitle"),
          text: t(guest ? "deleteGuestText" : "deleteText"),
          cancel: t("deleteKeep"),
          confirm: t("deleteConfirm"),
          other: null,
          go: () =>
            void act(
              async () => {
                const gone = await deleteAccount();
                return gone.ok ? { ok: true, value: null } : gone;
              },
              () => (forgetName(), t(guest ? "deletedGuest" : "deleted")),
            ),
        }
      : asked.kind === "signOut"
        ? {
            title: t("signOutGuestTitle"),
            text: t("signOutGuestText", { name: asked.name }),
            cancel: t("signOutStay"),
            confirm: t("signOutAnyway"),
            other: ipAddress ? null : { label: t("signOutKeepFirst"), action: "keep-account-first", onClick: keep },
            go: () => void act(signOut, signedOut),
          }
        : {
            title: t("leaveGuestTitle", { name: asked.name }),
            text: t("leaveGuestText", { name: asked.name }),
            cancel: t("leaveGuestStay"),
            confirm: t("signIn"),
            other: null,
            go: () => void act(signInWithPasskey, signedIn),
          };

  return (
    <main
      id="main"
      class="page account"
      tabIndex={-1}
      data-account={me === undefined ? "loading" : (me?.kind ?? "none")}
    >
      <button type="button" class="btn btn--ghost" onClick={onMenu}>
        ← {ui.tr("menu")}
      </button>
      <h1>{t("account")}</h1>
      <section class="panel">
        {me === undefined ? (
          <p>{t("loading")}</p>
        ) : me === null ? (
          <>
            <p data-me="none">{t("noPlayer")}</p>
            <p class="note">{t("noPlayerIntro")}</p>
          </>
        ) : (
          <p data-me={me.id}>
            <strong class="account__name">{t("accountOf", { name: me.name })}</strong>
            {" · "}
            <span data-kind={me.kind}>{me.kind === "account" ? t("accountKind") : t("guest")}</span>
          </p>
        )}
        {guest ? <p class="note">{t("accountIntro")}</p> : null}
        {me?.kind === "account" ? (
          <p class="note" data-other-devices>
            {t("otherDevices")}
          </p>
        ) : null}
        {ipAddress && me?.kind !== "account" ? (
          <p class="note" data-passkey-address={ipAddress.host}>
            {t("passkeyNeedsName", { host: ipAddress.host })}
            {ipAddress.named ? (
              <>
                {" "}
                <a href={ipAddress.named}>{t("passkeyTryName", { url: ipAddress.named.replace(/\/#.*$/, "") })}</a>
              </>
            ) : null}
          </p>
        ) : null}
        <div class="account__buttons">
          {me?.kind === "guest" ? (
            <button
              type="button"
              class="btn btn--primary"
              data-action="keep-account"
              disabled={busy || ipAddress !== null}
              onClick={keep}
            >
              {t("keepAccount")}
            </button>
          ) : null}
          {me?.kind !== "account" ? (
            <button
              type="button"
              class="btn"
              data-action="passkey-sign-in"
              disabled={busy || ipAddress !== null}
              onClick={() => void leaving("signIn")}
            >
              {t("signIn")}
            </button>
          ) : null}
          {me ? (
            <a class="btn" href={`#/player/${encodeURIComponent(me.id)}`} data-action="my-profile">
              {t("myProfile")}
            </a>
          ) : null}
          {me ? (
            <button
              type="button"
              class="btn"
              data-action="sign-out"
              disabled={busy}
              onClick={() => void (guest ? leaving("signOut") : act(signOut, signedOut))}
            >
              {t("signOut")}
            </button>
          ) : null}
          {me ? (
            <button
              type="button"
              class="btn"
              data-action="delete-account"
              onClick={() => setQuestion({ kind: "delete" })}
            >
              {t(guest ? "deleteGuest" : "deleteAccount")}
            </button>
          ) : null}
        </div>
        {note ? (
          <p class={note.problem ? "form__problem" : "note"} role={note.problem ? "alert" : "status"} data-note>
            {note.text}
          </p>
        ) : null}
      </section>
      <ConfirmDialog
        open={question !== null}
        title={dialog.title}
        text={dialog.text}
        cancel={dialog.cancel}
        confirm={dialog.confirm}
        other={dialog.other && { ...dialog.other, onClick: () => (setQuestion(null), dialog.other?.onClick()) }}
        onCancel={() => setQuestion(null)}
        onConfirm={() => (setQuestion(null), dialog.go())}
      />
    </main>
  );
}
