import type { CookiePrefs } from "./cookie-prefs";

/**
 * The preferences this page has changed and not yet seen back from the server. Updated
 * synchronously, so a controlled input shows the new choice in the same event, and several
 * changes in a row never mask each other. An entry goes when saving it fails, or once the
 * server renders the same value (from then on the loader's data is the truth again).
 */
type Key = keyof CookiePrefs;
const values = new Map<Key, string>();
const listeners = new Set<() => void>();
let version = 0;

const emit = () => {
  version++;
  listeners.forEach((l) => l());
};

export const prefOverlay = {
  get: (key: Key): string | undefined => values.get(key),
  set(key: Key, value: string): void {
    values.set(key, value);
    emit();
  },
  /** Drops `key` if it still holds `value`: a newer choice made meanwhile stays. */
  drop(key: Key, value: string): void {
    if (values.get(key) === value) {
      values.delete(key);
      emit();
    }
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: (): number => version,
};
