/** Driving and waiting on a local game's model in unit tests. */
import type { Move, TableView } from "@schwimmen/rules";
import { answer } from "../src/game/bot-brain.js";
import type { GameController, TableModel } from "../src/game/model.js";

/** The bots, asked directly (no worker in tests). */
export const ask = async (request: Parameters<typeof answer>[0]) => answer(request);

/** The person may act now, or the round or the match is over. */
export const mayAct = (m: TableModel): boolean =>
  (m.view?.legal.length ?? 0) > 0 || m.view?.phase === "dealing" || m.view?.over === true;
export const myTurn = mayAct;

/** Resolves with the model once it satisfies `done`, checking after every change. */
export function until(
  store: { get(): TableModel; subscribe(f: (m: TableModel) => void): () => void },
  done: (m: TableModel) => boolean,
): Promise<TableModel> {
  return new Promise<TableModel>((resolve, reject) => {
    if (done(store.get())) return resolve(store.get());
    const timer = setTimeout(() => reject(new Error("timed out")), 30_000);
    const stop = store.subscribe((m) => {
      if (!done(m)) return;
      clearTimeout(timer);
      stop();
      resolve(m);
    });
  });
}

/** Resolves with the game's model once it satisfies `done` (by default: once the person may act). */
export const settled = (game: GameController, done: (m: TableModel) => boolean = mayAct): Promise<TableModel> =>
  until(game.store, done);

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
