/**
 * The wallet's rules (docs/decisions/330): deposit addresses, deposits that gain a confirmation a
 * block and are credited once they have their network's, withdrawals held at request and paid out
 * (or given back) by the simulated chain, and the address book. Money moves only through the spot
 * engine and is durable (the exchange store's commit, with the wallet's rows in its transaction)
 * before a call answers.
 */
import { createHash } from "node:crypto";
import { EX_CODES, type BusinessType } from "../../protocol/bitget.ts";
import { ADDRESS_BOOK_LIMIT, WALLET_CODES, walletChain, type WalletChain } from "../../protocol/wallet.ts";
import { GatewayError } from "../envelope.ts";
import { parseScaled, pow10 } from "../exchange/decimal.ts";
import { EngineError, FEE_ACCOUNT, TREASURY, newChange, type Env } from "../exchange/engine/types.ts";
import type { ExchangeService } from "../exchange/service.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { ClientOidGate } from "../exchange/transfer-oids.ts";
import type { WalletAccounts } from "./account-link.ts";
import { addressFromSeed, depositAddress, isValidAddress, isValidTag } from "./addresses.ts";
import type { WalletConfig } from "./config.ts";
import type { AddressBookRow, DepositRow, RecordQuery, WalletStore, WithdrawalRow } from "./store.ts";
import { Ticker } from "../ticker.ts";

/** No single deposit or withdrawal above 10^10 coins: 10^18 ledger units, well inside SQLite's integers. */
const MAX_UNITS = 10n ** 18n;

const bad = (code: string, msg: string) => new GatewayError(code, msg, 400);

export function chainOf(coin: string, chain: string): WalletChain {
  const c = walletChain(coin, chain);
  if (!c) throw bad(EX_CODES.paramInvalid, `Chain ${chain} is not a network of ${coin}`);
  return c;
}

/** A decimal amount in ledger units with at most `scale` decimals, positive and bounded; else a 40017 naming `field`. */
export function amountOf(text: string, scale: number, field: string): bigint {
  const v = parseScaled(text.trim(), scale);
  if (v === undefined || v <= 0n)
    throw bad(EX_CODES.paramInvalid, `Parameter ${field} must be a positive decimal with at most ${scale} decimals`);
  const units = v * pow10(LEDGER_SCALE - scale);
  if (units > MAX_UNITS) throw bad(EX_CODES.paramInvalid, `Parameter ${field} is too large`);
  return units;
}

const units = (text: string) => parseScaled(text, LEDGER_SCALE) as bigint;

/** A transaction hash in the network's own look, made from what it records. */
function txHash(chain: WalletChain, what: string): string {
  const h = createHash("sha256").update(what).digest();
  if (chain.format === "evm") return "0x" + h.toString("hex");
  if (chain.format === "solana") return addressFromSeed("solana", h) + addressFromSeed("solana", createHash("sha256").update(h).digest());
  return h.toString("hex");
}

export interface WithdrawRequest {
  coin: string;
  chain: string;
  address: string;
  tag: string;
  size: string;
  clientOid: string;
  via: "web" | "api";
  /** The caller's proof (the web flow's second factor), run once every rule has passed and before anything is held. */
  confirm: () => void;
}

/** A withdrawal limit check: refuses by throwing, else returns the release of the room it holds. */
export type WithdrawLimit = (env: Env, userId: string, coin: string, amount: bigint) => () => void;

export class WalletService {
  private readonly secret: string;
  /** Withdrawals whose money is moving in a commit not yet durable: a cancel waits for the next look. */
  private readonly settling = new Set<number>();
  /** One withdrawal per clientOid, also while the first is being committed. */
  private readonly oids = new ClientOidGate();
  private ticking = false;
  private readonly clock = new Ticker();

