import { data as withStatus, type AppLoadContext } from "@remix-run/node";
import copyCss from "~/styles/copy.css?inline";
import { callGateway } from "~/utils/gateway.server";
import { APP_CSS } from "~/utils/page-css.server";
import { prefsFromRequest } from "~/utils/prefs.server";
import { detailPath, historyPath, listQuery, readListParams, type TraderDetail, type TraderHistory, type TraderList } from "./api";

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
  const r = await reader(context, request, env)<TraderList>(listQuery(params.period, params.sortBy, params.pageNo));
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
  const read = async (env: CopyEnv) => {
    const get = reader(context, request, env);
    const [detail, history] = await Promise.all([get<TraderDetail>(detailPath(traderId)), get<TraderHistory>(historyPath(traderId))]);
    return { env, detail, history };
  };
  let found = await read(asked);
  if (!found.detail.ok && found.detail.code === "40701" && asked === "live") {
    const demo = await read("demo");
    if (demo.detail.ok) found = demo;
  }
  const { env, detail, history } = found;
  const data = {
    traderId,
    env,
    /** The trader leads on demo only: the page shows its demo profile without being asked. */
    demoOnly: env === "demo" && asked === "live",
    detail: detail.ok ? detail.data : null,
    history: history.ok ? history.data.trackingList : [],
    origin: context.publicOrigin,
    bundles: bundles(context),
    css: COPY_CSS,
  };
  if (!detail.ok && detail.code !== "40701") throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  return withStatus(data, { status: detail.ok ? 200 : 404 });
}
