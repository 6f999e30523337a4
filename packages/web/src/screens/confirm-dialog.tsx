import "../styles/dialog.css";
import { useEffect, useRef } from "preact/hooks";

interface ConfirmProps {
  readonly open: boolean;
  readonly title: string;
  readonly text: string;
  /** The safe choice: it has the focus when the question opens, and Escape picks it. */
  readonly cancel: string;
  readonly confirm: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  /** A third way, between the two (its `action` names it in `data-action`). */
  readonly other?: { readonly label: string; readonly action: string; readonly onClick: () => void } | null;
}

/**
 * A question in a modal dialog (the browser's own `<dialog>`: focus stays inside, Escape cancels, and the focus goes
 * back where it was when it closes). It stays in the page and only opens and closes.
 */
export function ConfirmDialog({ open, title, text, cancel, confirm, onCancel, onConfirm, other }: ConfirmProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      stay.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      class="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      // The table's keys (K knocks...) must not act behind the question.
      onKeyDown={(event) => event.stopPropagation()}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{text}</p>
      <div class="confirm__buttons">
        <button type="button" class="btn btn--primary" data-action="stay" ref={stay} onClick={onCancel}>
          {cancel}
        </button>
        {other ? (
          <button type="button" class="btn" data-action={other.action} onClick={other.onClick}>
            {other.label}
          </button>
        ) : null}
        <button type="button" class="btn" data-action="leave" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
