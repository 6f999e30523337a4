import type { Action, Move } from "@schwimmen/rules";
import type { Ui } from "../ui.js";

interface ActionsProps {
  readonly legal: readonly Action[];
  readonly ui: Ui;
  readonly act: (move: Move) => void;
  readonly hint: (() => void) | null;
  readonly hintText: string | null;
  readonly prompt: string | null;
  /** A hidden deal: the legal `passOn` of the two cards picked, null until two are picked. */
  readonly passOn?: Move | null;
  /** The moves are shown but cannot be made now (online: the connection is down; the prompt says so). */
  readonly blocked?: boolean;
}

const has = (legal: readonly Action[], type: Action["type"]) => legal.some((a) => a.type === type);

/** The buttons of exactly the legal actions (the page knows no rules of its own). */
export function Actions({ legal, ui, act, hint, hintText, prompt, passOn = null, blocked = false }: ActionsProps) {
  const choose = legal.filter((a): a is Extract<Action, { type: "choose" }> => a.type === "choose");
  return (
    <section class="actions" aria-label={ui.tr("actions")}>
      {/* One place above the buttons for what to do: the hint once asked for, the prompt otherwise. */}
      <div class="actions__say">
        {prompt && !hintText ? (
          <p class="actions__prompt" id="action-prompt">
            {prompt}
          </p>
        ) : null}
        <p class="hint-line" aria-live="polite">
          {hintText ?? ""}
        </p>
      </div>
      <div class="actions__buttons">
        {choose.map((a) => (
          <button
            type="button"
            class="btn btn--primary"
            data-action={`choose-${a.packet}`}
            disabled={blocked}
            onClick={() => act({ type: "choose", packet: a.packet })}
          >
            {ui.tr(a.packet === "first" ? "chooseFirst" : "chooseSecond")}
          </button>
        ))}
        {has(legal, "redeal") ? (
          <button
            type="button"
            class="btn"
            data-action="redeal"
            disabled={blocked}
            onClick={() => act({ type: "redeal" })}
          >
            {ui.tr("redeal")}
          </button>
        ) : null}
        {has(legal, "swapAll") ? (
          <button
            type="button"
            class="btn"
            data-action="swapAll"
            aria-keyshortcuts="A"
            disabled={blocked}
            onClick={() => act({ type: "swapAll" })}
          >
            {ui.tr("swapAll")}
          </button>
        ) : null}
        {has(legal, "pass") ? (
          <button
            type="button"
            class="btn"
            data-action="pass"
            aria-keyshortcuts="P"
            disabled={blocked}
            onClick={() => act({ type: "pass" })}
          >
            {ui.tr("pass")}
          </button>
        ) : null}
        {has(legal, "passOn") ? (
          <button
            type="button"
            class="btn btn--primary"
            data-action="passOn"
            aria-keyshortcuts="W"
            aria-describedby={prompt ? "action-prompt" : undefined}
            disabled={blocked || passOn === null}
            onClick={() => passOn && act(passOn)}
          >
            {ui.tr("passOnButton")}
          </button>
        ) : null}
        {has(legal, "knock") ? (
          <button
            type="button"
            class="btn btn--knock"
            data-action="knock"
            aria-keyshortcuts="K"
            disabled={blocked}
            onClick={() => act({ type: "knock" })}
          >
            {ui.tr("knock")}
          </button>
        ) : null}
        {hint && legal.length > 0 ? (
          <button type="button" class="btn btn--ghost" data-action="hint" aria-keyshortcuts="H" onClick={hint}>
            {ui.tr("hint")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
