import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHttp } from "~/lib/http/browser-client";
import { copyErrorKey, COPY_PATHS, detailPath, type FollowedTrader } from "~/lib/copy/api";
import { useRootData } from "~/lib/root-data";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";

/**
 * The server's live data, or in simulation mode (which only the browser knows, docs/decisions/701)
 * the same read again through the browser's client, which addresses the demo environment.
 * `reload` reads again after an action: the loader's (live) or the browser's (demo).
 */
export function useEnvData<T>(serverData: T, path: string | null): { data: T; demo: boolean; reload: () => void } {
  const demo = useSimulationMode();
  const revalidator = useRevalidator();
  const [own, setOwn] = useState<{ path: string; data: T } | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!demo || !path) return;
    let live = true;
    browserHttp()
      .get<T>(path)
      .then((d) => live && setOwn({ path, data: d }))
      .catch(() => live && setOwn({ path, data: null as T }));
    return () => {
      live = false;
    };
  }, [demo, path, tick]);
  const reload = useCallback(() => (demo ? setTick((n) => n + 1) : revalidator.revalidate()), [demo, revalidator]);
  return { data: demo ? (own && own.path === path ? own.data : (null as T)) : serverData, demo, reload };
}

/** Who reads the page, as copy trading sees them: signed in, a lead, and the traders they follow. */
export interface CopyViewer {
  userId: string | null;
  isLead: boolean;
  following: FollowedTrader[];
  refresh: () => void;
}

export function useCopyViewer(): CopyViewer {
  const userId = useRootData()?.user?.userId ?? null;
  const demo = useSimulationMode();
  const [state, setState] = useState<{ isLead: boolean; following: FollowedTrader[] }>({ isLead: false, following: [] });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const http = browserHttp();
    void Promise.all([
      http.get(detailPath(userId)).then(
        () => true,
        () => false,
      ),
      http.get<FollowedTrader[]>(COPY_PATHS.followerTraders).catch(() => []),
    ]).then(([isLead, following]) => live && setState({ isLead, following: Array.isArray(following) ? following : [] }));
    return () => {
      live = false;
    };
  }, [userId, demo, tick]);
  return { userId, ...state, refresh: () => setTick((n) => n + 1) };
}

/** A refusal's text in the reader's language. */
export function useCopyErrorText(): (err: unknown) => string {
  const { t } = useTranslation("copy");
  return (err) => {
    const { key, msg } = copyErrorKey(err);
    return t(key, { msg });
  };
}
