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
    if (failed)
      return (
        <p class="loading" role="alert">
          {ui.tr("connectionLost")}
        </p>
      );
    const Screen = component;
    return Screen ? <Screen {...props} /> : <p class="loading">{ui.tr("waiting")}</p>;
  };
}
