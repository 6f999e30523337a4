import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useUi } from "./ui.js";

/** Whether the server answers at all (its health check, never from a cache). */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

/** A screen loaded on first use, so that the first screen's JavaScript stays small. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function LazyScreen(props: P) {
    const ui = useUi();
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<"offline" | "newVersion" | null>(null);
    useEffect(() => {
      if (loaded) return;
      loading ??= load();
      loading.then(
        (c) => {
          loaded = c;
          setComponent(() => c);
        },
        () => {
          loading = null;
          void serverAnswers().then((answers) => setFailed(answers ? "newVersion" : "offline"));
        },
      );
    }, []);
    // The screen's code could not be loaded: offline (say so), or the server answers but no longer has that file (a
    // new version came out since this page was loaded). Either way a reload helps (a browser may keep a failed
    // import); or the way back.
    if (failed)
      return (
        <main id="main" class="page loading" tabIndex={-1} data-load-failed={failed}>
          <p role="alert">{ui.tr(failed === "newVersion" ? "loadNewVersion" : "loadFailed")}</p>
          <p class="load-failed__buttons">
            <button type="button" class="btn" data-action="retry" onClick={() => location.reload()}>
              {ui.tr(failed === "newVersion" ? "reloadPage" : "retry")}
            </button>{" "}
            <a class="btn" href="#/" data-action="to-start">
              {ui.tr("toStart")}
            </a>
          </p>
        </main>
      );
    const Screen = component;
    return Screen ? <Screen {...props} /> : <p class="loading">{ui.tr("waiting")}</p>;
  };
}
