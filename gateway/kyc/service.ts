/**
 * Identity verification's rules (docs/decisions/352): level 1 (personal details) and level 2 (a
 * document photo and a selfie) are applications that an operator (`npm run kyc:review`) or the
 * automatic reviewer decides; a level is what was approved. A sub-account has its main account's
 * level and name. Each level allows so much withdrawn per rolling 24 hours, checked in the
 * wallet's withdrawal path for the web and the API alike.
 */
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import {
  basicProblems,
  KYC_CODES,
  KYC_DAILY_WITHDRAW_USDT,
  KYC_WINDOW_MS,
  normaliseBasic,
  type BasicDetails,
  type ImageKind,
  type KycLevel,
} from "../../protocol/kyc.ts";
import { CODES } from "../../protocol/codes.ts";
import type { UserRow, Users } from "../accounts/users.ts";
import { GatewayError, refuse } from "../envelope.ts";
import { formatScaled, parseScaled } from "../exchange/decimal.ts";
import type { Env } from "../exchange/engine/types.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import { Ticker } from "../ticker.ts";
import type { KycConfig } from "./config.ts";
import { ImageRefused, reencode } from "./images.ts";
import type { ApplicationRow, KycStore } from "./store.ts";

const FILE_NAME = /^[0-9a-f]{32}\.jpg$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface Identity {
  level: KycLevel;
  realName: string;
}

/** USDT ledger units of `amount` ledger units of `coin` at the spot last price. */
export type ValueInUsdt = (env: Env, coin: string, amount: bigint) => bigint;

/** Where the photos are kept: a folder of DATA_DIR, never a folder the web server serves. */
export const photoDir = (dataDir: string) => join(dataDir, "kyc-photos");

/** Decides one pending application (the operator's command and the automatic reviewer). */
export function review(store: KycStore, id: number, approve: boolean, reason: string, reviewer: string, now = Date.now()): ApplicationRow {
  const a = store.application(id);
  if (!a) throw new Error(`no application ${id}`);
  if (a.status !== "pending" || !store.decide(id, approve, reason, reviewer, now))
    throw new Error(`application ${id} is already ${a.status}`);
  return store.application(id) as ApplicationRow;
}

export class KycService {
  private readonly dir: string;
  private readonly clock = new Ticker();
  /** Withdrawals checked but not yet recorded by the wallet (USDT units per env:user), so two at once cannot both use the same room. */
  private readonly inflight = new Map<string, bigint>();

