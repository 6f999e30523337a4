import { describe, expect, it } from "vitest";
import { ConcurrencyLimiter, WindowLimiter, addressKey } from "../src/address-limits.js";

describe("addressKey", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["::ffff:10.1.2.3", "10.1.2.3"],
    ["::FFFF:10.1.2.3", "10.1.2.3"],
    ["::1", "0:0:0:0::/64"],
    ["2001:db8:0:1::5", "2001:db8:0:1::/64"],
    ["2001:db8:0:1:aaaa:bbbb:cccc:dddd", "2001:db8:0:1::/64"],
    ["2001:0db8:0000:0001:ffff::1", "2001:db8:0:1::/64"],
    [undefined, "?"],
    ["", "?"],
  ])("%s counts as %s", (remote, key) => {
    expect(addressKey(remote)).toBe(key);
  });

  it("puts two addresses of one /64 under one key and another /64 under another", () => {
    expect(addressKey("2001:db8:1:2::a")).toBe(addressKey("2001:db8:1:2:ffff::b"));
    expect(addressKey("2001:db8:1:2::a")).not.toBe(addressKey("2001:db8:1:3::a"));
  });
});

describe("WindowLimiter", () => {
  const make = (limit: number, maxKeys = 100) => {
    let time = 0;
    const limiter = new WindowLimiter({ limit, windowMs: 1000, maxKeys, now: () => time });
    return { limiter, advance: (ms: number) => (time += ms) };
  };

  it("allows the limit within a window, refuses the next, and counts a refused hit not at all", () => {
    const { limiter } = make(3);
    expect([1, 2, 3, 4, 5].map(() => limiter.take("a"))).toEqual([true, true, true, false, false]);
    expect(limiter.used("a")).toBe(3);
    expect(limiter.take("b")).toBe(true);
  });

  it("starts afresh when the window has passed and says how long to wait", () => {
    const { limiter, advance } = make(1);
    expect(limiter.take("a")).toBe(true);
    advance(400);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.retryAfterMs("a")).toBe(600);
    advance(600);
    expect(limiter.take("a")).toBe(true);
  });

  it("takes a cost larger than one", () => {
    const { limiter } = make(10);
    expect(limiter.take("a", 7)).toBe(true);
    expect(limiter.take("a", 4)).toBe(false);
    expect(limiter.take("a", 3)).toBe(true);
  });

  it("gives back a refunded hit within the window, never below zero", () => {
    const { limiter } = make(2);
    limiter.take("a");
    limiter.take("a");
    expect(limiter.take("a")).toBe(false);
    limiter.refund("a");
    expect(limiter.take("a")).toBe(true);
    limiter.refund("a", 5);
    expect(limiter.used("a")).toBe(0);
  });

  it("keeps at most maxKeys keys, dropping expired ones first and then the oldest", () => {
    const { limiter, advance } = make(1, 3);
    for (const key of ["a", "b", "c"]) limiter.take(key);
    advance(1000);
    limiter.take("d");
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 10_000; i++) limiter.take(`k${i}`);
    expect(limiter.size).toBe(3);
    // The newest keys are still limited.
    expect(limiter.take("k9999")).toBe(false);
  });
});

describe("ConcurrencyLimiter", () => {
  it("caps places per key and forgets a key with nothing open", () => {
    const limiter = new ConcurrencyLimiter(2);
    expect([limiter.acquire("a"), limiter.acquire("a"), limiter.acquire("a")]).toEqual([true, true, false]);
    expect(limiter.acquire("b")).toBe(true);
    limiter.release("a");
    expect(limiter.acquire("a")).toBe(true);
    limiter.release("a");
    limiter.release("a");
    limiter.release("b");
    expect(limiter.size).toBe(0);
    limiter.release("never");
    expect(limiter.count("never")).toBe(0);
  });
});
