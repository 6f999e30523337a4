// The computer's players' names at a match against the computer: twenty, enough for a big round of 20 (two decks)
// even when one of them is the player's own.
// prettier-ignore
const BOT_NAMES = [
  "Lena", "Tom", "Anna", "Jonas", "Mia", "Paul", "Emma", "Finn", "Lukas", "Sophie",
  "Felix", "Hannah", "Leon", "Clara", "Jakob", "Lea", "Noah", "Ida", "Karl", "Marie",
];

/**
 * Names for `count` computer players beside a player called `own`: never the player's own name (in any case), so
 * that nobody at the table shares it, and all different (a numbered seat should the list ever run out).
 */
export function botNames(own: string, count: number): string[] {
  const mine = own.trim().toLocaleLowerCase();
  const free = BOT_NAMES.filter((name) => name.toLocaleLowerCase() !== mine);
  return Array.from({ length: count }, (_, i) => free[i] ?? `#${i + 2}`);
}
