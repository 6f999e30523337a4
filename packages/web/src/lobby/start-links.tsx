import { useLobbyText } from "./lobby-texts.js";
import { useRatingText } from "../ratings/ratings-texts.js";

/** On the start page: "Schnell spielen" (default rules, four seats) and the way to the lobby. */
export function StartLinks() {
  const tr = useLobbyText();
  const ratingTr = useRatingText();
  return (
    <p class="start__lobby">
      <a class="btn btn--primary" href="#/quick" data-action="quick-match-start">
        {tr("quickPlay")}
      </a>{" "}
      <a class="btn" href="#/lobby" data-action="to-lobby">
        {tr("lobbyLink")}
      </a>{" "}
      <a class="btn" href="#/leaderboard" data-action="to-leaderboard">
        {ratingTr("boardLink")}
      </a>
    </p>
  );
}
