/**
 * The browser's key store: IndexedDB (database version 1, store `local_cache`, docs/product.md). It
 * keeps CryptoKey objects themselves; the private key is non-extractable, so neither this code
 * nor any other script can read its bytes.
 */
export interface StoredKeyPair {
  privateKey: CryptoKey;
  /** base64 SPKI DER of the public key. */
  publicKey: string;
  algorithm: "rsa1024" | "rsa2048";
  savedAt: number;
}

export interface KeyStore {
  get(id: string): Promise<StoredKeyPair | undefined>;
  put(id: string, pair: StoredKeyPair): Promise<void>;
  delete(id: string): Promise<void>;
  keys(): Promise<string[]>;
}

export const KEY_DB = { name: "mix-web", version: 1, store: "local_cache" } as const;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export function indexedDbKeyStore(factory: IDBFactory = indexedDB): KeyStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = () =>
    (db ??= new Promise((resolve, reject) => {
      const r = factory.open(KEY_DB.name, KEY_DB.version);
      r.onupgradeneeded = () => {
        if (!r.result.objectStoreNames.contains(KEY_DB.store)) r.result.createObjectStore(KEY_DB.store);
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    }));
  const tx = async (mode: IDBTransactionMode) => (await open()).transaction(KEY_DB.store, mode).objectStore(KEY_DB.store);
  return {
    async get(id) {
      return (await request((await tx("readonly")).get(id))) as StoredKeyPair | undefined;
    },
    async put(id, pair) {
      await request((await tx("readwrite")).put(pair, id));
    },
    async delete(id) {
      await request((await tx("readwrite")).delete(id));
    },
    async keys() {
      return ((await request((await tx("readonly")).getAllKeys())) as IDBValidKey[]).map(String);
    },
  };
}

/** For tests and for browsers where IndexedDB is blocked: keys live as long as the page. */
export function memoryKeyStore(): KeyStore {
  const m = new Map<string, StoredKeyPair>();
  return {
    get: async (id) => m.get(id),
    put: async (id, p) => void m.set(id, p),
    delete: async (id) => void m.delete(id),
    keys: async () => [...m.keys()],
  };
}