  constructor(
    readonly store: WalletStore,
    private readonly exchange: ExchangeService,
    private readonly accounts: WalletAccounts,
    readonly config: WalletConfig,
    private readonly log: (err: unknown) => void,
    /** The daily limit of the account's identity level (docs/decisions/352): throws over it, else holds the room until released. */
    private readonly limit: WithdrawLimit = () => () => {},
  ) {
    this.secret = store.addressSecret(config.addressSecret);
  }

  start(): void {
    this.clock.start(this.config.blockIntervalMs, () => void this.block().catch(this.log));
  }

  stop(): void {
    this.clock.stop();
  }

  address(env: Env, userId: string, coin: string, chain: WalletChain) {
    return depositAddress(this.secret, { env, userId, coin, chain: chain.chain, format: chain.format });
  }

  /** A deposit seen on the chain with no confirmation yet (the operator's command, or a simulation account's own). */
  addDeposit(env: Env, userId: string, coin: string, chain: WalletChain, amount: bigint): DepositRow {
    if (amount < units(chain.minDeposit)) throw bad(WALLET_CODES.belowMinimum, `The minimum deposit is ${chain.minDeposit} ${coin}`);
    return recordDeposit(this.store, this.secret, { env, userId, coin, chain, amount });
  }

  async withdraw(env: Env, userId: string, r: WithdrawRequest): Promise<WithdrawalRow> {
    const chain = chainOf(r.coin, r.chain);
    if (!isValidAddress(chain.format, r.address))
      throw bad(WALLET_CODES.addressInvalid, `The address is not a valid ${chain.chain} address`);
    if (chain.needTag ? r.tag !== "" && !isValidTag(r.tag) : r.tag !== "") throw bad(EX_CODES.paramInvalid, "Parameter tag is invalid");
    const amount = amountOf(r.size, chain.withdrawScale, "size");
    if (amount < units(chain.minWithdraw)) throw bad(WALLET_CODES.belowMinimum, `The minimum withdrawal is ${chain.minWithdraw} ${r.coin}`);
    const fee = units(chain.withdrawFee);
    return this.oids.run(
      r.clientOid ? `${env}:${userId}:${r.clientOid}` : undefined,
      () => this.store.withdrawalByClientOid(env, userId, r.clientOid) !== undefined,
      () => this.request(env, userId, r, chain, amount, fee),
    );
  }

  /** Holds the amount and fee and records the withdrawal in one commit, then mails the user. */
  private async request(
    env: Env,
    userId: string,
    r: WithdrawRequest,
    chain: WalletChain,
    amount: bigint,
    fee: bigint,
  ): Promise<WithdrawalRow> {
    const ch = newChange();
    this.exchange.ensureAccount(env, userId, ch);
    let release = () => {};
    try {
      if (this.exchange.engine.balance(env, userId, r.coin).available < amount + fee)
        throw new EngineError(EX_CODES.insufficientBalance, "Insufficient balance");
      release = this.limit(env, userId, r.coin, amount);
      r.confirm();
      this.exchange.engine.hold(env, userId, r.coin, amount + fee, ch);
    } catch (err) {
      release();
      // funding of a new account is still worth keeping
      this.exchange.store.keep(ch);
      throw err;
    }
    let id = 0;
    const from = this.address(env, "hot-wallet", r.coin, chain).address;
    ch.extra.push(() => {
      id = this.store.addWithdrawal({
        env,
        user_id: userId,
        coin: r.coin,
        chain: chain.chain,
        amount,
        fee,
        to_address: r.address,
        tag: r.tag,
        from_address: from,
        client_oid: r.clientOid,
        via: r.via,
        requested_height: this.store.height(),
        need_confirm: chain.withdrawConfirm,
        created_at: Date.now(),
      });
    });
    try {
      await this.exchange.store.commit(ch);
    } finally {
      release();
    }
    const row = this.store.withdrawal(env, userId, id) as WithdrawalRow;
    this.accounts.notify(
      userId,
      "Withdrawal requested",
      `A withdrawal of ${r.size} ${r.coin} (fee ${chain.withdrawFee} ${r.coin}) to ${r.address}${r.tag ? ` tag ${r.tag}` : ""} on ${chain.chain} was requested${env === "paper" ? " in your simulation account" : ""}. If it was not you, cancel it now and change your password.`,
    );
    return row;
  }

