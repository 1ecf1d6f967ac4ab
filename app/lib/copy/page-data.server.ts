import { data as withStatus, type AppLoadContext } from "@remix-run/node";
import { gatewayReader } from "~/utils/market-page.server";
import { detailPath, historyPath, listQuery, readListParams, type TraderDetail, type TraderHistory, type TraderList } from "./api";

type Ctx = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward" | "publicOrigin">;

/** `/copy-trading`'s first paint: the live ranking as the address asks (period, sort, page). */
export async function loadTraderList(context: Ctx, request: Request) {
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const r = await gatewayReader(context, request)<TraderList>(listQuery(params.period, params.sortBy, params.pageNo));
  return {
    params,
    list: r.ok ? r.data : null,
    origin: context.publicOrigin,
  };
}

/**
 * A trader's profile: the live lead's figures, positions and history. An unknown live trader is a
 * 404 page that a browser in simulation mode fills with the demo lead of that id, if any.
 */
export async function loadTraderProfile(context: Ctx, request: Request, traderId: string) {
  const get = gatewayReader(context, request);
  const [detail, history] = await Promise.all([get<TraderDetail>(detailPath(traderId)), get<TraderHistory>(historyPath(traderId))]);
  const data = {
    traderId,
    detail: detail.ok ? detail.data : null,
    history: history.ok ? history.data.trackingList : [],
    origin: context.publicOrigin,
  };
  if (!detail.ok && detail.code !== "40701") throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  return withStatus(data, { status: detail.ok ? 200 : 404 });
}
