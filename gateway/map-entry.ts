/** The value under `key`, made and stored by `make` the first time it is asked for. */
export function mapEntry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}
