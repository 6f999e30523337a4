/**
 * Fuzz: more than 10,000 random and malformed frames from several clients (bad JSON, wrong types, huge payloads,
 * actions for other seats, out of turn, after the end, binary frames). Each gets a typed error or its ordinary
 * answer, the server stays up, and no table's state changes.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Action, legalActions } from "@schwimmen/rules";
import { ERROR_CODES, clientMessageSchema } from "../src/protocol.js";
import { TestClient, autoplay, getJson, isState, matchOver, testServer, type Msg } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
const TOTAL = 10_500;

/**
 * Counts the answers a client got. While no table changes there are no pushed updates, so every frame but the
 * unversioned `table` news (a seat's connection came or went) answers a frame (`re` is absent when that had no id).
 */
const answers = (client: TestClient): number => client.messages.filter((m) => m.type !== "table").length;

describe("fuzzing the protocol", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it(
    `answers ${TOTAL} bad or pointless frames with typed errors and changes no table`,
    { timeout: 120_000 },
    async () => {
      // Table A: two players, two bots, stopped at a player's turn (no timer). Table B: a finished match.
      const host = await TestClient.open(server.url);
      const a = await host.request({
        type: "create",
        name: "Fuzz",
        playerName: "H",
        seats: 4,
        botLevel: "random",
        turnSeconds: 0,
      });
      const codeA = (a.table as { code: string }).code;
      const guest = await TestClient.open(server.url);
      await guest.request({ type: "join", code: codeA, name: "G" });
      const spectator = await TestClient.open(server.url);
      await spectator.request({ type: "watch", code: codeA });
      await host.request({ type: "start" });
      await host.waitFor((m) => isState(m) && [0, 1].includes((m.view as { toAct: number }).toAct));
      const ender = await TestClient.open(server.url);
      const b = await ender.request({ type: "create", name: "Done", playerName: "E", seats: 2, botLevel: "random" });
      const codeB = (b.table as { code: string }).code;
      await ender.request({ type: "start" });
      const play = autoplay(ender);
      await ender.waitFor(matchOver(1), 60_000);
      play.stop();
      const loner = await TestClient.open(server.url);
      const stranger = await TestClient.connect(server.url);

      const tableA = (await server.hub.get(codeA))!;
      const tableB = (await server.hub.get(codeB))!;
      const before = [JSON.stringify(tableA.model), JSON.stringify(tableB.model)];
      const legalNow = legalActions(tableA.model.game);
      const canonical = (o: object) => JSON.stringify(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)));
      const isLegal = (action: Record<string, unknown>, seat: number) =>
        legalNow.some((l: Action) => canonical(l) === canonical({ ...action, seat }));

      const card = fc.constantFrom("Ah", "7c", "Ts", "Qd", "9h", "Kc", "8s", "Jd", "2c", "1x", "", "AH", 7, null);
      const move = fc.oneof(
        fc.record({ type: fc.constant("swap"), give: card, take: card }),
        fc.record({ type: fc.constantFrom("pass", "knock", "swapAll", "redeal") }),
        fc.record({ type: fc.constant("choose"), packet: fc.constantFrom("first", "second", "third", 1) }),
        fc.record({ type: fc.constantFrom("swap", "pass"), seat: fc.integer({ min: -2, max: 10 }) }),
        fc.record({ type: fc.string(), give: fc.anything() }),
      );
      const id = fc.oneof(fc.integer(), fc.string({ maxLength: 80 }), fc.constant(undefined), fc.double(), fc.object());
      const code = fc.constantFrom(codeA, codeB, codeA.toLowerCase(), "ZZZZZZ", "", "A'B<C>", 42);
      const name = fc.oneof(fc.string({ maxLength: 40 }), fc.constant("<script>x</script>"), fc.constant(" \u202e "));
      const message = fc.oneof(
        { weight: 3, arbitrary: fc.record({ type: fc.constant("act"), id, action: move }) },
        { weight: 1, arbitrary: fc.record({ type: fc.constant("act"), id, action: fc.anything() }) },
        {
          weight: 1,
          arbitrary: fc.record({
            type: fc.constantFrom("join", "watch"),
            id,
            code,
            name,
            lastVersion: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.string()),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            type: fc.constant("create"),
            id,
            name,
            playerName: name,
            seats: fc.oneof(fc.integer({ min: -1, max: 12 }), fc.string()),
            rules: fc.oneof(
              fc.constant({ lives: 99 }),
              fc.constant({ deck: "tarot" }),
              fc.dictionary(fc.string(), fc.anything()),
            ),
            botLevel: fc.constantFrom("random", "godlike", ""),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ type: fc.constantFrom("start", "rematch", "back", "ping", "hello", "nope"), id }),
        },
        { weight: 1, arbitrary: fc.record({ type: fc.constant("hello"), id, token: fc.string({ maxLength: 70 }) }) },
        { weight: 1, arbitrary: fc.anything() },
        { weight: 1, arbitrary: fc.record({ type: fc.anything(), id }) },
      );
      const frameText = fc.oneof(
        { weight: 8, arbitrary: message.map((m) => JSON.stringify(m) ?? "null") },
        { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
        { weight: 1, arbitrary: message.map((m) => (JSON.stringify(m) ?? "{").slice(0, 7)) },
      );

      const clients = [
        { client: host, seat: 0 },
        { client: guest, seat: 1 },
        { client: spectator, seat: null },
        { client: ender, seat: 0 },
        { client: loner, seat: null },
        { client: stranger, seat: null },
      ];
      const sent = new Map<TestClient, number>(clients.map(({ client }) => [client, answers(client)]));
      const frames = fc.sample(frameText, { numRuns: TOTAL, seed: 31 });
      let skipped = 0;
      for (let i = 0; i < frames.length; i++) {
        const { client, seat } = clients[i % clients.length]!;
        let text = frames[i]!;
        const parsed = (() => {
          try {
            return JSON.parse(text) as Record<string, unknown>;
          } catch {
            return null;
          }
        })();
        // Frames that would legitimately change table A or B (a legal move of the seat to act, leaving a running
        // table, a rematch of B, a hello that would identify the stranger) are not fuzz: replace them by a ping.
        const type = parsed && typeof parsed === "object" ? parsed.type : undefined;
        const action = parsed?.action as Record<string, unknown> | undefined;
        if (
          (type === "act" &&
            client !== ender &&
            seat !== null &&
            action &&
            typeof action === "object" &&
            isLegal(action, seat)) ||
          type === "leave" ||
          (type === "rematch" && client === ender) ||
          (type === "hello" && client === stranger) ||
          (type === "create" && clientMessageSchema.safeParse(parsed).success)
        ) {
          text = JSON.stringify({ type: "ping" });
          skipped++;
        }
        if (i % 97 === 0) text = JSON.stringify({ type: "ping", pad: "x".repeat(5000 + (i % 3000)) });
        if (i % 101 === 0) client.ws.send(Buffer.from([1, 2, 3, i % 256]));
        else client.sendRaw(text);
        sent.set(client, sent.get(client)! + 1);
        if (i % 500 === 499) {
          // Keep the in-flight work bounded: wait for every answer so far.
          await Promise.all(clients.map(({ client: c }) => waitUntil(() => answers(c) >= sent.get(c)!, 20_000)));
        }
      }
      await Promise.all(clients.map(({ client: c }) => waitUntil(() => answers(c) >= sent.get(c)!, 20_000)));

      let errors = 0;
      for (const { client } of clients) {
        expect(answers(client)).toBe(sent.get(client));
        expect(client.closed).toBe(false);
        for (const m of client.messages) {
          if (m.type !== "error") continue;
          errors++;
          expect(ERROR_CODES).toContain((m as Msg & { code: string }).code);
          expect((m as Msg & { code: string }).code).not.toBe("INTERNAL");
        }
      }
      expect(errors).toBeGreaterThan(TOTAL / 2);
      expect(skipped).toBeLessThan(TOTAL / 10);
      expect([JSON.stringify(tableA.model), JSON.stringify(tableB.model)]).toEqual(before);
      const health = await getJson(`${server.url}/healthz`);
      expect(health.body).toMatchObject({ ok: true });
      await Promise.all(clients.map(({ client }) => client.close()));
    },
  );

  it("closes a connection that sends a frame above the hard limit, and stays up", async () => {
    const client = await TestClient.open(server.url);
    client.sendRaw(JSON.stringify({ type: "ping", pad: "x".repeat(70_000) }));
    await waitUntil(() => client.closed, 5000);
    const again = await TestClient.open(server.url);
    expect((await again.request({ type: "ping" })).type).toBe("pong");
    await again.close();
  });
});

async function waitUntil(condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
