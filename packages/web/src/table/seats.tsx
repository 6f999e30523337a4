import type { TableView } from "@schwimmen/rules";
import { useEffect, useRef, useState } from "preact/hooks";
import type { SeatInfo } from "../game/model.js";
import type { Ui } from "../ui.js";
import { CardBack } from "./card-button.js";
import { PacketMark } from "./packet.js";
import { SeatName } from "./seat-name.js";
import { useTabFit } from "./tab-fit.js";

/** Lives as coins; a swimming seat shows a wave instead. */
export function Lives({
  lives,
  status,
  ui,
  compact = false,
}: {
  lives: number;
  status: string;
  ui: Ui;
  compact?: boolean;
}) {
  const label =
    status === "out"
      ? ui.tr("out")
      : status === "swimming"
        ? ui.tr("swimming")
        : lives === 1
          ? ui.tr("life")
          : ui.tr("lives", { n: lives });
  return (
    <span class="lives" role="img" aria-label={label} title={label}>
      {status === "swimming" ? (
        <svg class="wave" viewBox="0 0 40 16" aria-hidden="true">
          <path
            d="M2 10C7 4 11 4 15 10S23 16 27 10 35 4 38 10"
            fill="none"
            stroke="#7fd3ff"
            stroke-width="3"
            stroke-linecap="round"
          />
        </svg>
      ) : null}
      {/* A small chip at a big table: one coin and the number, when there are more than three. */}
      {compact && lives > 3 ? (
        <>
          <span class="coin" aria-hidden="true" />
          <span class="lives__count" aria-hidden="true">
            ×{lives}
          </span>
        </>
      ) : (
        Array.from({ length: lives }, () => <span class="coin" aria-hidden="true" />)
      )}
      {status !== "alive" ? <span class={`lives__word lives__word--${status}`}>{label}</span> : null}
    </span>
  );
}

function Countdown({ deadline, ui }: { deadline: number; ui: Ui }) {
  // The tick only redraws; the time is read at each drawing, so a new deadline (a new turn, a resync) never shows
  // against the time of an older tick (which read "61s").
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(id);
  }, [deadline]);
  const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  return (
    <span
      class={`timer${seconds <= 5 ? " timer--low" : ""}`}
      role="timer"
      aria-label={ui.tr("secondsLeft", { n: seconds })}
    >
      {seconds}s
    </span>
  );
}

/** A tab on a chip's edge in its long word, with the short one the styles show where the long does not fit. */
function Tab({ kind, long, short }: { kind: "dealer" | "knock"; long: string; short: string }) {
  return (
    <span class={`badge badge--${kind}`} title={long}>
      <span class="badge__long">{long}</span>
      <span class="badge__short" aria-hidden="true">
        {short}
      </span>
    </span>
  );
}

interface SeatProps {
  readonly seat: number;
  readonly view: TableView;
  readonly info: SeatInfo | undefined;
  readonly self: boolean;
  readonly deadline: number | null;
  readonly ui: Ui;
}

