/**
 * Slow readers: sockets that stop reading on a busy table must not make the server buffer without bound. They get
 * no pushes while behind and one sync when they have caught up, or are closed (4002) past the hard limit; a client
 * repeating the same resync gets the missed events once.
 */
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type Server, perTest, sleep } from "./dos-helpers.js";
import { TestClient, isState, type Msg } from "./helpers.js";

interface View {
  legal: Record<string, unknown>[];
  over: boolean;
}

const each = perTest();

/**
 * A table of `seats` where the host plays random legal moves at once and bots fill the other seats (no delay): the
 * busiest table there is. With `rematch` the host starts a new match whenever one ends.
 */
async function busyTable(s: Server, seats: number, rematch: boolean): Promise<{ host: TestClient; code: string }> {
  const host = await TestClient.open(s.url);
  const made = await host.request({
    type: "create",
    name: "Busy",
    playerName: "Host",
    seats,
    botLevel: "random",
    turnSeconds: 0,
    rules: { lives: 9 },
  });
  const code = (made.table as unknown as { code: string }).code;
  let acted = -1;
  host.onMessage = (m: Msg) => {
    if (!isState(m) || (m.version as number) <= acted) return;
    const view = m.view as unknown as View;
    if (view.over) {
      acted = m.version as number;
      if (rematch) host.sendRaw(JSON.stringify({ type: "rematch" }));
      return;
    }
    if (view.legal.length === 0) return;
    acted = m.version as number;
    const { seat: _seat, ...move } = view.legal[Math.floor(Math.random() * view.legal.length)]!;
    host.sendRaw(JSON.stringify({ type: "act", action: move }));
  };
  await host.request({ type: "start" });
  return { host, code };
}

/** A spectator whose socket stops reading once its watch is answered. */
async function slowSpectator(url: string, code: string): Promise<{ ws: WebSocket; frames: Msg[] }> {
  const ws = each.track(new WebSocket(url.replace(/^http/, "ws") + "/ws"));
  const frames: Msg[] = [];
  ws.on("message", (data) => frames.push(JSON.parse(data.toString()) as Msg));
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const answered = (re: number) =>
    new Promise<void>((resolve) => {
      const check = () => (frames.some((m) => m.re === re) ? resolve() : setTimeout(check, 5));
      check();
    });
  ws.send(JSON.stringify({ type: "hello", id: 1 }));
  await answered(1);
  ws.send(JSON.stringify({ type: "watch", id: 2, code }));
  await answered(2);
  ws.pause();
  return { ws, frames };
}

