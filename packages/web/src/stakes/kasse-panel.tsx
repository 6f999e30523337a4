import "./stakes.css";
import { ledgerCsv, moneyText as money } from "@schwimmen/rules";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { GameController, SeatInfo } from "../game/model.js";
import { useStore } from "../store.js";
import type { Ui } from "../ui.js";
import type { KasseView } from "./kasse.js";
import { nameList, stakeText } from "./texts.js";

type T = (key: Parameters<typeof stakeText>[1], values?: Record<string, string | number>) => string;
const texts =
  (ui: Ui): T =>
  (key, values) =>
    stakeText(ui.lang, key, values);

/** Every player's balance over the evening, the best first; the person's own row is marked. */
function Totals({ kasse, me, ui }: { kasse: KasseView; me: string | null; ui: Ui }) {
  const t = texts(ui);
  const last = kasse.rows[kasse.rows.length - 1];
  const sorted = [...kasse.totals].sort((a, b) => b.cents - a.cents);
  return (
    <table class="kasse__table">
      <thead>
        <tr>
          <th scope="col">{t("player")}</th>
          {/* The last match settled, by its number: while the next one runs, its pot is not in the table yet. */}
          {last ? <th scope="col">{t("matchN", { n: kasse.rows.length })}</th> : null}
          <th scope="col">{t("total")}</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((total) => {
          const seat = last ? last.players.indexOf(total.name) : -1;
          const cls = total.cents > 0 ? "kasse__plus" : total.cents < 0 ? "kasse__minus" : "";
          return (
            <tr class={total.name === me ? "kasse__me" : undefined} data-player={total.name}>
              <th scope="row">{total.name === me ? `${total.name} (${t("you")})` : total.name}</th>
              {last ? <td>{seat < 0 ? "–" : money(last.balance[seat] ?? 0, ui.lang, true)}</td> : null}
              <td class={cls} data-cents={total.cents}>
                {money(total.cents, ui.lang, true)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Offers the whole Kasse as a CSV file: the server's address online, a file made in the page locally. */
function CsvLink({ kasse, ui }: { kasse: KasseView; ui: Ui }) {
  const [href, setHref] = useState<string | null>(kasse.csvUrl);
  useEffect(() => {
    // In German, the form a German spreadsheet reads (semicolons, a decimal comma).
    const form = ui.lang === "de" ? "de" : "plain";
    if (kasse.csvUrl !== null) return setHref(form === "de" ? `${kasse.csvUrl}?lang=de` : kasse.csvUrl);
    if (kasse.ledger === null) return setHref(null);
    const url = URL.createObjectURL(new Blob([ledgerCsv(kasse.ledger, form)], { type: "text/csv;charset=utf-8" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
    // A new file only when the ledger changed (the pot changes the Kasse object at every life lost).
  }, [kasse.csvUrl, kasse.ledger, ui.lang]);
  if (href === null) return null;
  return (
    <a class="btn" href={href} download="kasse.csv" data-action="kasse-csv">
      {texts(ui)("csv")}
    </a>
  );
}

/** The Kasse in a dialog, opened by a button: at the table on request and from the match's result. */
export function KasseButton({ game, ui, primary = false }: { game: GameController; ui: Ui; primary?: boolean }) {
  const model = useStore(game.store);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  const kasse = model.kasse;
  if (!kasse) return null;
  const t = texts(ui);
  const me = model.seat === null ? null : (model.players[model.seat]?.name ?? null);
  // With a stake the pot so far is on the button, as the coins lie on a pub's table.
  const pot = kasse.stake > 0 ? money(kasse.pot, ui.lang) : null;
  return (
    <>
      <button
        type="button"
        class={primary ? "btn" : "btn btn--ghost"}
        data-action="kasse"
        data-pot={kasse.pot}
        aria-haspopup="dialog"
        aria-label={pot === null ? undefined : `${t("kasse")}, ${t("pot", { pot })}`}
        title={pot === null ? undefined : t("pot", { pot })}
        onClick={() => setOpen(true)}
      >
        <span class={pot === null ? undefined : "kasse__label"}>{t("kasse")}</span>
        {pot === null ? null : (
          <span class="kasse-pot">
            <span class="kasse-pot__word" aria-hidden="true">
              {t("potWord")}
            </span>
            <span class="coin" aria-hidden="true" />
            {pot}
          </span>
        )}
      </button>
      <dialog
        ref={ref}
        class="confirm kasse"
        aria-labelledby={titleId}
        onKeyDown={(event) => event.stopPropagation()}
        onClose={() => setOpen(false)}
      >
        <h2 id={titleId}>{t("kasseTitle")}</h2>
        <p>{t("stakeLine", { stake: money(kasse.stake, ui.lang) })}</p>
        {pot === null ? null : <p class="kasse__pot">{t("pot", { pot })}</p>}
        {kasse.matches === 0 ? <p>{t("kasseEmpty")}</p> : <Totals kasse={kasse} me={me} ui={ui} />}
        <div class="confirm__buttons">
          {kasse.matches > 0 ? <CsvLink kasse={kasse} ui={ui} /> : null}
          {game.clearKasse && kasse.matches > 0 ? (
            <button type="button" class="btn" data-action="kasse-clear" onClick={() => game.clearKasse?.()}>
              {t("clearKasse")}
            </button>
          ) : null}
          <button type="button" class="btn btn--primary" data-action="kasse-close" onClick={() => setOpen(false)}>
            {t("close")}
          </button>
        </div>
      </dialog>
    </>
  );
}

/** At the match's end: who takes the pot, and the Kasse of the evening. */
export function KasseResult(props: { game: GameController; players: readonly SeatInfo[]; me: number | null; ui: Ui }) {
  const { game, players, me, ui } = props;
  const { kasse } = useStore(game.store);
  const row = kasse?.rows[kasse.rows.length - 1];
  if (!kasse || !row || kasse.stake <= 0) return null;
  const t = texts(ui);
  const pot = money(row.pot, ui.lang);
  const names = row.takers.map((seat) => row.players[seat] ?? players[seat]?.name ?? `#${seat + 1}`);
  const line =
    row.takers.length > 1
      ? t("potShared", { names: nameList(ui.lang, names), pot })
      : row.takers[0] === me
        ? t("potSelf", { pot })
        : t("potWinner", { name: names[0] ?? "", pot });
  const myName = me === null ? null : (players[me]?.name ?? null);
  return (
    <section class="kasse-result" aria-label={t("kasseTitle")} data-pot={row.pot}>
      <div class="kasse-result__head">
        <p class="kasse-result__pot">{line}</p>
        <KasseButton game={game} ui={ui} primary />
      </div>
      <Totals kasse={kasse} me={myName} ui={ui} />
    </section>
  );
}
