import "../styles/pages.css";
import "./players.css";
import { useEffect, useState } from "preact/hooks";
import { ensurePlayer, saveName } from "../player-name.js";
import { ConfirmDialog } from "../screens/confirm-dialog.js";
import { useUi } from "../ui.js";
import { type ApiResult, type Me, deleteAccount, registerPasskey, signInWithPasskey, signOut } from "./api.js";
import { markSynced } from "./session.js";
import { playerTexts, problemText } from "./texts.js";

/**
 * The "Konto" page: who this device plays as; keep the account with a passkey, sign in with one (another device),
 * sign out, open one's profile, delete the account.
 */
/**
 * A browser offers passkeys only for a site with a host name: at an IP address (a server reached as 127.0.0.1, say)
 * the buttons could only fail. The same server on this machine is also "localhost" (with its own guest there).
 */
function addressWithoutName(): { host: string; named: string | null } | null {
  const host = location.hostname;
  if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]*\])$/i.test(host)) return null;
  const loopback = /^(127\.\d+\.\d+\.\d+|\[::1\])$/.test(host);
  return {
    host,
    named: loopback ? `${location.protocol}//localhost${location.port ? `:${location.port}` : ""}/#/account` : null,
  };
}

export function AccountPage({ onMenu }: { onMenu: () => void }) {
  const ui = useUi();
  const t = playerTexts(ui.lang);
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; problem: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
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
    if (player) {
      markSynced(player.name);
      saveName(player.name);
    }
    return t("signedIn", { name: player?.name ?? "" });
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
          <p data-me="none">{t("noPlayer")}</p>
        ) : (
          <p data-me={me.id}>
            <strong class="account__name">{t("accountOf", { name: me.name })}</strong>
            {" · "}
            <span data-kind={me.kind}>{me.kind === "account" ? t("accountKind") : t("guest")}</span>
          </p>
        )}
        {me?.kind !== "account" ? <p class="note">{t("accountIntro")}</p> : null}
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
              onClick={() => void act(registerPasskey, () => t("kept"))}
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
              onClick={() => void act(signInWithPasskey, signedIn)}
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
              onClick={() => void act(signOut, () => t("signedOut"))}
            >
              {t("signOut")}
            </button>
          ) : null}
          {me ? (
            <button type="button" class="btn" data-action="delete-account" onClick={() => setAsking(true)}>
              {t("deleteAccount")}
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
        open={asking}
        title={t("deleteTitle")}
        text={t("deleteText")}
        cancel={t("deleteKeep")}
        confirm={t("deleteConfirm")}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void act(
            async () => {
              const gone = await deleteAccount();
              return gone.ok ? { ok: true, value: null } : gone;
            },
            () => t("deleted"),
          );
        }}
      />
    </main>
  );
}
