import { useCallback, useEffect, useState } from "react";
import { LOCAL_PREF_DEFAULTS, localPrefs, type LocalPrefKey, type LocalPrefs } from "./local-prefs";

/**
 * One local-storage preference in a component: the default while the server renders and during
 * hydration (the server cannot read local storage), the stored value right after, saved on change.
 */
export function useLocalPref<K extends LocalPrefKey>(key: K): [LocalPrefs[K], (value: LocalPrefs[K]) => void] {
  const [value, setValue] = useState<LocalPrefs[K]>(LOCAL_PREF_DEFAULTS[key]);
  useEffect(() => setValue(localPrefs().get(key)), [key]);
  const set = useCallback(
    (next: LocalPrefs[K]) => {
      localPrefs().set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
