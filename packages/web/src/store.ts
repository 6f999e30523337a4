import { useEffect, useState } from "preact/hooks";

/** A value that components can watch: the page keeps one of these per concern and redraws on change. */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  const set = (next: T): void => {
    if (Object.is(next, value)) return;
    value = next;
    for (const listener of listeners) listener(value);
  };
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current value; the component redraws whenever it changes. */
export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.get());
  useEffect(() => {
    setValue(store.get());
    return store.subscribe(setValue);
  }, [store]);
  return value;
}

/** The first non-null `pick` of the store's value, now or as it changes; null if none comes within `ms`. */
export function whenStore<T, R>(store: Store<T>, pick: (value: T) => R | null, ms: number): Promise<R | null> {
  return new Promise((resolve) => {
    const now = pick(store.get());
    if (now !== null) return resolve(now);
    const stop = store.subscribe((value) => {
      const found = pick(value);
      if (found === null) return;
      clearTimeout(timer);
      stop();
      resolve(found);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, ms);
  });
}
