import { useEffect, useMemo } from "preact/hooks";
import { botAsk } from "../game/bot-client.js";
import { createLocalGame } from "../game/local-game.js";
import { fullRules } from "../presets.js";
import { SPEED_DELAY_MS, settings } from "../settings.js";
import { TableScreen } from "../table/table-screen.js";
import { levelsFor } from "./start.js";

const BOT_NAMES = ["Lena", "Tom", "Anna", "Jonas", "Mia", "Paul", "Emma", "Finn"];

/** A match against the computer, built from the start page's settings. */
export function LocalTable({ onMenu }: { onMenu: () => void }) {
  const game = useMemo(() => {
    const current = settings.get();
    const rules = fullRules(current.rules);
    const levels = levelsFor(current.levels, current.seats);
    const names = [current.name, ...levels.map((_, i) => BOT_NAMES[i] ?? `#${i + 2}`)];
    return createLocalGame({ rules, names, levels, delay: () => SPEED_DELAY_MS[settings.get().speed], ask: botAsk() });
  }, []);
  useEffect(() => () => game.dispose(), [game]);
  const openReplay = (record: unknown) => {
    sessionStorage.setItem("schwimmen.replay", JSON.stringify(record));
    location.hash = "#/replay";
  };
  return <TableScreen game={game} onMenu={onMenu} onReplay={openReplay} />;
}
