import type { Card } from "@schwimmen/rules";
import type { JSX } from "preact";
import { CardFace } from "../cards/card-face.js";
import { cardLabel } from "../cards/names.js";
import type { Faces, Lang } from "../settings.js";
import type { DragHandlers } from "./drag.js";

export interface CardButtonProps {
  readonly card: Card;
  /** Its place in a row where a card may be there twice (two decks): the hidden deal's "h0".."p1". */
  readonly slot?: string;
  readonly faces: Faces;
  readonly lang: Lang;
  readonly selected?: boolean;
  readonly disabled?: boolean;
  /** Extra words for screen readers, e.g. "hand card 1". */
  readonly place?: string;
  readonly onPick?: () => void;
  /** Pointer handlers that let this card be dragged (hand cards while a swap is legal). */
  readonly drag?: DragHandlers;
  readonly keyHint?: string;
  readonly onKeyDown?: (event: JSX.TargetedKeyboardEvent<HTMLButtonElement>) => void;
}

/** One face-up card that can be picked (a button named after the card) and dragged onto another. */
export function CardButton(props: CardButtonProps) {
  const { card, faces, lang, selected = false, disabled = false } = props;
  // The key number printed on the card is part of its name, so what is seen is also what is announced.
  const name = [cardLabel(card, lang, faces), props.place, props.keyHint].filter(Boolean).join(", ");
  return (
    <button
      type="button"
      class={`card${selected ? " card--selected" : ""}`}
      data-card={card}
      data-slot={props.slot}
      aria-label={name}
      aria-keyshortcuts={props.keyHint}
      aria-pressed={props.onPick ? selected : undefined}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (props.drag?.swallowClick()) return;
        if (!disabled) props.onPick?.();
      }}
      onKeyDown={props.onKeyDown}
      onPointerDown={props.drag && !disabled ? props.drag.onPointerDown : undefined}
      onPointerMove={props.drag?.onPointerMove}
      onPointerUp={props.drag?.onPointerUp}
      onPointerCancel={props.drag?.onPointerCancel}
    >
      <CardFace card={card} faces={faces} lang={lang} />
      {props.keyHint ? (
        <span class="card__key" aria-hidden="true">
          {props.keyHint}
        </span>
      ) : null}
    </button>
  );
}

/** A card face down (another seat's hand, the stock): a picture only. */
export function CardBack({ small = false }: { small?: boolean }) {
  return (
    <span class={`card card--back${small ? " card--small" : ""}`} aria-hidden="true">
      <CardFace card={null} faces="french" lang="en" />
    </span>
  );
}

/** A face-up card that is only shown (round results, replays). */
export function CardShown({
  card,
  faces,
  lang,
  small = false,
}: {
  card: Card;
  faces: Faces;
  lang: Lang;
  small?: boolean;
}) {
  return (
    <span
      class={`card card--shown${small ? " card--small" : ""}`}
      data-card={card}
      role="img"
      aria-label={cardLabel(card, lang, faces)}
    >
      <CardFace card={card} faces={faces} lang={lang} />
    </span>
  );
}
