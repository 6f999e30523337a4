import { botNames } from "@schwimmen/bots";
import { useEffect, useMemo, useState } from "preact/hooks";
import { botAsk } from "../game/bot-client.js";
import { createLocalGame } from "../game/local-game.js";
import { clearSavedMatch, loadSavedMatch, storeSavedMatch } from "../game/saved-match.js";
import { openReplay } from "../game/replay-link.js";
import { fullRules } from "../presets.js";
import { SPEED_DELAY_MS, settings } from "../settings.js";
import { TableScreen } from "../table/table-screen.js";
import { useUi } from "../ui.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { loadLocalLedger, storeLocalLedger } from "../stakes/local-ledger.js";
import { stakeSettings } from "../stakes/stake-settings.js";
import { levelsFor } from "./start.js";

/** Marks the history entry pushed over the table's own, so that the browser's Back first asks. */
const GUARD = "schwimmenLocalGuard";

const guarded = () => (history.state as Record<string, unknown> | null)?.[GUARD] === true;

/**
 * A match against the computer: the one kept in the page if there is one, else a new one from the start page's
 * settings. Leaving a running match by "Menu" or the browser's Back asks first; the match stays kept either way.
 */
export function LocalTable({ onMenu }: { onMenu: () => void }) {
  const ui = useUi();
  const game = useMemo(() => {
    const current = settings.get();
    const rules = fullRules(current.rules);
    const levels = levelsFor(current.levels, current.seats);
    const names = [current.name, ...botNames(current.name, levels.length)];
    return createLocalGame({
      rules,
      names,
      levels,
      delay: () => SPEED_DELAY_MS[settings.get().speed],
      ask: botAsk(),
      resume: loadSavedMatch(),
      save: (match) => (match ? storeSavedMatch(match) : clearSavedMatch()),
      ...stakeSettings.get(),
      ledger: { load: loadLocalLedger, save: storeLocalLedger },
    });
  }, []);
  useEffect(() => () => game.dispose(), [game]);
  const running = () => {
    const { view } = game.store.get();
    return view !== null && !view.over;
  };
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!guarded()) history.pushState({ [GUARD]: true }, "");
    const onBack = () => {
      // Only Back from the guard entry to the table's own address; other moves change the screen anyway.
      if (!location.hash.startsWith("#/play") || guarded()) return;
      if (!running()) return history.back();
      history.pushState({ [GUARD]: true }, "");
      setAsking(true);
    };
    addEventListener("popstate", onBack);
    return () => removeEventListener("popstate", onBack);
  }, []);

  return (
    <>
      <TableScreen
        game={game}
        onMenu={() => (running() ? setAsking(true) : onMenu())}
        onReplay={(record) => openReplay(record)}
      />
      <ConfirmDialog
        open={asking}
        title={ui.tr("leaveTitle")}
        text={ui.tr("leaveText")}
        cancel={ui.tr("leaveStay")}
        confirm={ui.tr("leaveGo")}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onMenu();
        }}
      />
    </>
  );
}
