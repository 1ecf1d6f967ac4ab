import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { PATHS } from "../../protocol/paths";
import { emptyRates, ratesFrom, type RatesData, type RatesState } from "~/lib/prefs/rates";
import { callGateway } from "./gateway.server";

/** Rates move slowly; one gateway call a minute serves every page render. */
export const RATES_TTL_MS = 60_000;

const Decimal = z.string().regex(/^\d{1,20}(\.\d{1,20})?$/);
const Rates = z.object({
  supported: z.array(z.object({ name: z.string().max(16), symbol: z.string().max(8), value: z.string().regex(/^[A-Z]{3,5}$/) })).max(64),
  rates: z.record(z.string().regex(/^[A-Z]{3,5}$/), Decimal),
});

let cached: { at: number; data: RatesData } | undefined;
let inflight: Promise<void> | undefined;

/** The USDT rates for a page; empty (all 0) when the gateway cannot say, never an error. */
export async function ratesForPage(
  context: Pick<AppLoadContext, "gatewayUrl" | "gatewayForward">,
  request: Request,
  now = Date.now(),
): Promise<RatesState> {
  if (!cached || now - cached.at >= RATES_TTL_MS) {
    inflight ??= callGateway<unknown>(context, request, PATHS.usdtRate, { body: { locale: "en" } })
      .then((r) => {
        const parsed = r.ok ? Rates.safeParse(r.data) : undefined;
        if (parsed?.success) cached = { at: Date.now(), data: parsed.data };
      })
      .finally(() => (inflight = undefined));
    await inflight;
  }
  return cached ? ratesFrom(cached.data, cached.at) : emptyRates();
}
