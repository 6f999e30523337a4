import { useEffect, useState } from "preact/hooks";
import { CardSprite } from "./cards/sprite.js";
import { lazyScreen } from "./lazy.js";
import { HouseRules } from "./screens/house-rules.js";
import { StartScreen } from "./screens/start.js";
import { useUi } from "./ui.js";
import { ensurePlayer } from "./player-name.js";

const LocalTable = lazyScreen(() => import("./screens/local-table.js").then((m) => m.LocalTable));
const OnlineTable = lazyScreen(() => import("./online/online-table.js").then((m) => m.OnlineTable));
const RulesPage = lazyScreen(() => import("./screens/rules-page.js").then((m) => m.RulesPage));
const LearnScreen = lazyScreen(() => import("./learn/learn-screen.js").then((m) => m.LearnScreen));
const LobbyPage = lazyScreen(() => import("./lobby/lobby-page.js").then((m) => m.LobbyPage));
const LeaderboardPage = lazyScreen(() => import("./ratings/leaderboard-page.js").then((m) => m.LeaderboardPage));
const ReplayViewer = lazyScreen(() => import("./screens/replay.js").then((m) => m.ReplayViewer));
const AccountPage = lazyScreen(() => import("./players/account-page.js").then((m) => m.AccountPage));
const ProfilePage = lazyScreen(() => import("./players/profile-page.js").then((m) => m.ProfilePage));

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const onChange = () => {
      setHash(location.hash);
      window.scrollTo(0, 0);
      // A new screen: screen readers start reading at its main content (after it has been drawn).
      setTimeout(() => document.getElementById("main")?.focus({ preventScroll: true }), 50);
    };
    addEventListener("hashchange", onChange);
    // The address may have changed between the first drawing and this listener (a link followed right after the page
    // loaded, on a busy machine): that change fired no event here, so read it now.
    setHash(location.hash);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return hash;
}

const toMenu = () => {
  location.hash = "#/";
};

function Route({ hash }: { hash: string }) {
  // Invite links are paths (/t/CODE, served as this page); everything else lives in the hash.
  // The code in either may come in any case, with a dash or spaces ("abcde-fghjk"): the online screen reads it.
  const invite = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const [path = "", query = ""] = (hash || (invite ? `#/t/${invite[1]}` : "")).replace(/^#/, "").split("?");
  const params = new URLSearchParams(query);
  if (path === "/play") return <LocalTable onMenu={toMenu} />;
  if (path === "/lobby") return <LobbyPage onMenu={toMenu} />;
  if (path === "/leaderboard") return <LeaderboardPage onMenu={toMenu} params={params} />;
  // "Schnell spielen": a seat at a waiting public table (preset and seats in the query).
  if (path === "/quick")
    return <OnlineTable code={null} params={new URLSearchParams(`${query}&quick=1`)} onMenu={toMenu} />;
  if (path === "/new") return <OnlineTable code={null} params={params} onMenu={toMenu} />;
  if (path.startsWith("/t/")) return <OnlineTable code={path.slice(3)} params={params} onMenu={toMenu} />;
  if (path === "/rules" || path === "/rules/full")
    return <RulesPage onMenu={toMenu} full={path === "/rules/full"} params={params} />;
  // Keyed by its query: another replay address (a link, Back) shows that match, not the one already loaded.
  if (path === "/replay") return <ReplayViewer key={query} onMenu={toMenu} params={params} />;
  if (path === "/learn") return <LearnScreen onMenu={toMenu} params={params} />;
  if (path === "/house-rules") return <HouseRules onDone={toMenu} />;
  if (path === "/account") return <AccountPage onMenu={toMenu} />;
  if (path.startsWith("/player/")) return <ProfilePage id={path.slice(8)} onMenu={toMenu} />;
  return <StartScreen />;
}

export function App() {
  const ui = useUi();
  const hash = useHash();
  // A device with a name has a player on the server (a guest until it keeps an account): made once, if missing.
  useEffect(() => void ensurePlayer(), []);
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById("main")?.focus())}>
        {ui.tr("skip")}
      </a>
      <CardSprite />
      <Route hash={hash} />
    </>
  );
}
