import type { Move, TableView } from "@schwimmen/rules";
import { answer } from "../src/game/bot-brain.js";
import type { GameController, TableModel } from "../src/game/model.js";

/** The bots, asked directly (no worker in tests). */
export const ask = async (request: Parameters<typeof answer>[0]) => answer(request);

/** The person may act now, or the round or the match is over. */
export const mayAct = (m: TableModel): boolean =>
  (m.view?.legal.length ?? 0) > 0 || m.view?.phase === "dealing" || m.view?.over === true;

/** Resolves with the model once it satisfies `done`, checking after every change. */
export function settled(game: GameController, done: (m: TableModel) => boolean = mayAct): Promise<TableModel> {
  return new Promise((resolve, reject) => {
    if (done(game.store.get())) return resolve(game.store.get());
    const timer = setTimeout(() => reject(new Error("timed out")), 30_000);
    const stop = game.store.subscribe((m) => {
      if (!done(m)) return;
      clearTimeout(timer);
      stop();
      resolve(m);
    });
  });
}

/**
 * Plays the person's side, knocking whenever allowed (else the first legal move) and dealing on, until `stop` holds
 * for the view; returns that view.
 */
export async function knockUntil(game: GameController, stop: (view: TableView) => boolean): Promise<TableView> {
  let view = (await settled(game)).view!;
  while (!stop(view)) {
    if (view.phase === "dealing") game.nextRound();
    else {
      const { seat: _s, ...move } = view.legal.find((a) => a.type === "knock") ?? view.legal[0]!;
      game.act(move as Move);
    }
    const before = view;
    view = (await settled(game, (m) => mayAct(m) && m.view !== before)).view!;
  }
  return view;
}
