import type { ChatLine, ServerMessage } from "@schwimmen/server/protocol";
import { PHRASE_KEYS } from "@schwimmen/server/protocol";
import { describe, expect, it } from "vitest";
import { CHAT_CHARS, chatLength, createChatChannel } from "../src/chat/chat-state.js";
import { PHRASES, chatTranslator, phraseKey } from "../src/chat/chat-texts.js";
import { isMuted, muteKey, mutes, setMuted } from "../src/chat/mutes.js";

const line = (id: number, seat: number, name = `P${seat}`, player: string | null = null): ChatLine => ({
  id,
  at: 1,
  match: 0,
  seat,
  player,
  name,
  text: `line ${id}`,
  phrase: null,
});

describe("a chat room on the page", () => {
  it("keeps lines once and in order, and counts unread lines from others only while closed and not muted", async () => {
    const answers: ServerMessage[] = [{ type: "chatMessage", room: "table", message: line(5, 0, "Me") }];
    const sent: unknown[] = [];
    const room = createChatChannel(async (fields) => (sent.push(fields), answers.shift()!));
    room.reset([line(2, 1), line(1, 1)]);
    expect(room.view.get().lines.map((l) => l.id)).toEqual([1, 2]);
    room.receive(line(3, 1));
    room.receive(line(3, 1));
    expect(room.view.get().unread).toBe(1);
    setMuted(muteKey(line(0, 2, "Troll", "t-1")), true);
    room.receive(line(4, 2, "Troll", "t-1"));
    expect(room.view.get().unread).toBe(1);
    expect(await room.say("  Hallo   du  ")).toBe(true);
    expect(sent).toEqual([{ text: "Hallo du" }]);
    expect(room.view.get().unread).toBe(1);
    expect(room.isOwn(line(5, 0))).toBe(true);
    expect(room.isOwn(line(3, 1))).toBe(false);
    room.setOpen(true);
    expect(room.view.get().unread).toBe(0);
    room.receive(line(6, 1));
    expect(room.view.get()).toMatchObject({ unread: 0, open: true });
    expect(room.view.get().lines.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(isMuted(line(9, 3, "Troll", "t-1"), mutes.get())).toBe(true);
    expect(isMuted(line(9, 3, "Troll", "t-2"), mutes.get())).toBe(false);
    setMuted(muteKey(line(0, 2, "Troll", "t-1")), false);
    expect(mutes.get()).toEqual([]);
  });

  it("remembers a refusal and when the next line will be taken", async () => {
    const room = createChatChannel(async () => ({
      type: "error",
      code: "RATE_LIMITED",
      message: "slow down",
      retryAfterMs: 4000,
    }));
    const before = Date.now();
    expect(await room.phrase("thanks")).toBe(false);
    const refusal = room.view.get().refusal!;
    expect(refusal.code).toBe("RATE_LIMITED");
    expect(refusal.until).toBeGreaterThanOrEqual(before + 4000);
    expect(room.view.get().lines).toEqual([]);
  });

  it("counts characters as the server does: tidied, in code points", () => {
    expect(CHAT_CHARS).toBe(200);
    expect(chatLength("  a  b  ")).toBe(3);
    expect(chatLength("🂡".repeat(200))).toBe(200);
  });

  it("words every quick phrase in both languages", () => {
    expect([...PHRASES].sort()).toEqual([...PHRASE_KEYS].sort());
    const de = chatTranslator("de");
    const en = chatTranslator("en");
    for (const phrase of PHRASES) {
      expect(de(phraseKey(phrase))).not.toBe(en(phraseKey(phrase)));
    }
    expect(de(phraseKey("wellPlayed"))).toBe("Gut gespielt!");
    expect(de(phraseKey("anotherOne"))).toBe("Noch eine?");
  });
});
