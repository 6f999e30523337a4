// The computer players' names at a match against the computer, in the web client and the terminal alike: twenty,
// enough for the 19 bots of a big round of 20 (two decks) even when one of them is the player's own.
// prettier-ignore
const BOT_NAMES = [
  "Lena", "Tom", "Mia", "Ben", "Emma", "Paul", "Lea", "Max", "Nina", "Felix",
  "Sara", "Jonas", "Hanna", "Luis", "Ida", "Tim", "Lara", "Finn", "Clara", "Karl",
];

/**
 * Names for `count` computer players beside a player called `own`: never the player's own name (in any case), so
 * that nobody at the table shares it, and all different ("Bot n" should the list ever run out).
 */
export function botNames(own: string, count: number): string[] {
  const mine = own.trim().toLocaleLowerCase();
  const free = BOT_NAMES.filter((name) => name.toLocaleLowerCase() !== mine);
  return Array.from({ length: count }, (_, i) => free[i] ?? `Bot ${i + 1}`);
}
