import { startTransition, useCallback, useEffect, useState } from "react";
import { updateOnceHydrated } from "~/lib/scheduling/hydration-gate";
import { LOCAL_PREF_DEFAULTS, localPrefs, type LocalPrefKey, type LocalPrefs } from "./local-prefs";

/**
 * One local-storage preference in a component: the default while the server renders and during
 * hydration (the server cannot read local storage), the stored value right after, saved on change.
 * The stored value comes in a transition: a panel that hydrates after the page's shell
 * (`HydrateLater`, docs/decisions/725) is then hydrated first instead of being rendered again
 * on the client, which an urgent update into a boundary not yet hydrated forces in React 18. A
 * change is a transition only while a panel is still waiting to hydrate (a click on one panel may
 * come before its neighbours have); after, it is urgent, as a controlled checkbox needs
 * (`updateOnceHydrated`).
 */
export function useLocalPref<K extends LocalPrefKey>(key: K): [LocalPrefs[K], (value: LocalPrefs[K]) => void] {
  const [value, setValue] = useState<LocalPrefs[K]>(LOCAL_PREF_DEFAULTS[key]);
  useEffect(() => startTransition(() => setValue(localPrefs().get(key))), [key]);
  const set = useCallback(
    (next: LocalPrefs[K]) => {
      localPrefs().set(key, next);
      updateOnceHydrated(() => setValue(next));
    },
    [key],
  );
  return [value, set];
}
