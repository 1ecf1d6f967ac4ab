import { useEffect } from "react";
import { browserHttp } from "~/lib/http/browser-client";
import { lastUser } from "~/lib/http/device-identity";
import { syncUserInfo } from "~/lib/http/user-info";
import { useRootData } from "~/lib/root-data";

/** Once per page load, not per render or per navigation (docs/decisions/504). */
let asked = false;

/**
 * Confirms in the browser who the server rendered as logged in, keeping the global user id (the
 * device check's "previous user") in step. Guests are not asked: they have no user to confirm.
 */
export function UserInfoSync() {
  const loggedIn = Boolean(useRootData()?.user?.userId);
  useEffect(() => {
    if (!loggedIn || asked) return;
    asked = true;
    void syncUserInfo(browserHttp(), lastUser, document.documentElement.dataset.locale ?? "en");
  }, [loggedIn]);
  return null;
}