export function SeatBox({ seat, view, info, self, deadline, ui }: SeatProps) {
  const status = view.status[seat] ?? "alive";
  const turn = view.toAct === seat;
  const name = info?.free ? ui.tr("freeSeat") : (info?.name ?? `#${seat + 1}`);
  const cards = self ? 0 : (view.handSizes[seat] ?? 0);
  const classes = [
    "seat",
    turn ? "seat--turn" : "",
    status === "out" ? "seat--out" : "",
    self ? "seat--self" : "",
  ].join(" ");
  const chip = useRef<HTMLLIElement>(null);
  useTabFit(chip);
  return (
    <li ref={chip} class={classes} aria-current={turn ? "true" : undefined} data-seat={seat}>
      <div class="seat__top">
        <span class="seat__name">
          {info?.player && !info.free ? (
            // A new tab: looking at a profile does not leave the table.
            <a class="seat__link" href={`#/player/${info.player}`} target="_blank" data-profile-link={info.player}>
              <SeatName name={name} />
            </a>
          ) : (
            <SeatName name={name} />
          )}
          {self ? <span class="sr-only"> ({ui.tr("you")})</span> : null}
        </span>
        {info?.bot ? <span class="seat__level">{ui.tr(`level_${info.bot}` as "level_random")}</span> : null}
        {/* Away says more than offline (the computer plays the seat): one word, which fits the chip. */}
        {info?.away || (info?.connected === false && !info.free) ? (
          <span class="badge badge--off seat__state" data-seat-state={info.away ? "away" : "offline"}>
            {ui.tr(info.away ? "away" : "offline")}
          </span>
        ) : null}
      </div>
      <div class="seat__row">
        <Lives lives={view.lives[seat] ?? 0} status={status} ui={ui} compact={!self && view.seatCount > 12} />
        {/* Your own packet lies face up on the felt while you hold it; at another seat the mark stands in for its
            cards (three each in a hidden deal, nothing to tell). */}
        {view.packetHolder === seat && !self ? (
          <PacketMark ui={ui} />
        ) : cards > 0 ? (
          <span class="seat__cards" role="img" aria-label={ui.tr("seatCards", { n: cards })}>
            {Array.from({ length: cards }, () => (
              <CardBack small />
            ))}
          </span>
        ) : null}
      </div>
      <div class="seat__badges">
        {/* On a phone's small chip, or where the long words do not fit side by side (tab-fit.ts), the short ones:
            the dealer's "G" (a dealer button) and "geklopft". */}
        {view.dealer === seat && view.round >= 0 ? (
          <Tab kind="dealer" long={ui.tr("dealer")} short={ui.tr("dealerShort")} />
        ) : null}
        {view.knocker === seat ? <Tab kind="knock" long={ui.tr("knocked")} short={ui.tr("knockedShort")} /> : null}
        {turn && deadline !== null ? <Countdown deadline={deadline} ui={ui} /> : null}
      </div>
    </li>
  );
}

/** Every other seat, in playing order from the viewer on. */
export function Opponents(props: {
  view: TableView;
  players: readonly SeatInfo[];
  me: number | null;
  deadline: number | null;
  ui: Ui;
}) {
  const { view, me } = props;
  const order: number[] = [];
  const start = me ?? 0;
  const step = view.rules.direction === "clockwise" ? 1 : view.seatCount - 1;
  for (let i = 0, seat = start; i < view.seatCount; i++, seat = (seat + step) % view.seatCount)
    if (seat !== me) order.push(seat);
  // A strip that scrolls keeps the seat to act (and with it the packet of a hidden deal) in sight.
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = strip.current;
    const turn = list?.querySelector<HTMLElement>("[aria-current]");
    if (!list || !turn || list.scrollHeight <= list.clientHeight) return;
    const top = turn.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + turn.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = Math.max(0, top - 8);
  }, [view.toAct, view.round]);
  // A strip that scrolls says how many chips lie out of sight ("11 weitere ▾", or ▴ when they are above): a cut row
  // alone was easy to miss.
  const [more, setMore] = useState<{ n: number; below: boolean } | null>(null);
  useEffect(() => {
    const list = strip.current;
    if (!list) return undefined;
    const count = () => {
      const box = list.getBoundingClientRect();
      let above = 0;
      let below = 0;
      for (const chip of list.children) {
        const r = chip.getBoundingClientRect();
        if (r.top >= box.bottom - 4) below++;
        else if (r.bottom <= box.top + 4) above++;
      }
      const n = above + below;
      setMore(list.scrollHeight > list.clientHeight + 1 && n > 0 ? { n, below: below > 0 } : null);
    };
    count();
    const resized = new ResizeObserver(count);
    resized.observe(list);
    list.addEventListener("scroll", count, { passive: true });
    return () => {
      resized.disconnect();
      list.removeEventListener("scroll", count);
    };
  }, [order.length]);
  const crowd = order.length > 11 ? " seats--many seats--huge" : order.length > 8 ? " seats--many" : "";
  return (
    <ul
      ref={strip}
      class={`seats${order.length > 5 ? " seats--crowded" : ""}${crowd}`}
      aria-label={props.ui.tr("seats")}
      data-count={order.length}
      data-more={more ? `${props.ui.tr("moreSeats", { n: more.n })} ${more.below ? "▾" : "▴"}` : undefined}
    >
      {order.map((seat) => (
        <SeatBox
          seat={seat}
          view={view}
          info={props.players[seat]}
          self={false}
          deadline={props.deadline}
          ui={props.ui}
        />
      ))}
    </ul>
  );
}
