/**
 * The futures protection fund's opening balance (docs/decisions/716): once per environment the
 * operator's PROTECTION_FUND_OPENING_USDT moves from the house treasury into the fund, as one
 * counted transfer in one SQLite transaction: on the spot ledger the treasury pays the futures
 * bridge (the spot side of every futures balance, as a user's transfer to futures pays it), and
 * the fund's futures balance rises by the same amount with its bill. Nothing is minted: the
 * treasury's side is billed like every deposit it funds.
 */
import { z } from "zod";
import { parseScaled } from "../exchange/decimal.ts";
import type { Db } from "../db/database.ts";
import { TREASURY, newChange, type Env } from "../exchange/engine/types.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { parseEnv } from "../validate.ts";
import type { Futures } from "./futures.ts";
import { newFxChange } from "./ledger.ts";
import { FUTURES_BRIDGE, PROTECTION_FUND } from "./service.ts";

/** The default opening balance: the margin fund's default (MARGIN_FUND_USDT), so both funds start alike. */
export const DEFAULT_FUND_OPENING_USDT = "1000000";

const Schema = z.object({
  PROTECTION_FUND_OPENING_USDT: z
    .string()
    .regex(/^\d{1,12}$/, "must be a whole number of USDT")
    .default(DEFAULT_FUND_OPENING_USDT),
});

/** The opening balance in ledger units, read once from the environment; 0 leaves the fund unseeded. */
export function fundOpeningFromEnv(env: NodeJS.ProcessEnv = process.env): bigint {
  const e = parseEnv(Schema, env, "futures");
  return (parseScaled(e.PROTECTION_FUND_OPENING_USDT, 0) as bigint) * 10n ** BigInt(LEDGER_SCALE);
}

const flag = (env: Env) => `fund-opened:${env}`;
/** The spot bills' reference: the fund's opening, findable in the treasury's and the bridge's bills. */
const OPENING_REF = "protection-fund-opening";

/**
 * Seeds the fund in every environment that has not been seeded yet. The flag is written in the
 * same transaction as the money, so a crash leaves either both or neither, and a restart never
 * pays twice. A later change of the variable does not top the fund up.
 */
export function openProtectionFund(db: Db, futures: Futures, amount: bigint, now = Date.now()): void {
  if (amount <= 0n) return;
  const spot = futures.exchange.svc;
  for (const env of ["live", "paper"] as const) {
    if (futures.store.meta(flag(env))) continue;
    const spotCh = newChange();
    // the spot ledger's leg: the treasury pays the futures bridge, which backs every futures balance
    spot.engine.transfer(env, TREASURY, FUTURES_BRIDGE, "USDT", amount, ["TRANSFER_OUT", "TRANSFER_IN"], "transfer", spotCh, OPENING_REF);
    // the futures leg: the fund's balance and its bill, as a transfer from spot writes them
    const fund = futures.svc.account(env, PROTECTION_FUND);
    fund.balance += amount;
    fund.uTime = now;
    const fxCh = newFxChange();
    fxCh.accounts.add(fund);
    fxCh.bill({
      id: futures.ids.next(now),
      env,
      userId: PROTECTION_FUND,
      symbol: "",
      business: "trans_from_exchange",
      amount,
      fee: 0n,
      balance: fund.balance,
      ts: now,
    });
    db.transaction(() => {
      spot.store.write(spotCh);
      futures.store.write(fxCh);
      futures.store.setMeta(flag(env), String(now));
    })();
    for (const l of spot.store.committed) l(spotCh);
    for (const l of futures.svc.committed) l(fxCh);
  }
}
