/**
 * The assets area's HTTP (docs/decisions/331): Bitget's all-account balance, and the gateway's own
 * equity history and transfer limit for the asset pages. Web session or API key, live or demo
 * (`paptrading: 1`), through the exchange's private-route wrapper.
 */
import type { FastifyInstance } from "fastify";
import { ASSET_PATHS, EQUITY_HISTORY_DAYS } from "../../protocol/assets.ts";
import { EX_CODES } from "../../protocol/bitget.ts";
import { GatewayError, ok } from "../envelope.ts";
import { units } from "../exchange/format.ts";
import { COINS } from "../exchange/instruments.ts";
import { privateRoute, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import { qString, queryEnumOf, type Query } from "../exchange/routes/query.ts";
import type { FuturesService } from "../futures/service.ts";
import type { MarginService } from "../margin/service.ts";
import { maxTransferOut, type AccountValue } from "./accounts.ts";
import type { AssetService } from "./service.ts";

export interface AssetRouteDeps extends ExchangeRouteDeps {
  assets: AssetService;
  futures: FuturesService;
  margin: MarginService;
}

/** The dialog's source accounts, spelled as `wallet/transfer` spells them, and the kind each values. */
const FROM_TYPES = { spot: "spot", usdt_futures: "futures", crossed_margin: "crossed_margin", isolated_margin: "isolated_margin" } as const;

const sum = (values: readonly AccountValue[]) => values.reduce((s, v) => s + v.usdt, 0n);

export function assetRoutes(app: FastifyInstance, deps: AssetRouteDeps): void {
  const route = privateRoute(app, deps);
  const svc = deps.assets;

  route("GET", ASSET_PATHS.allAccountBalance, 1, false, async (_req, p, env) => {
    const [spot, futures, crossed, isolated] = svc.breakdown(env, p.userId) as [AccountValue, AccountValue, AccountValue, AccountValue];
    return ok([
      { accountType: "spot", usdtBalance: units(spot.usdt) },
      { accountType: "futures", usdtBalance: units(futures.usdt) },
      { accountType: "margin", usdtBalance: units(crossed.usdt + isolated.usdt) },
    ]);
  });

  route("GET", ASSET_PATHS.equityHistory, 5, false, async (req, p, env) => {
    const q = req.query as Query;
    const daysText = qString(q, "days", false, 4) ?? "30";
    const days = Number(daysText);
    if (!(EQUITY_HISTORY_DAYS as readonly number[]).includes(days) || String(days) !== daysText)
      throw new GatewayError(EX_CODES.paramInvalid, `Parameter days must be one of ${EQUITY_HISTORY_DAYS.join(", ")}`);
    const now = Date.now();
    const current = svc.breakdown(env, p.userId);
    const coins = new Map<string, bigint>();
    for (const v of current) for (const [coin, usdt] of v.coins) coins.set(coin, (coins.get(coin) ?? 0n) + usdt);
    return ok({
      intervalMs: String(svc.config.snapshotIntervalMs),
      days: String(days),
      points: svc.history(env, p.userId, days, now).map((pt) => ({
        ts: String(pt.slot),
        total: units(pt.total),
        ...Object.fromEntries(Object.entries(pt.accounts).map(([k, v]) => [k, units(v)])),
      })),
      current: {
        ts: String(now),
        total: units(sum(current)),
        accounts: current.map((v) => ({ accountType: v.type, usdt: units(v.usdt), exists: v.exists })),
        coins: [...coins].sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0)).map(([coin, usdt]) => ({ coin, usdt: units(usdt) })),
      },
    });
  });

  route("GET", ASSET_PATHS.transferMax, 10, false, async (req, p, env) => {
    const q = req.query as Query;
    const fromType = queryEnumOf(q, Object.keys(FROM_TYPES) as Array<keyof typeof FROM_TYPES>, "fromType");
    if (!fromType) throw new GatewayError(EX_CODES.paramEmpty, "Parameter fromType cannot be empty");
    const coin = qString(q, "coin", true, 16)?.toUpperCase() as string;
    if (!COINS.includes(coin)) throw new GatewayError(EX_CODES.paramNotExist, `Parameter ${coin} does not exist`);
    const symbol = qString(q, "symbol", false, 32);
    const max = maxTransferOut(deps, env, p.userId, FROM_TYPES[fromType], coin, symbol);
    return ok({ fromType, coin, symbol: symbol?.toUpperCase() ?? "", maxTransferOut: units(max) });
  });
}
