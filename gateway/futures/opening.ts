/**
 * Opening futures (docs/decisions/351): an account trades live futures only after it accepted the
 * current risk agreement and answered the quiz right. Until then every order-placing futures path
 * is refused with Bitget's 40301; reads, cancels and closes stay open. Demo (simulated) trading
 * needs no opening, and each sub-account opens its own.
 */
import { EX_CODES } from "../../protocol/bitget.ts";
import { FUTURES_AGREEMENT_VERSION, FUTURES_QUIZ, type FuturesOpeningAnswer } from "../../protocol/futures-opening.ts";
import type { Db } from "../db/database.ts";
import { GatewayError } from "../envelope.ts";
import type { Env } from "../exchange/engine/types.ts";
import { FX_CODES } from "./codes.ts";
import { OpeningStore } from "./opening-store.ts";

export class FuturesOpening {
  private readonly store: OpeningStore;
  /** Opened accounts, read once each: an opening is never undone, so a yes stays yes. */
  private readonly known = new Set<string>();

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.store = new OpeningStore(db);
  }

  isOpen(userId: string): boolean {
    if (this.known.has(userId)) return true;
    const open = this.store.get(userId) !== undefined;
    if (open) this.known.add(userId);
    return open;
  }

  /** Refuses an order-placing call of an account that has not opened futures (live only). */
  requireOpen(env: Env, userId: string): void {
    if (env === "paper" || this.isOpen(userId)) return;
    throw new GatewayError(
      FX_CODES.futuresNotOpened,
      "Futures trading is not opened for this account: accept the futures risk agreement and pass the quiz first",
    );
  }

  /** Opens futures after checking the agreement version and every answer; opening twice answers the first opening. */
  open(userId: string, agreement: string, answers: Record<string, string>): FuturesOpeningAnswer {
    if (agreement !== FUTURES_AGREEMENT_VERSION)
      throw new GatewayError(
        EX_CODES.paramInvalid,
        `Parameter agreement is invalid: the current agreement is ${FUTURES_AGREEMENT_VERSION}`,
      );
    const wrong = FUTURES_QUIZ.filter((q) => answers[q.id] !== q.answer).map((q) => q.id);
    if (wrong.length) throw new GatewayError(EX_CODES.paramInvalid, `Parameter answers is invalid: wrong answer to ${wrong.join(", ")}`);
    const row = this.store.insert(userId, agreement, this.now());
    this.known.add(userId);
    return { openContract: true, openedAt: row.opened_at };
  }
}