  constructor(
    readonly store: KycStore,
    private readonly users: Users,
    dataDir: string,
    private readonly config: KycConfig,
    private readonly value: ValueInUsdt,
    private readonly log: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = photoDir(dataDir);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** The automatic reviewer, when configured: every pending application that waited long enough is decided. */
  start(): void {
    if (this.config.autoReview === "off") return;
    const tick = Math.max(100, Math.min(1000, this.config.autoReviewDelayMs));
    this.clock.start(tick, () => {
      try {
        this.autoReview();
      } catch (err) {
        this.log(err);
      }
    });
  }

  stop(): void {
    this.clock.stop();
  }

  autoReview(): number {
    if (this.config.autoReview === "off") return 0;
    const approve = this.config.autoReview === "approve";
    let n = 0;
    for (const a of this.store.pending(this.now() - this.config.autoReviewDelayMs)) {
      if (this.store.decide(a.id, approve, approve ? "" : "Rejected by the automatic reviewer", "auto", this.now())) n++;
    }
    return n;
  }

  /** The main account whose identity a user has: itself, or a sub-account's parent. */
  private mainOf(user: UserRow): UserRow {
    return user.parent_id ? (this.users.byId(user.parent_id) ?? user) : user;
  }

  identityOf(user: UserRow): Identity {
    const id = this.store.identity(this.mainOf(user).id);
    return { level: (id?.level ?? 0) as KycLevel, realName: id?.realName ?? "" };
  }

  private requireMain(user: UserRow): void {
    if (user.parent_id) throw refuse(KYC_CODES.subAccount, "A sub-account has its main account's identity level");
  }

  private requireNoneWaiting(user: UserRow): void {
    if (this.store.latest(user.id)?.status === "pending") throw refuse(KYC_CODES.pending, "An application is already waiting for review");
  }

  /** What the verification page shows. */
  info(user: UserRow, env: Env = "live") {
    const identity = this.identityOf(user);
    const main = this.mainOf(user);
    const latest = this.store.latest(main.id);
    const room = this.room(env, user.id, identity.level);
    return {
      level: identity.level,
      subAccount: Boolean(user.parent_id),
      application: latest
        ? {
            id: latest.id,
            level: latest.level,
            status: latest.status,
            reason: latest.reason,
            createdAt: latest.createdAt,
            reviewedAt: latest.reviewedAt,
          }
        : null,
      photos: { document: Boolean(this.store.upload(main.id, "document")), selfie: Boolean(this.store.upload(main.id, "selfie")) },
      limits: { 0: KYC_DAILY_WITHDRAW_USDT[0], 1: KYC_DAILY_WITHDRAW_USDT[1], 2: KYC_DAILY_WITHDRAW_USDT[2] },
      withdraw: {
        coin: "USDT",
        limit: KYC_DAILY_WITHDRAW_USDT[identity.level],
        used: formatScaled(room.used, LEDGER_SCALE, 2),
        remaining: formatScaled(room.limit > room.used ? room.limit - room.used : 0n, LEDGER_SCALE, 2),
      },
    };
  }

  submitBasic(user: UserRow, details: BasicDetails): ApplicationRow {
    this.requireMain(user);
    const d = normaliseBasic(details);
    const problems = basicProblems(d, this.now());
    const first = Object.entries(problems)[0];
    if (first) throw new GatewayError(CODES.invalidParameter, `Invalid parameter ${first[0]}: ${first[1]}`);
    if (this.identityOf(user).level >= 1) throw refuse(KYC_CODES.wrongLevel, "Level 1 is already verified");
    this.requireNoneWaiting(user);
    const id = this.store.addApplication({ userId: user.id, level: 1, ...d, documentFile: "", selfieFile: "", createdAt: this.now() });
    if (id === undefined) throw refuse(KYC_CODES.pending, "An application is already waiting for review");
    return this.store.application(id) as ApplicationRow;
  }

  /** Checks, re-encodes and keeps one photo of the user under a name the server chooses. */
  upload(user: UserRow, kind: ImageKind, base64: string): { kind: ImageKind; width: number; height: number } {
    this.requireMain(user);
    if (this.identityOf(user).level !== 1) throw refuse(KYC_CODES.wrongLevel, "Photos are for level 2, after level 1 is verified");
    this.requireNoneWaiting(user);
    if (!BASE64.test(base64)) throw new GatewayError(CODES.invalidParameter, "Invalid parameter image: not base64");
    let out;
    try {
      out = reencode(Buffer.from(base64, "base64"));
    } catch (err) {
      if (err instanceof ImageRefused) throw new GatewayError(KYC_CODES.imageRefused, `The photo was refused: ${err.message}`);
      throw err;
    }
    const file = `${randomBytes(16).toString("hex")}.jpg`;
    const fd = openSync(join(this.dir, file), "wx", 0o600);
    try {
      writeSync(fd, out.jpeg);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const replaced = this.store.setUpload(user.id, kind, file, out.width, out.height, this.now());
    if (replaced && FILE_NAME.test(replaced) && !this.store.fileInUse(replaced)) rmSync(join(this.dir, replaced), { force: true });
    return { kind, width: out.width, height: out.height };
  }

  submitAdvanced(user: UserRow): ApplicationRow {
    this.requireMain(user);
    const identity = this.store.identity(user.id);
    if (!identity || identity.level !== 1) throw refuse(KYC_CODES.wrongLevel, "Level 2 needs level 1 verified first");
    this.requireNoneWaiting(user);
    const doc = this.store.upload(user.id, "document");
    const selfie = this.store.upload(user.id, "selfie");
    if (!doc || !selfie) throw refuse(KYC_CODES.imagesMissing, "Upload a document photo and a selfie first");
    const id = this.store.addApplication({
      userId: user.id,
      level: 2,
      realName: identity.realName,
      country: identity.country,
      birthDate: identity.birthDate,
      idNumber: identity.idNumber,
      documentFile: doc.file,
      selfieFile: selfie.file,
      createdAt: this.now(),
    });
    if (id === undefined) throw refuse(KYC_CODES.pending, "An application is already waiting for review");
    return this.store.application(id) as ApplicationRow;
  }

  /** The owner's own photo of `kind` (a sub-account sees none: the photos are its main account's). */
  image(user: UserRow, kind: ImageKind): Buffer {
    const row = this.store.upload(user.id, kind);
    if (!row || !FILE_NAME.test(row.file)) throw new GatewayError(CODES.notFound, "No photo on file", 404);
    return readFileSync(join(this.dir, row.file));
  }

  private room(env: Env, userId: string, level: KycLevel): { limit: bigint; used: bigint } {
    const limit = parseScaled(KYC_DAILY_WITHDRAW_USDT[level], LEDGER_SCALE) as bigint;
    let used = this.inflight.get(`${env}:${userId}`) ?? 0n;
    for (const w of this.store.withdrawnSince(env, userId, this.now() - KYC_WINDOW_MS)) used += this.value(env, w.coin, BigInt(w.amount));
    return { limit, used };
  }

  /**
   * The withdrawal limit of the account's level (Bitget's 34009 when `amount` of `coin` would take
   * the last 24 hours over it). The room is held until `release` is called, once the wallet has
   * recorded the withdrawal or refused it, so concurrent requests cannot share it.
   */
  reserveWithdrawal(env: Env, userId: string, coin: string, amount: bigint): () => void {
    const user = this.users.byId(userId);
    const level = user ? this.identityOf(user).level : 0;
    const { limit, used } = this.room(env, userId, level);
    const v = this.value(env, coin, amount);
    if (used + v > limit) {
      const left = limit > used ? limit - used : 0n;
      // a business refusal, answered 200 like the other refusals a person meets (docs/decisions/006)
      throw refuse(
        KYC_CODES.withdrawLimit,
        `The withdrawal exceeds the daily limit of identity level ${level}: ${KYC_DAILY_WITHDRAW_USDT[level]} USDT per 24 hours, ${formatScaled(left, LEDGER_SCALE, 2)} USDT left`,
      );
    }
    const key = `${env}:${userId}`;
    this.inflight.set(key, (this.inflight.get(key) ?? 0n) + v);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const rest = (this.inflight.get(key) ?? 0n) - v;
      if (rest > 0n) this.inflight.set(key, rest);
      else this.inflight.delete(key);
    };
  }
}
