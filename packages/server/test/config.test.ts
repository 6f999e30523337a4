import { describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";

describe("server settings from the environment", () => {
  it("uses the defaults when nothing is set", () => {
    const config = readConfig({});
    expect(config.ok && config.value).toMatchObject({
      port: 8031,
      host: "localhost",
      dbPath: "./data/schwimmen.db",
      allowedOrigins: [],
      settings: {},
      logLevel: "info",
    });
  });

  it("reads every variable", () => {
    const config = readConfig({
      PORT: "9000",
      HOST: "127.0.0.1",
      DB_PATH: "/tmp/x.db",
      ALLOWED_ORIGINS: "http://localhost:5173, https://example.org",
      BOT_DELAY_MS: "0",
      ROUND_PAUSE_MS: "10",
      SNAPSHOT_EVERY: "5",
      BOT_BUDGET_MS: "40",
      LOG_LEVEL: "warn",
    });
    expect(config.ok && config.value).toMatchObject({
      port: 9000,
      host: "127.0.0.1",
      dbPath: "/tmp/x.db",
      allowedOrigins: ["http://localhost:5173", "https://example.org"],
      settings: { botDelayMs: 0, roundPauseMs: 10, snapshotEvery: 5 },
      botBudgetMs: 40,
      logLevel: "warn",
    });
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ["a port that is not a number", { PORT: "80a" }, /PORT/],
    ["a port out of range", { PORT: "70000" }, /PORT/],
    ["a fractional delay", { BOT_DELAY_MS: "1.5" }, /BOT_DELAY_MS/],
    ["a negative pause", { ROUND_PAUSE_MS: "-1" }, /ROUND_PAUSE_MS/],
    ["snapshots never", { SNAPSHOT_EVERY: "0" }, /SNAPSHOT_EVERY/],
    ["an unknown log level", { LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    ["an origin with a path", { ALLOWED_ORIGINS: "http://a.example/x" }, /ALLOWED_ORIGINS/],
  ];
  it.each(bad)("refuses %s with a typed error naming the variable", (_name, env, pattern) => {
    const config = readConfig(env);
    expect(config.ok).toBe(false);
    if (!config.ok) {
      expect(config.error.code).toBe("INVALID_CONFIG");
      expect(config.error.message).toMatch(pattern);
    }
  });
});