  /** Cancels a pending withdrawal of the user: the held funds come back. */
  async cancel(env: Env, userId: string, id: number): Promise<void> {
    const w = this.store.withdrawal(env, userId, id);
    if (!w) throw bad(EX_CODES.orderNotFound, "The withdrawal does not exist");
    if (w.state !== "pending" || !(await this.giveBack(w, "cancelled", "")))
      throw bad(WALLET_CODES.notCancellable, "Only a pending withdrawal can be cancelled");
  }

  /**
   * Gives the held funds back (cancelled or failed), once: the state is read again and the
   * withdrawal marked as settling in the same turn, so a cancel and a failure never both pay back.
   */
  private async giveBack(seen: WithdrawalRow, state: "cancelled" | "failed", reason: string): Promise<boolean> {
    const w = this.store.withdrawal(seen.env, seen.user_id, seen.id);
    if (
      !w ||
      this.settling.has(w.id) ||
      (state === "cancelled" ? w.state !== "pending" : w.state !== "pending" && w.state !== "processing")
    )
      return false;
    const ch = newChange();
    this.settling.add(w.id);
    try {
      this.exchange.engine.release(w.env as Env, w.user_id, w.coin, w.amount + w.fee, ch);
      ch.extra.push(() => this.store.setWithdrawal(w.id, w.state, { state, now: Date.now(), failReason: reason }));
      await this.exchange.store.commit(ch);
    } finally {
      this.settling.delete(w.id);
    }
    return true;
  }

