import { data as withStatus, type AppLoadContext } from "@remix-run/node";
import copyCss from "~/styles/copy.css?inline";
import { callGateway } from "~/utils/gateway.server";
import { APP_CSS } from "~/utils/page-css.server";
import { prefsFromRequest } from "~/utils/prefs.server";
import {
  detailPath as detailOf,
  historyPath as historyOf,
  listQuery,
  readListParams,
  readProduct,
  type CopyProduct,
  type TraderDetail,
  type TraderHistory,
  type TraderList,
} from "./api";

type Ctx = Pick<AppLoadContext, "gatewayUrl" | "gatewayForward" | "publicOrigin" | "standalone">;

/** Every rule a copy-trading page uses, written in its head (docs/decisions/606, 357). */
const COPY_CSS = APP_CSS + copyCss;

/**
 * The environment a copy page shows: `live`, or `demo` when the address asks for it (`?demo=1`, which
 * the page's bundle adds in simulation mode: docs/decisions/701, 357) or when the trader leads only on
 * demo. The data are public either way; a demo page is never indexed.
 */
export type CopyEnv = "live" | "demo";

/** The standalone bundles of a copy page (docs/decisions/019): tracking, the link guard, the header's preferences, and the page's own. */
function bundles(context: Ctx) {
  return ["page-tracking", "wiki-links", "wiki-prefs", "copy-page"].map((name) => context.standalone(name));
}

/** Public GETs of the gateway in the reader's language, of the live market or the demo one. */
function reader(context: Ctx, request: Request, env: CopyEnv) {
  const locale = prefsFromRequest(request).language;
  return <T>(path: string) => callGateway<T>(context, request, path, { method: "GET", locale, paperTrading: env === "demo" });
}

const askedEnv = (url: URL): CopyEnv => (url.searchParams.get("demo") === "1" ? "demo" : "live");

/** `/copy-trading`'s page: the ranking as the address asks (period, sort, page, environment). */
export async function loadTraderList(context: Ctx, request: Request) {
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  const env = askedEnv(url);
  const r = await reader(context, request, env)<TraderList>(listQuery(params.period, params.sortBy, params.pageNo, params.product));
  return {
    params,
    env,
    list: r.ok ? r.data : null,
    origin: context.publicOrigin,
    bundles: bundles(context),
    css: COPY_CSS,
  };
}

/**
 * A trader's profile: the lead's figures, positions and history. A trader unknown on the live market
 * is looked up on demo before the page is a 404 (the server cannot know the reader's mode), so a
 * demo-only lead's address is always its profile.
 */
export async function loadTraderProfile(context: Ctx, request: Request, traderId: string) {
  const url = new URL(request.url);
  const asked = askedEnv(url);
  // a spot lead's profile is the same address with `?product=spot` (docs/decisions/362)
  const product = readProduct(url.searchParams);
  const detailPath = (id: string) => detailOf(id, product);
  const historyPath = (id: string) => historyOf(id, product);
  // Two public reads, whatever the case: the gateway allows 20 a second per address and route, and
  // an unknown id's demo look-up reads the history route (also 40701 for a non-lead), not the detail again.
  let env = asked;
  let detail = await reader(context, request, env)<TraderDetail>(detailPath(traderId));
  let history = detail.ok ? await reader(context, request, env)<TraderHistory>(historyPath(traderId)) : null;
  if (!detail.ok && detail.code === "40701" && asked === "live") {
    const demoHistory = await reader(context, request, "demo")<TraderHistory>(historyPath(traderId));
    if (demoHistory.ok) {
      [env, history] = ["demo", demoHistory];
      detail = await reader(context, request, "demo")<TraderDetail>(detailPath(traderId));
    } else if (demoHistory.code !== "40701") detail = demoHistory;
  }
  // a trader who leads both products links its two profiles (one more public read, a page of one)
  const other: CopyProduct = product === "spot" ? "futures" : "spot";
  const leadsOther = detail.ok ? (await reader(context, request, env)<TraderHistory>(historyOf(traderId, other, 1))).ok : false;
  const data = {
    traderId,
    env,
    product,
    /** The same trader leads the other product in this environment: the page links that profile. */
    leadsOther,
    /** The trader leads on demo only: the page shows its demo profile without being asked. */
    demoOnly: env === "demo" && asked === "live",
    detail: detail.ok ? detail.data : null,
    history: history?.ok ? history.data.trackingList : [],
    origin: context.publicOrigin,
    bundles: bundles(context),
    css: COPY_CSS,
  };
  if (!detail.ok && detail.code !== "40701") throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  return withStatus(data, { status: detail.ok ? 200 : 404 });
}
