/**
 * Bitget's v2 private margin channels (docs/decisions/320) under `instType: "MARGIN"`:
 * `orders-crossed`, `orders-isolated`, `account-crossed` and `account-isolated`, with the spot
 * stream's login and rules. Orders and coins are pushed from committed spot changes of the user's
 * margin accounts; liabilities, the risk rate and the margin call from the margin service's events.
 * The public channels stay SPOT's: margin trades on the spot books.
 */
import { MARGIN_CHANNELS } from "../../protocol/margin.ts";
import type { Change, Env, Order } from "../exchange/engine/types.ts";
import { COINS, instrument } from "../exchange/instruments.ts";
import type { PrivatePush, PrivateStreamMarket, StreamMarket } from "../exchange/streams/server.ts";
import { parseAccountKey, type MarginAccountRef } from "./accounts.ts";
import { assetJson, marginOrderJson, risk } from "./format.ts";
import type { Margin } from "./margin.ts";

const CHANNELS = new Set<string>(Object.values(MARGIN_CHANNELS));

export function marginStreamMarket(m: Margin): StreamMarket {
  return {
    privateOnly: true,
    // never asked: the public channels of MARGIN are refused
    book: (env, symbol) => m.exchange.svc.engine.book(env, symbol),
    books: () => [],
    trades: () => [],
    ticker: () => ({}),
    candles: () => [],
    tradeListeners: new Set(),
    private: marginPrivateStreams(m),
  };
}

export function marginPrivateStreams(m: Margin): PrivateStreamMarket {
  const svc = m.svc;
  const order = (o: Order) => ({ instId: o.symbol, ...marginOrderJson(o, m.store.loanType(o.id) ?? "normal") });
  const accountItems = (env: Env, ref: MarginAccountRef, warning = false) => {
    const s = svc.state(env, ref);
    return s.coins
      .filter((c) => c.available + c.frozen + c.principal + c.interest > 0n || c.coin === "USDT")
      .map((c) => ({
        ...assetJson(c, ref.mode === "isolated" ? ref.symbol : undefined),
        riskRateRatio: risk(s.risk),
        ...(warning ? { marginCall: true } : {}),
      }));
  };
  const accountChannel = (ref: MarginAccountRef) =>
    ref.mode === "crossed" ? MARGIN_CHANNELS.crossedAccount : MARGIN_CHANNELS.isolatedAccount;
  const orderChannel = (ref: MarginAccountRef) => (ref.mode === "crossed" ? MARGIN_CHANNELS.crossedOrders : MARGIN_CHANNELS.isolatedOrders);
  return {
    channels: CHANNELS,
    coins: COINS,
    symbol: (instId) => instrument(instId.toUpperCase())?.symbol,
    snapshot(env, userId, channel, instId) {
      const sym = instId === "default" ? undefined : instId;
      if (channel === MARGIN_CHANNELS.crossedAccount) return accountItems(env, svc.ref(userId, "crossed"));
      if (channel === MARGIN_CHANNELS.isolatedAccount)
        return svc
          .isolatedRefs(env, userId)
          .filter((r) => !sym || r.symbol === sym)
          .flatMap((r) => accountItems(env, r));
      const refs = channel === MARGIN_CHANNELS.crossedOrders ? [svc.ref(userId, "crossed")] : svc.isolatedRefs(env, userId);
      return refs.flatMap((r) => m.exchange.svc.openOrders(env, svc.key(r), sym)).map(order);
    },
    listen(wants, push) {
      const onCommitted = (ch: Change) => {
        const out: PrivatePush[] = [];
        const accounts = new Map<string, { env: Env; ref: MarginAccountRef }>();
        for (const o of new Set(ch.orders)) {
          const ref = o.house ? undefined : parseAccountKey(o.userId);
          if (!ref) continue;
          const channel = orderChannel(ref);
          if (wants(o.env, ref.userId, channel)) out.push({ env: o.env, userId: ref.userId, channel, symbol: o.symbol, data: order(o) });
        }
        for (const b of ch.balances) {
          const ref = parseAccountKey(b.userId);
          if (ref) accounts.set(`${b.env}|${b.userId}`, { env: b.env, ref });
        }
        for (const { env, ref } of accounts.values()) {
          const channel = accountChannel(ref);
          if (!wants(env, ref.userId, channel)) continue;
          for (const data of accountItems(env, ref)) out.push({ env, userId: ref.userId, channel, symbol: ref.symbol || undefined, data });
        }
        if (out.length) push(out);
      };
      m.exchange.svc.store.committed.add(onCommitted);
      // a loan, interest, a margin call or a liquidation moves the account's debt and risk
      const onEvent = (e: { env: Env; ref: MarginAccountRef; kind: string }) => {
        const channel = accountChannel(e.ref);
        if (!wants(e.env, e.ref.userId, channel)) return;
        const items = accountItems(e.env, e.ref, e.kind === "warning");
        push(items.map((data) => ({ env: e.env, userId: e.ref.userId, channel, symbol: e.ref.symbol || undefined, data })));
      };
      svc.listeners.add(onEvent);
      return () => {
        m.exchange.svc.store.committed.delete(onCommitted);
        svc.listeners.delete(onEvent);
      };
    },
  };
}
