import { ERROR_CODES, LIMITS } from "@schwimmen/server/protocol";
import { checkDisplayName } from "@schwimmen/server/names";
import { parseCode } from "../../server/src/codes.js";
import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/index.js";
import { closeText, errorText } from "../src/online/errors.js";
import { formatCode, normalizeCode } from "../src/online/table-code.js";
import { NAME_CHARS, cleanName, nameProblem } from "../src/player-name.js";
import type { Ui } from "../src/ui.js";

const checkProblem = (name: string): string => {
  const check = checkDisplayName(cleanName(name), LIMITS.nameChars);
  return check.ok ? "ok" : check.problem;
};

const uiFor = (lang: "de" | "en") => ({ lang, tr: translator(lang) }) as unknown as Ui;

describe("table codes as people type them", () => {
  it("reads both lengths in any case, with a dash, spaces or as a whole invite link, like the server", () => {
    for (const typed of ["abcde-fghjk", "ABCDE FGHJK", " abcdefghjk ", "https://x.example/t/ABCDE-FGHJK"]) {
      expect(normalizeCode(typed)).toBe("ABCDEFGHJK");
    }
    expect(normalizeCode("k7m2qx")).toBe("K7M2QX");
    for (const typed of ["", "ABCDE", "ABCDEFGHJ", "ABCDEFGHJKM", "ABCDE-FGHJ0", "OOOOOO", "hallo"]) {
      expect(normalizeCode(typed)).toBeNull();
    }
    // Whatever the page accepts (without the link's path), the server reads as the same code.
    for (const typed of ["abcde-fghjk", "ABCDE FGHJK", "k7m2qx"]) expect(parseCode(typed)).toBe(normalizeCode(typed));
  });

  it("shows ten characters in two groups and leaves an old six-character code alone", () => {
    expect(formatCode("ABCDEFGHJK")).toBe("ABCDE-FGHJK");
    expect(formatCode("K7M2QX")).toBe("K7M2QX");
  });
});

describe("names the page refuses by itself", () => {
  it("knows the server's limit and refuses blank, invisible and too long names", () => {
    expect(NAME_CHARS).toBe(LIMITS.nameChars);
    expect(nameProblem("  ")).toBe("nameEmpty");
    expect(nameProblem("...")).toBe("nameEmpty");
    expect(nameProblem("\u3164")).toBe("nameChars");
    expect(nameProblem("\u2800\u2800")).toBe("nameChars");
    expect(nameProblem("An\u200bna")).toBe("nameChars");
    expect(nameProblem("x".repeat(25))).toBe("nameTooLong");
    expect(nameProblem(` ${"x".repeat(24)} `)).toBeNull();
    expect(nameProblem("Jürgen")).toBeNull();
  });

  it("refuses what the server would refuse, with the sentence the server's reason gets", () => {
    // Before, these passed the page's check, went to the server and came back as a 400.
    const cases: [string, string][] = [
      ["Anna 🙂", "nameRefused_characters"],
      ["Max (2)", "nameRefused_characters"],
      ["Bot 7", "nameRefused_botName"],
      ["B0T", "nameRefused_botName"],
      ["Воb", "nameRefused_mixedScripts"],
      ["e\u0301\u0301\u0301\u0301", "nameRefused_marks"],
    ];
    for (const [name, problem] of cases) expect(nameProblem(name), name).toBe(problem);
    for (const name of ["Zoë", "Ölaf-Åsa", "Мария", "O'Brien & Co.", "李雷", "Anna 2"]) {
      expect(nameProblem(name), name).toBeNull();
      expect(checkDisplayName(cleanName(name), LIMITS.nameChars)).toEqual({ ok: true });
    }
    // The page's sentence for a reason is the one a refusal from the server gets.
    const de = uiFor("de");
    expect(de.tr(nameProblem("Anna 🙂")!, { n: NAME_CHARS })).toBe(
      errorText(de, "INVALID_NAME", `playerName: ${checkProblem("Anna 🙂")}: whatever`),
    );
  });
});

describe("server refusals in the player's language", () => {
  it("every error code has its own sentence in German and English, never the code itself", () => {
    for (const lang of ["de", "en"] as const) {
      const texts = ERROR_CODES.map((code) => errorText(uiFor(lang), code));
      expect(new Set(texts).size).toBe(ERROR_CODES.length);
      for (const [i, text] of texts.entries()) expect(text).not.toContain(ERROR_CODES[i]!);
    }
    expect(errorText(uiFor("en"), "SOMETHING_NEW")).toBe("The server reports a problem (SOMETHING_NEW).");
  });

  it("an INVALID_NAME says why, from the reason word in the server's message", () => {
    const de = uiFor("de");
    expect(errorText(de, "INVALID_NAME", "playerName: botName: names like the bots' (Bot 2) are kept for bots")).toBe(
      "Namen wie „Bot 2“ sind für die Computerspieler reserviert.",
    );
    expect(errorText(de, "INVALID_NAME", "name: tooLong: at most 24 characters")).toBe("Höchstens 24 Zeichen, bitte.");
    expect(errorText(de, "INVALID_NAME", "something else")).toBe(errorText(de, "INVALID_NAME"));
  });

  it("close codes of the server get their own words; a dropped line the usual ones", () => {
    const en = uiFor("en");
    for (const code of [1001, 1008, 1009, 4000, 4001, 4002, 4003])
      expect(closeText(en, code)).not.toBe(closeText(en, 1006));
    expect(closeText(en, 1006)).toBe("Connection lost, reconnecting…");
  });
});
