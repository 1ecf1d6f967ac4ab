/** The events area over HTTP: parse, call the service, shape the envelope (docs/decisions/015, 800). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { EVENT_LIMITS, EVENT_PATHS } from "../../protocol/events.ts";
import { ok } from "../envelope.ts";
import type { SessionRequest } from "../request.ts";
import { parseBody } from "../validate.ts";
import type { OperatorAuth } from "./operator-auth.ts";
import { Slug, type EventService } from "./service.ts";

const Locale = z.string().max(16).optional();
const ListBody = z.object({ locale: Locale }).strict();
const DetailBody = z.object({ slug: Slug, locale: Locale }).strict();
const LeaderboardBody = z
  .object({
    slug: Slug,
    by: z.enum(["pnl", "return"]).default("pnl"),
    limit: z.number().int().min(1).max(EVENT_LIMITS.leaderboardMax).default(50),
  })
  .strict();
const EnrolBody = z.object({ slug: Slug }).strict();
const Empty = z.object({}).strict();

export interface EventRouteDeps {
  events: EventService;
  operators: OperatorAuth;
  /** The logged-in user's id, if any (the leaderboard marks the caller's own row). */
  sessionUserIdOf(req: SessionRequest): string | undefined;
  /** The logged-in user's id, or the refusal that says why there is none (a frozen account included). */
  requireUserId(req: FastifyRequest): string;
}

export function eventRoutes(app: FastifyInstance, deps: EventRouteDeps): void {
  const { events } = deps;

  app.post(EVENT_PATHS.list, async (req) => {
    const body = parseBody(ListBody, req.body ?? {});
    return ok({ list: events.list(body.locale ?? "en") });
  });

  app.post(EVENT_PATHS.detail, async (req) => {
    const body = parseBody(DetailBody, req.body ?? {});
    return ok(events.detail(body.slug, body.locale ?? "en"));
  });

  app.post(EVENT_PATHS.leaderboard, async (req) => {
    const body = parseBody(LeaderboardBody, req.body ?? {});
    return ok(events.leaderboard(body.slug, { by: body.by, limit: body.limit, userId: deps.sessionUserIdOf(req) }));
  });

  // Signed with mode 2 by the session (gateway/security/sign-config.ts), checked before this runs.
  app.post(EVENT_PATHS.enrol, async (req) => {
    const body = parseBody(EnrolBody, req.body ?? {});
    const userId = deps.requireUserId(req);
    return ok(await events.enrol(body.slug, userId));
  });

  // The operator API: the signature first, then the body, so an unsigned caller learns nothing.
  app.post(EVENT_PATHS.operatorCreate, async (req) => {
    deps.operators.verify(req);
    return ok(events.create(req.body ?? {}));
  });

  app.post(EVENT_PATHS.operatorUpdate, async (req) => {
    deps.operators.verify(req);
    return ok(events.update(req.body ?? {}));
  });

  app.post(EVENT_PATHS.operatorList, async (req) => {
    deps.operators.verify(req);
    parseBody(Empty, req.body ?? {});
    return ok({ list: events.records() });
  });
}
