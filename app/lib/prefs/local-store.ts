/**
 * Local storage split into the named areas of docs/product.md. A key lives at `<area>:<key>`, so areas
 * never collide. Blocked storage (privacy modes, sandboxed frames) and a full quota degrade to
 * this page's memory: nothing throws to the caller.
 */
export const LOCAL_AREAS = [
  "common",
  "separation",
  "mix",
  "copy",
  "community",
  "activity",
  "earn",
  "microAxios",
  "microMd5",
  "webSdk",
  "Web3",
] as const;
export type LocalArea = (typeof LOCAL_AREAS)[number];

export interface AreaStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
}

const memory = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function localArea(area: LocalArea, store: () => Storage | undefined = storage): AreaStore {
  const full = (key: string) => `${area}:${key}`;
  return {
    get(key) {
      try {
        const v = store()?.getItem(full(key));
        if (v !== null && v !== undefined) return v;
      } catch {
        // blocked: fall through to memory
      }
      return memory.get(full(key));
    },
    set(key, value) {
      memory.set(full(key), value);
      try {
        store()?.setItem(full(key), value);
      } catch {
        // quota or blocked: the memory copy serves this page
      }
    },
    remove(key) {
      memory.delete(full(key));
      try {
        store()?.removeItem(full(key));
      } catch {
        // blocked
      }
    },
  };
}
