/**
 * Invite codes. A table is private: whoever has its code may find it, so the code must not be guessable. New tables
 * get 10 characters from an alphabet without look-alikes (31^10, about 49 bits); tables made before that keep their
 * 6-character codes ("legacy"), which open less (docs/protocol.md, "Invite codes").
 */

/** Letters and digits without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 10;
export const LEGACY_CODE_LENGTH = 6;

const CODE_CHARS = new Set(CODE_ALPHABET);

/** A new code from `randomInt` (node:crypto's on the server). */
export function newCode(randomInt: (n: number) => number): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The code in a typed or linked text: case does not matter, and one dash or space between two parts is allowed for
 * reading ("abcde-fghjk"). Null when it is no code at all.
 */
export function parseCode(text: string): string | null {
  const typed = text.trim().toUpperCase();
  if (typed.length > CODE_LENGTH + 1 || !/^[A-Z0-9]+(?:[- ][A-Z0-9]+)?$/.test(typed)) return null;
  const code = typed.replace(/[- ]/, "");
  if (code.length !== CODE_LENGTH && code.length !== LEGACY_CODE_LENGTH) return null;
  for (const c of code) if (!CODE_CHARS.has(c)) return null;
  return code;
}

/** A code of the old short kind: it finds the table but lets only its players in as spectators or readers. */
export const isLegacyCode = (code: string): boolean => code.length === LEGACY_CODE_LENGTH;
