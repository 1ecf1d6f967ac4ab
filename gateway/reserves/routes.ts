/** The reserves area over HTTP (docs/decisions/333): the public snapshot and the caller's proof. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { RESERVES_PATHS } from "../../protocol/reserves.ts";
import { ok } from "../envelope.ts";
import type { RateLimiter } from "../exchange/routes/rate-limit.ts";
import { parseBody } from "../validate.ts";
import type { ReservesService } from "./service.ts";

const PER_SECOND = 10;
const Empty = z.object({}).strict();

export interface ReservesRouteDeps {
  reserves: ReservesService;
  limiter: RateLimiter;
  /** The logged-in user's id, or the refusal that says why there is none. */
  requireUserId(req: FastifyRequest): string;
}

export function reservesRoutes(app: FastifyInstance, deps: ReservesRouteDeps): void {
  app.get(RESERVES_PATHS.snapshot, async (req) => {
    deps.limiter.take(`ip:${req.ip}:${RESERVES_PATHS.snapshot}`, PER_SECOND);
    return ok(deps.reserves.latest());
  });

  // Signed with mode 1 by the session (gateway/security/sign-config.ts), checked before this runs.
  app.post(RESERVES_PATHS.proof, async (req) => {
    const userId = deps.requireUserId(req);
    parseBody(Empty, req.body ?? {});
    deps.limiter.take(`user:${userId}:${RESERVES_PATHS.proof}`, PER_SECOND);
    return ok(await deps.reserves.proof(userId));
  });
}
