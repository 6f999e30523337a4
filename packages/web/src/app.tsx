import { useEffect, useState } from "preact/hooks";
import { CardSprite } from "./cards/sprite.js";
import { lazyScreen } from "./lazy.js";
import { HouseRules } from "./screens/house-rules.js";
import { StartScreen } from "./screens/start.js";
import { useUi } from "./ui.js";

const LocalTable = lazyScreen(() => import("./screens/local-table.js").then((m) => m.LocalTable));
const OnlineTable = lazyScreen(() => import("./online/online-table.js").then((m) => m.OnlineTable));
const RulesPage = lazyScreen(() => import("./screens/rules-page.js").then((m) => m.RulesPage));
const LearnScreen = lazyScreen(() => import("./learn/learn-screen.js").then((m) => m.LearnScreen));
const ReplayViewer = lazyScreen(() => import("./screens/replay.js").then((m) => m.ReplayViewer));

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
  if (path === "/new") return <OnlineTable code={null} params={params} onMenu={toMenu} />;
  if (path.startsWith("/t/")) return <OnlineTable code={path.slice(3)} params={params} onMenu={toMenu} />;
  if (path === "/rules" || path === "/rules/full")
    return <RulesPage onMenu={toMenu} full={path === "/rules/full"} params={params} />;
  if (path === "/replay") return <ReplayViewer onMenu={toMenu} params={params} />;
  if (path === "/learn") return <LearnScreen onMenu={toMenu} params={params} />;
  if (path === "/house-rules") return <HouseRules onDone={toMenu} />;
  return <StartScreen />;
}

export function App() {
  const ui = useUi();
  const hash = useHash();
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
