import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useUi } from "./ui.js";

/** A screen loaded on first use, so that the first screen's JavaScript stays small. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function LazyScreen(props: P) {
    const ui = useUi();
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
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
          setFailed(true);
        },
      );
    }, []);
    // Offline before this screen's code was ever loaded: say so, and offer trying again (a browser may keep a failed
    // import, so the page loads anew) or the way back.
    if (failed)
      return (
        <main id="main" class="page loading" tabIndex={-1} data-load-failed>
          <p role="alert">{ui.tr("loadFailed")}</p>
          <p class="load-failed__buttons">
            <button type="button" class="btn" data-action="retry" onClick={() => location.reload()}>
              {ui.tr("retry")}
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
