import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHttp } from "~/lib/http/browser-client";
import { copyErrorKey, COPY_PATHS, detailPath, type FollowedTrader } from "~/lib/copy/api";

/** Who reads the page, as copy trading sees them: signed in, a lead, and the traders they follow. */
export interface CopyViewer {
  userId: string | null;
  isLead: boolean;
  following: FollowedTrader[];
  loaded: boolean;
  refresh: () => void;
}

/**
 * Signed private reads the server cannot make (docs/decisions/006), in the browser's environment
 * (live, or demo in simulation mode: the client adds the header). `loaded` is false until they answer.
 */
export function useCopyViewer(userId: string | null): CopyViewer {
  const [state, setState] = useState<{ isLead: boolean; following: FollowedTrader[]; loaded: boolean }>({
    isLead: false,
    following: [],
    loaded: false,
  });
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
    ]).then(([isLead, following]) => live && setState({ isLead, following: Array.isArray(following) ? following : [], loaded: true }));
    return () => {
      live = false;
    };
  }, [userId, tick]);
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