describe("slow readers", () => {
  it("20 spectators that stop reading on a busy table keep server buffers bounded; a fast one misses nothing", async () => {
    const slowBytes = 64 * 1024;
    const s = await each.start({ limits: { slowSocketBytes: slowBytes, maxSocketBytes: 8 * 1024 * 1024 } });
    const { host, code } = await busyTable(s, 9, true);
    const fast = await TestClient.open(s.url);
    const first = await fast.request({ type: "watch", code });
    const slow = await Promise.all(Array.from({ length: 20 }, () => slowSpectator(s.url, code)));

    let maxBuffered = 0;
    const startVersion = fast.latest!.version as number;
    // The kernel's socket buffers take the first few MB for each slow socket; wait until the server's own fill up.
    const deadline = Date.now() + 20_000;
    while (s.bufferedBytes() < 10 * slowBytes && Date.now() < deadline) await sleep(50);
    for (let t = 0; t < 100; t++) {
      await sleep(50);
      maxBuffered = Math.max(maxBuffered, s.bufferedBytes());
    }
    const played = (fast.latest!.version as number) - startVersion;
    // The table was busy: hundreds of versions, each pushed to 21 spectators.
    expect(played).toBeGreaterThan(200);
    // Bytes queued in the server stay bounded (before, every update was queued for every slow socket): each slow
    // socket holds at most the threshold plus the frame that crossed it.
    expect(maxBuffered).toBeLessThan(20 * (slowBytes + 32 * 1024));

    // The fast spectator got every update, in order, with no gap.
    const states = fast.messages.filter(isState);
    expect(states[0]).toBe(first);
    for (let i = 1; i < states.length; i++) {
      expect(states[i]!.type).toBe("update");
      expect(states[i]!.from).toBe(states[i - 1]!.version);
    }

    // A slow spectator that reads again gets one sync of the current state (no `re`), then updates from there.
    const { ws, frames } = slow[0]!;
    const seen = frames.length;
    ws.resume();
    const until = Date.now() + 10_000;
    while (Date.now() < until && !frames.slice(seen).some((m) => m.type === "sync" && m.re === undefined)) {
      await sleep(20);
    }
    const later = frames.slice(seen);
    const sync = later.findIndex((m) => m.type === "sync" && m.re === undefined);
    expect(sync).toBeGreaterThanOrEqual(0);
    await sleep(300);
    const after = frames.slice(seen + sync).filter(isState);
    for (let i = 1; i < after.length; i++) expect(after[i]!.from).toBe(after[i - 1]!.version);
    host.onMessage = null;
    await Promise.all([host.close(), fast.close()]);
  }, 45_000);

  it("a socket that does not read its answers is closed with 4002 past the hard limit", async () => {
    const maxBytes = 256 * 1024;
    const s = await each.start({
      limits: { slowSocketBytes: 32 * 1024, maxSocketBytes: maxBytes },
      // Every watch is a lookup by code: lift that limit, this test is about the answers.
      hub: { lookupLimit: 1_000_000 },
    });
    const { host, code } = await busyTable(s, 4, false);
    const { ws } = await slowSpectator(s.url, code);
    const closed = new Promise<number>((resolve) => ws.once("close", (closeCode) => resolve(closeCode)));
    // Each answer is the table's whole state: a few KB that the client never takes. The kernel's socket buffers
    // take the first few MB; the server's own buffer fills after that.
    for (let i = 0; i < 4000; i++) ws.send(JSON.stringify({ type: "watch", id: 10 + i, code }));
    // Past the hard limit the server closes the socket; its buffer waits (a few seconds at most) for the client.
    let maxBuffered = 0;
    const deadline = Date.now() + 10_000;
    while (maxBuffered < maxBytes && Date.now() < deadline) {
      await sleep(10);
      maxBuffered = Math.max(maxBuffered, s.bufferedBytes());
    }
    await sleep(100);
    maxBuffered = Math.max(maxBuffered, s.bufferedBytes());
    expect(maxBuffered).toBeLessThan(maxBytes + 64 * 1024);
    // Reading again, the client finds the close frame behind its queued frames.
    ws.resume();
    expect(await closed).toBe(4002);
    await host.close();
  }, 20_000);
});

describe("repeated resync", () => {
  it("answers a resync of the same versions once; repeats get the state without the events again", async () => {
    const s = await each.start();
    const { host } = await busyTable(s, 4, false);
    const end = await host.waitFor((m) => isState(m) && (m.view as unknown as View).over, 30_000);
    const code = (end.table as unknown as { code: string }).code;
    const version = end.version as number;
    expect(version).toBeGreaterThan(250);
    const lastVersion = version - 250;
    const client = await TestClient.open(s.url);
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await client.request({ type: "watch", code, lastVersion });
      expect(isState(answer)).toBe(true);
      expect(answer.version).toBe(version);
      answers.push(client.frames[client.frames.length - 1]!.length);
      if (i === 0) expect(answer).toMatchObject({ type: "update", from: lastVersion });
      else expect(answer).toMatchObject({ type: "sync", events: [] });
    }
    const [firstBytes, ...repeats] = answers;
    // The first answer carries 250 versions of events; every repeat is a fraction of it.
    expect(firstBytes).toBeGreaterThan(20_000);
    for (const bytes of repeats) expect(bytes).toBeLessThan(firstBytes! / 4);
    // Another connection resuming from the same version gets the events (once).
    const other = await TestClient.open(s.url);
    expect(await other.request({ type: "watch", code, lastVersion })).toMatchObject({ type: "update" });
    await Promise.all([host.close(), client.close(), other.close()]);
  }, 40_000);
});
