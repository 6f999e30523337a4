import "./stakes.css";
import { LOT_PASS_MS, highestOf, lotShowMs } from "@schwimmen/rules";
import { useEffect, useState } from "preact/hooks";
import type { GameController } from "../game/model.js";
import { reducedMotion } from "../motion.js";
import { useStore } from "../store.js";
import { CardShown } from "../table/card-button.js";
import type { Ui } from "../ui.js";
import { stakeText } from "./texts.js";

/**
 * The first dealer's lot as a short show over the table: each seat's card turns up, the highest is marked; ties
 * draw again; then who deals. Once per lot, for as long as the first deal waits for it (`lotShowMs`). With reduced
 * motion nothing turns: the last pass is shown at once, for the same time.
 */
export function LotShow({ game, ui }: { game: GameController; ui: Ui }) {
  const { lot, players } = useStore(game.store);
  const [shown, setShown] = useState<number | null>(null);
  const [pass, setPass] = useState(0);
  useEffect(() => {
    if (!lot) return;
    setShown(lot.key);
    const still = reducedMotion();
    setPass(still ? lot.draws.length - 1 : 0);
    // Each pass in turn, then who deals (the first deal waits for it: lotShowMs).
    const timers = still ? [] : lot.draws.map((_, i) => setTimeout(() => setPass(i), i * LOT_PASS_MS));
    timers.push(setTimeout(() => setShown(null), lotShowMs(lot)));
    return () => timers.forEach(clearTimeout);
  }, [lot?.key]);
  if (!lot) return null;
  const dealerName = players[lot.dealer]?.name ?? `#${lot.dealer + 1}`;
  const line = stakeText(ui.lang, "lotDealer", { name: dealerName });
  if (shown !== lot.key) {
    return (
      <p class="sr-only" role="status">
        {line}
      </p>
    );
  }
  const draw = lot.draws[Math.min(pass, lot.draws.length - 1)]!;
  const best = new Set(highestOf(draw));
  const last = pass >= lot.draws.length - 1;
  return (
    <div class="lot" data-lot={lot.key} data-dealer={lot.dealer}>
      <p class="lot__title">{stakeText(ui.lang, pass > 0 ? "lotAgain" : "lotTitle")}</p>
      <ul class="lot__cards">
        {draw.seats.map((seat, i) => (
          <li class={best.has(seat) ? "lot__seat lot__seat--best" : "lot__seat"} key={`${pass}-${seat}`}>
            <CardShown card={draw.cards[i]!} faces={ui.faces} lang={ui.lang} small={draw.seats.length > 6} />
            <span class="lot__name">{players[seat]?.name ?? `#${seat + 1}`}</span>
          </li>
        ))}
      </ul>
      <p class="lot__dealer" role="status">
        {last ? line : ""}
      </p>
    </div>
  );
}
