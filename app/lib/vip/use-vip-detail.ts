import { useCallback } from "react";
import { VIP_PATHS, type VipDetail } from "../../../protocol/vip";
import { useAsync, type Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";

/** The trader's VIP standing from `/v1/vip/detail`, asked by the browser (it holds the signing key); idle for a guest. */
export function useVipDetail(loggedIn: boolean): [Async<VipDetail>, () => void] {
  const load = useCallback(
    () => (loggedIn ? browserHttp().get<VipDetail>(VIP_PATHS.detail) : new Promise<VipDetail>(() => undefined)),
    [loggedIn],
  );
  return useAsync(load);
}
