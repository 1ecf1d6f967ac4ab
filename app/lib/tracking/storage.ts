import { parse as parseCookie, parseSetCookie } from "cookie";

/**
 * The small slices of Web Storage and document.cookie the SDK uses, so every module can run
 * against an in-memory fake in unit tests and keep working when the browser blocks storage.
 */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `document.cookie` as a string in, string out. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

/** A Map-backed Storage: the fallback when the browser's is blocked, and the tests' fake. */
export function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** A cookie jar with document.cookie's semantics for name=value, max-age=0 and expiry. */
export function memoryCookieJar(now: () => number = Date.now): CookieJar & { count(prefix: string): number } {
  const jar = new Map<string, { value: string; expires: number }>();
  const live = () => [...jar].filter(([, c]) => c.expires > now());
  return {
    read: () =>
      live()
        .map(([k, c]) => `${k}=${c.value}`)
        .join("; "),
    write(cookie) {
      // document.cookie keeps the value as written: no decoding here.
      const { name, value, maxAge } = parseSetCookie(cookie, { decode: (raw) => raw });
      const expires = maxAge === undefined ? Number.POSITIVE_INFINITY : now() + maxAge * 1000;
      if (expires <= now()) jar.delete(name);
      else jar.set(name, { value: value ?? "", expires });
    },
    count: (prefix) => live().filter(([k]) => k.startsWith(prefix)).length,
  };
}

/** The value of one cookie in a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  return parseCookie(cookies)[name];
}

/** Reads that never throw: storage may be blocked or full at any moment. */
export function readItem(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes that report success instead of throwing (quota exceeded, storage blocked). */
export function writeItem(storage: StorageLike | undefined, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(storage: StorageLike | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // blocked storage has nothing to remove
  }
}

/** Every key starting with `prefix`; an empty list when storage is blocked. */
export function keysWithPrefix(storage: StorageLike | undefined, prefix: string): string[] {
  const out: string[] = [];
  if (!storage) return out;
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k !== null && k.startsWith(prefix)) out.push(k);
    }
  } catch {
    return out;
  }
  return out;
}
