/**
 * Bitget's switch of fee deduction in the platform coin and its read (docs/decisions/353). One
 * switch per user for both environments; a margin account follows its owner's.
 */
import type { FastifyInstance } from "fastify";
import { DEDUCT_PATHS, type DeductInfo } from "../../../protocol/fee-deduction.ts";
import { ok } from "../../envelope.ts";
import { enumValue } from "../fields.ts";
import { privateRoute, type ExchangeRouteDeps } from "./private-route.ts";

const STATES = ["on", "off"] as const;

export function feeDeductRoutes(app: FastifyInstance, deps: ExchangeRouteDeps): void {
  const svc = deps.exchange.svc;
  const route = privateRoute(app, deps);

  route("GET", DEDUCT_PATHS.info, 5, false, async (_req, p) => {
    return ok({ deduct: svc.feeDeduct(p.userId) ? "on" : "off" } satisfies DeductInfo);
  });

  // changes what the account pays: a trading permission, as placing an order
  route("POST", DEDUCT_PATHS.switch, 5, true, async (req, p) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const state = enumValue(STATES, typeof body === "object" ? body.deduct : undefined, "deduct");
    svc.setFeeDeduct(p.userId, state === "on");
    return ok(true);
  });
}
