/** A second "Anna" at an online table is "Anna (2)": the server adds the mark, which names cannot hold otherwise. */
const MARKED = /^(.+?)( \(\d+\))$/;

/**
 * A seat's name where it may be shortened (a chip, a result's row): the name gives way ("Ann… (2)"), the mark that
 * tells two Annas apart stays.
 */
export function SeatName({ name }: { name: string }) {
  const marked = MARKED.exec(name);
  if (!marked) return <>{name}</>;
  return (
    <span class="seat-name">
      <span class="seat-name__base">{marked[1]}</span>
      <span class="seat-name__mark">{marked[2]}</span>
    </span>
  );
}
