import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserHttp } from "~/lib/http/browser-client";
import {
  copyErrorKey,
  COPY_PATHS,
  SPOT_COPY_PATHS,
  SPOT_COPY_PUBLIC_PATHS,
  type CopyProduct,
  type CopyRoles,
  type FollowedTrader,
} from "~/lib/copy/api";

/** Who reads the page, as copy trading sees them: signed in, a lead, and the traders they follow. */
export interface CopyViewer {
  userId: string | null;
  /** Leads this product's copy trading. */
  isLead: boolean;
  /** May not follow in this product: a lead of it (and, on spot, a futures lead too: decision 360). */
  cannotFollow: boolean;
  following: FollowedTrader[];
  loaded: boolean;
  refresh: () => void;
}

const NO_ROLES: CopyRoles = { futuresLead: false, futuresFollower: false, spotLead: false, spotFollower: false };

/** Whether the account leads or may follow in a product, from its roles. */
export function viewerRoles(roles: CopyRoles, product: CopyProduct): { isLead: boolean; cannotFollow: boolean } {
  if (product === "spot") return { isLead: roles.spotLead, cannotFollow: roles.spotLead || roles.futuresLead };
  return { isLead: roles.futuresLead, cannotFollow: roles.futuresLead };
}

/**
 * Signed private reads the server cannot make (docs/decisions/006), in the browser's environment
 * (live, or demo in simulation mode: the client adds the header). `loaded` is false until they answer.
 * The roles come from `GET /api/v2/copy/roles`, which answers a non-lead without an error (no failed
 * call in the console, docs/decisions/362).
 */
export function useCopyViewer(userId: string | null, product: CopyProduct = "futures"): CopyViewer {
  const [state, setState] = useState<{ isLead: boolean; cannotFollow: boolean; following: FollowedTrader[]; loaded: boolean }>({
    isLead: false,
    cannotFollow: false,
    following: [],
    loaded: false,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const http = browserHttp();
    void Promise.all([
      http.get<CopyRoles>(SPOT_COPY_PUBLIC_PATHS.roles).catch(() => NO_ROLES),
      http.get<FollowedTrader[]>(product === "spot" ? SPOT_COPY_PATHS.followerTraders : COPY_PATHS.followerTraders).catch(() => []),
    ]).then(
      ([roles, following]) =>
        live &&
        setState({ ...viewerRoles(roles ?? NO_ROLES, product), following: Array.isArray(following) ? following : [], loaded: true }),
    );
    return () => {
      live = false;
    };
  }, [userId, product, tick]);
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
