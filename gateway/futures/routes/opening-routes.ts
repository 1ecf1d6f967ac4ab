/** The futures opening over HTTP (docs/decisions/351): accept the agreement and answer the quiz. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { FUTURES_OPENING_PATH, FUTURES_QUIZ } from "../../../protocol/futures-opening.ts";
import { ok } from "../../envelope.ts";
import { parseFields, text } from "../../exchange/fields.ts";
import { privateRoute, type ExchangeRouteDeps } from "../../exchange/routes/private-route.ts";
import type { Futures } from "../futures.ts";

const Answers = z.object(Object.fromEntries(FUTURES_QUIZ.map((q) => [q.id, text(8)]))).strict();
const OpenSchema = z.object({ agreement: text(32), answers: Answers }).strict();

export function futuresOpeningRoutes(app: FastifyInstance, deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { futures: Futures }): void {
  const route = privateRoute(app, deps);
  // The opening belongs to the account, not to an environment: one opening serves live trading.
  route("POST", FUTURES_OPENING_PATH, 2, true, async (req, p) => {
    const b = parseFields(OpenSchema, req.body);
    return ok(deps.futures.opening.open(p.userId, b.agreement, b.answers as Record<string, string>));
  });
}
