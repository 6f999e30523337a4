/**
 * Names people choose: a display name must show who it is. Names that look blank, hide characters, stack marks,
 * pose as a bot or mix look-alike alphabets are refused with INVALID_NAME and a reason; and two players with the
 * same name at one table are told apart by a suffix that no chosen name can contain.
 */

/** Why a name is refused: the first word of the INVALID_NAME message (stable, for clients to translate). */
export type NameProblem =
  "empty" | "tooLong" | "invisible" | "blank" | "characters" | "marks" | "botName" | "mixedScripts";

export type NameCheck =
  { readonly ok: true } | { readonly ok: false; readonly problem: NameProblem; readonly message: string };

const refuse = (problem: NameProblem, text: string): NameCheck => ({
  ok: false,
  problem,
  message: `${problem}: ${text}`,
});

/** Trimmed, NFC, every run of whitespace one space: the form names are checked and kept in. */
export const tidyName = (raw: string): string => raw.normalize("NFC").replace(/\s+/g, " ").trim();

/**
 * Characters that show nothing: control and format characters (zero-width space, bidi overrides...), default
 * ignorable code points (this includes the Hangul fillers U+3164, U+115F, U+1160, U+FFA0, which count as letters)
 * and the blank braille pattern U+2800.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Variation selectors may follow a symbol in a table name (an emoji's presentation). */
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]/u;
const MARK = /\p{M}/u;
const BASE = /[\p{L}\p{N}]/u;
/** What a display name is made of: letters, their marks, digits, spaces and a little punctuation. */
const NAME_CHAR = /^[\p{L}\p{M}\p{Nd} '’‘\-‐.,&_!?·・]$/u;
/** Marks allowed on one letter: more only pile up into a smear over the neighbouring text. */
const MAX_MARKS = 2;

/** Letters of these alphabets look alike; one name may use only one of them. */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** Cyrillic and Greek letters that look like Latin ones, for spotting a bot's name written in them. */
const SKELETON: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ј: "j",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  0: "o",
};

/** The key two names are compared under: NFKC, case folded (so "Anna", "ANNA" and full-width "Ａｎｎａ" are one). */
export const nameKey = (name: string): string =>
  name.normalize("NFKC").toLowerCase().toUpperCase().toLowerCase().normalize("NFKC");

const looksLikeBot = (name: string): boolean => {
  const skeleton = [...nameKey(name)].map((c) => SKELETON[c] ?? c).join("");
  return /^bot\d*$/.test(skeleton.replace(/[\s.,_\-‐'’‘·・]/gu, ""));
};

/** Marks must sit on a letter or digit, at most MAX_MARKS on one. */
function marksProblem(name: string, allowVariation: boolean): NameCheck | null {
  let run = 0;
  let base = false;
  for (const c of name) {
    if (MARK.test(c) && !(allowVariation && VARIATION_SELECTOR.test(c))) {
      if (!base) return refuse("marks", "a combining mark needs a letter to sit on");
      if (++run > MAX_MARKS) return refuse("marks", `at most ${MAX_MARKS} combining marks on one letter`);
    } else {
      run = 0;
      base = BASE.test(c);
    }
  }
  return null;
}

/** Checks a display name (already tidied) of at most `maxChars` characters. */
export function checkDisplayName(name: string, maxChars: number): NameCheck {
  if (name === "") return refuse("empty", "a name is needed");
  if ([...name].length > maxChars) return refuse("tooLong", `at most ${maxChars} characters`);
  if (INVISIBLE.test(name)) return refuse("invisible", "the name holds invisible characters");
  for (const c of name) {
    if (!NAME_CHAR.test(c)) return refuse("characters", `letters, digits, spaces and ' - . , & _ ! ? only, not "${c}"`);
  }
  const marks = marksProblem(name, false);
  if (marks) return marks;
  if (!BASE.test(name)) return refuse("blank", "a name needs a letter or a digit");
  if (looksLikeBot(name)) return refuse("botName", "names like the bots' (Bot 2) are kept for bots");
  if (LOOK_ALIKE_SCRIPTS.filter((script) => script.test(name)).length > 1) {
    return refuse("mixedScripts", "Latin, Cyrillic and Greek letters look alike: use one of them");
  }
  return { ok: true };
}

/** Checks a table name (already tidied): any characters that show, a few marks on a letter. */
export function checkTableName(name: string, maxChars: number): NameCheck {
  if (name === "") return refuse("empty", "a name is needed");
  if ([...name].length > maxChars) return refuse("tooLong", `at most ${maxChars} characters`);
  for (const c of name) {
    if (INVISIBLE.test(c) && !VARIATION_SELECTOR.test(c)) {
      return refuse("invisible", "the name holds invisible characters");
    }
  }
  if (!/[\p{L}\p{N}\p{S}\p{P}]/u.test(name)) return refuse("blank", "the name shows nothing");
  return marksProblem(name, true) ?? { ok: true };
}

/**
 * The name a new player shows at a table: their own, or, when someone seated there already has it (compared by
 * `nameKey`), their own with " (2)", " (3)"...: parentheses are not allowed in chosen names, so a marked name cannot
 * be taken or imitated by anyone else, and it never looks like a bot's "Bot 2".
 */
export function distinctName(name: string, taken: readonly (string | null)[]): string {
  const keys = new Set(taken.flatMap((t) => (t === null ? [] : [nameKey(t)])));
  if (!keys.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const marked = `${name} (${n})`;
    if (!keys.has(nameKey(marked))) return marked;
  }
}
