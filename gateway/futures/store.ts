/** The futures area's SQL (docs/decisions/310): funding history, the protection fund, bookkeeping. */
import type { Statement } from "better-sqlite3";
import type { Db } from "../db/database.ts";
import type { Env } from "../exchange/engine/types.ts";

export interface FundingRow {
  symbol: string;
  fundingTime: number;
  ratePpm: number;
}

export class FuturesStore {
  private readonly insertFunding: Statement;
  private readonly fundingPage: Statement;
  private readonly lastFunding: Statement;
  private readonly fundBalance: Statement;
  private readonly setFund: Statement;

  constructor(readonly db: Db) {
    this.insertFunding = db.prepare("INSERT OR IGNORE INTO fx_funding (env, symbol, funding_time, rate_ppm) VALUES (?, ?, ?, ?)");
    this.fundingPage = db.prepare(
      "SELECT symbol, funding_time, rate_ppm FROM fx_funding WHERE env = ? AND symbol = ? ORDER BY funding_time DESC LIMIT ? OFFSET ?",
    );
    this.lastFunding = db.prepare("SELECT max(funding_time) AS t FROM fx_funding WHERE env = ? AND symbol = ?");
    this.fundBalance = db.prepare("SELECT balance FROM fx_protection_fund WHERE env = ?").safeIntegers(true);
    this.setFund = db.prepare(
      "INSERT INTO fx_protection_fund (env, balance) VALUES (?, ?) ON CONFLICT(env) DO UPDATE SET balance = excluded.balance",
    );
  }

  /** Records a settled funding rate; a second record of the same time is ignored (restarts). */
  addFunding(env: Env, symbol: string, fundingTime: number, ratePpm: number): void {
    this.insertFunding.run(env, symbol, fundingTime, ratePpm);
  }

  /** Newest first, Bitget's page numbering (1-based). */
  funding(env: Env, symbol: string, pageSize: number, pageNo: number): FundingRow[] {
    const rows = this.fundingPage.all(env, symbol, pageSize, (pageNo - 1) * pageSize) as Array<{
      symbol: string;
      funding_time: number;
      rate_ppm: number;
    }>;
    return rows.map((r) => ({ symbol: r.symbol, fundingTime: r.funding_time, ratePpm: r.rate_ppm }));
  }

  lastFundingTime(env: Env, symbol: string): number | undefined {
    return (this.lastFunding.get(env, symbol) as { t: number | null }).t ?? undefined;
  }

  protectionFund(env: Env): bigint {
    return ((this.fundBalance.get(env) as { balance: bigint } | undefined)?.balance ?? 0n) as bigint;
  }

  setProtectionFund(env: Env, balance: bigint): void {
    this.setFund.run(env, balance);
  }

  meta(key: string): string | undefined {
    return (this.db.prepare("SELECT value FROM fx_meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare("INSERT INTO fx_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
  }
}
