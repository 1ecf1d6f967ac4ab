/**
 * The lead's display-name endpoint (docs/decisions/363), this exchange's addition: a signed POST
 * with `nickName`, for a lead of either product in either environment. The rules are LeadNames'.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COPY_NAME_PATHS } from "../../protocol/copy.ts";
import { GatewayError, ok } from "../envelope.ts";
import { parseFields, text } from "../exchange/fields.ts";
import { privateRoute, type ExchangeRouteDeps } from "../exchange/routes/private-route.ts";
import type { LeadNames } from "./names.ts";
import { COPY_CODES } from "./service-base.ts";

const NameSchema = z.object({ nickName: text(256) });

export function leadNameRoutes(
  app: FastifyInstance,
  deps: Pick<ExchangeRouteDeps, "auth" | "limiter"> & { names: LeadNames; isLead: (userId: string) => boolean },
): void {
  const route = privateRoute(app, deps);
  route("POST", COPY_NAME_PATHS.updateNickname, 2, true, async (req, p) => {
    const b = parseFields(NameSchema, req.body);
    if (!deps.isLead(p.userId)) throw new GatewayError(COPY_CODES.notLead, "The account is not a lead trader");
    return ok({ traderId: p.userId, nickName: deps.names.setName(p.userId, b.nickName) });
  });
}
