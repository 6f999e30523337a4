/** Rated matches for tests: guests with session cookies who finish a public match together (with one bot). */
import { type Msg, TestClient, autoplay, matchOver } from "./helpers.js";

/** A guest player with a session: their id and a WebSocket client that sends the session cookie. */
export async function person(url: string, name: string): Promise<{ id: string; client: TestClient; cookie: string }> {
  const res = await fetch(`${url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as { player: { id: string } };
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`no session for ${name}: ${JSON.stringify(body)}`);
  const client = await TestClient.connect(url, { cookie });
  client.token = ((await client.request({ type: "hello" })) as { token: string }).token;
  return { id: body.player.id, client, cookie };
}

/**
 * `host` opens a public three-seat table with the "quick" preset, `guest` sits down, a bot takes the third seat, and
 * both play random moves until the match is over. Returns the table's code.
 */
export async function playPublicMatch(
  host: { client: TestClient },
  guest: { client: TestClient },
  names: readonly [string, string],
  ms = 30_000,
): Promise<string> {
  const made = await host.client.request({
    type: "create",
    name: "Stammtisch",
    playerName: names[0],
    seats: 3,
    preset: "quick",
    turnSeconds: 0,
  });
  const code = (made as Msg & { table: { code: string } }).table.code;
  await host.client.request({ type: "setVisibility", visibility: "public" });
  await guest.client.request({ type: "join", code, name: names[1] });
  const playing = [autoplay(host.client), autoplay(guest.client)];
  await host.client.request({ type: "start" });
  await Promise.all([host.client.waitFor(matchOver(1), ms), guest.client.waitFor(matchOver(1), ms)]);
  for (const p of playing) p.stop();
  return code;
}
