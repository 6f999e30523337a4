/** A table's recent events per version, for clients resuming with `lastVersion`; at most `size` versions. */
import { eventsJson } from "./messages.js";
import type { VersionedEvent } from "./protocol.js";

export class ReplayBuffer {
  /** Events per version, newest last. */
  private readonly versions: { v: number; events: VersionedEvent[] }[] = [];
  /** The last answer's events as JSON, shared by everyone resuming from the same version. */
  private cached: { from: number; to: number; json: string } | null = null;

  constructor(private readonly size: number) {}

  /** Adds versions `from`+1 .. `to` with their events. */
  add(from: number, to: number, events: readonly VersionedEvent[]): void {
    for (let v = from + 1; v <= to; v++) this.versions.push({ v, events: events.filter((e) => e.v === v) });
    while (this.versions.length > this.size) this.versions.shift();
  }

  /** Whether every event after version `from` (up to `now`) is still held. */
  holds(from: number, now: number): boolean {
    const first = this.versions[0]?.v ?? now + 1;
    return from <= now && from >= first - 1;
  }

  /** The events after `from` up to `to` (the newest version), as JSON. */
  since(from: number, to: number): string {
    if (this.cached?.from !== from || this.cached.to !== to) {
      const json = eventsJson(this.versions.filter((b) => b.v > from).flatMap((b) => b.events));
      this.cached = { from, to, json };
    }
    return this.cached.json;
  }

  /** The current round's events, when the buffer still holds all of them. */
  roundEvents(): VersionedEvent[] {
    for (let i = this.versions.length - 1; i >= 0; i--) {
      const events = this.versions[i]!.events;
      if (events.some((e) => e.event.type === "roundStarted" || e.event.type === "matchStarted")) {
        return this.versions.slice(i).flatMap((b) => b.events);
      }
    }
    return [];
  }
}