  /** One block of the simulated chain: every deposit and sent withdrawal gains a confirmation; what has enough is settled. */
  async block(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const height = this.store.nextBlock();
      await this.confirmDeposits(height);
      await this.moveWithdrawals(height);
    } finally {
      this.ticking = false;
    }
  }

  private async confirmDeposits(height: number): Promise<void> {
    const ch = newChange();
    const now = Date.now();
    for (const d of this.store.pendingDeposits()) {
      const confirm = Math.min(d.need_confirm, Math.max(0, height - d.seen_height));
      if (confirm < d.need_confirm) {
        this.store.setDepositConfirm(d.id, confirm, now);
        continue;
      }
      const env = d.env as Env;
      this.exchange.ensureAccount(env, d.user_id, ch);
      // the exchange's crediting path (service.applyDeposits): a DEPOSIT bill from the treasury, here with the deposit's id
      this.exchange.engine.transfer(env, TREASURY, d.user_id, d.coin, d.amount, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch, String(d.id));
      ch.extra.push(() => this.store.finishDeposit(d.id, confirm, now));
    }
    await this.exchange.store.commit(ch);
  }

  private async moveWithdrawals(height: number): Promise<void> {
    const ch = newChange();
    const now = Date.now();
    const paying: number[] = [];
    const failing: WithdrawalRow[] = [];
    for (const w of this.store.openWithdrawals()) {
      if (this.settling.has(w.id)) continue;
      const chain = walletChain(w.coin, w.chain);
      if (w.fail_requested || !chain) {
        failing.push(w);
      } else if (w.state === "pending" && height - w.requested_height >= this.config.reviewBlocks) {
        this.store.setWithdrawal(w.id, "pending", {
          state: "processing",
          now,
          sentHeight: height,
          txHash: txHash(chain, `withdraw:${w.env}:${w.id}`),
        });
      } else if (w.state === "processing" && w.sent_height !== null) {
        const confirm = Math.min(w.need_confirm, height - w.sent_height);
        if (confirm < w.need_confirm) {
          this.store.setWithdrawalConfirm(w.id, confirm, now);
          continue;
        }
        const env = w.env as Env;
        // what left for the chain goes back to the treasury that funds deposits; the fee to the house
        const legs: Array<[string, bigint, BusinessType]> = [
          [TREASURY, w.amount, "WITHDRAW"],
          [FEE_ACCOUNT, w.fee, "DEDUCTION_HANDLING_FEE"],
        ];
        for (const [to, amount, business] of legs)
          if (amount > 0n)
            this.exchange.engine.transfer(
              env,
              w.user_id,
              to,
              w.coin,
              amount,
              [business, "TRANSFER_IN"],
              "withdraw",
              ch,
              String(w.id),
              true,
            );
        this.settling.add(w.id);
        paying.push(w.id);
        ch.extra.push(() => this.store.setWithdrawal(w.id, "processing", { state: "success", now, confirm }));
      }
    }
    try {
      await this.exchange.store.commit(ch);
    } finally {
      for (const id of paying) this.settling.delete(id);
    }
    for (const w of failing) await this.giveBack(w, "failed", "rejected by the network");
  }

  deposits(q: RecordQuery): DepositRow[] {
    return this.store.deposits(q);
  }

  withdrawals(q: RecordQuery): WithdrawalRow[] {
    return this.store.withdrawals(q);
  }

  addressBook(userId: string): AddressBookRow[] {
    return this.store.addressBook(userId);
  }

  addAddress(userId: string, a: { label: string; coin: string; chain: string; address: string; tag: string }): AddressBookRow {
    const chain = chainOf(a.coin, a.chain);
    if (!isValidAddress(chain.format, a.address))
      throw bad(WALLET_CODES.addressInvalid, `The address is not a valid ${chain.chain} address`);
    if (chain.needTag ? a.tag !== "" && !isValidTag(a.tag) : a.tag !== "") throw bad(EX_CODES.paramInvalid, "Parameter tag is invalid");
    if (this.store.addressBook(userId).length >= ADDRESS_BOOK_LIMIT)
      throw bad(WALLET_CODES.addressBookFull, `At most ${ADDRESS_BOOK_LIMIT} addresses`);
    const row = {
      user_id: userId,
      label: a.label,
      coin: a.coin,
      chain: chain.chain,
      address: a.address,
      tag: a.tag,
      created_at: Date.now(),
    };
    return { id: this.store.addAddress(row), ...row };
  }

  deleteAddress(userId: string, id: number): void {
    if (!this.store.deleteAddress(userId, id)) throw bad(EX_CODES.paramInvalid, "No such address");
  }
}

/** Writes a deposit as the chain first sees it; shared by the service and the operator's command (cli/deposit.ts). */
export function recordDeposit(
  store: WalletStore,
  secret: string,
  d: { env: Env; userId: string; coin: string; chain: WalletChain; amount: bigint },
): DepositRow {
  if (d.amount <= 0n || d.amount > MAX_UNITS) throw new EngineError(EX_CODES.paramInvalid, "amount out of range");
  const to = depositAddress(secret, { env: d.env, userId: d.userId, coin: d.coin, chain: d.chain.chain, format: d.chain.format });
  const now = Date.now();
  const height = store.height();
  const salt = `${d.env}:${d.userId}:${d.coin}:${d.chain.chain}:${d.amount}:${now}:${height}:${Math.random()}`;
  const id = store.addDeposit({
    env: d.env,
    user_id: d.userId,
    coin: d.coin,
    chain: d.chain.chain,
    amount: d.amount,
    to_address: to.address,
    tag: to.tag,
    from_address: addressFromSeed(d.chain.format, createHash("sha256").update(`from:${salt}`).digest()),
    tx_hash: txHash(d.chain, `deposit:${salt}`),
    seen_height: height,
    need_confirm: d.chain.depositConfirm,
    created_at: now,
  });
  return store.deposits({
    env: d.env,
    userId: d.userId,
    coin: null,
    id,
    start: 0,
    end: Number.MAX_SAFE_INTEGER,
    before: Number.MAX_SAFE_INTEGER,
    limit: 1,
  })[0] as DepositRow;
}
