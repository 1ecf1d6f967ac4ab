import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PATHS } from "../protocol/paths.ts";
import type { GatewayConfig } from "./config.ts";
import type { TdkStore } from "./content/tdk.ts";
import { usdtRates } from "./rates/fiat-rates.ts";
import type { SessionRequest } from "./request.ts";
import { ok } from "./envelope.ts";
import { parseBody } from "./validate.ts";

const LocaleBody = z.object({ locale: z.string().max(16).optional() }).passthrough();

const TdkBody = z.object({
  locale: z.string().max(16).optional(),
  pageCodes: z.array(z.string().max(64)).max(50).optional(),
  params: z.record(z.string().max(64), z.string().max(128)).optional(),
});

/** What the public routes are handed by the composition root. */
export interface PublicRouteDeps {
  config: Pick<GatewayConfig, "seed" | "imageHosts" | "eventLogUpload">;
  tdk: TdkStore;
  /** The logged-in user's id for a request, if any (the accounts service). */
  sessionUserIdOf(req: SessionRequest): string | undefined;
}

/** The calls of docs/protocol.md §11.3 that need no login. */
export function publicRoutes(app: FastifyInstance, deps: PublicRouteDeps): void {
  const { config } = deps;
  app.post(PATHS.usdtRate, async (req) => {
    parseBody(LocaleBody, req.body ?? {});
    return ok(usdtRates(config.seed, Date.now()));
  });

  app.get(PATHS.domainConfigList, async () =>
    ok({
      imgDomainConfig: {
        foreignDomainList: config.imageHosts.foreign,
        internalDomainList: config.imageHosts.internal,
      },
    }),
  );

  app.post(PATHS.tdkQueryList, async (req) => {
    const body = parseBody(TdkBody, req.body ?? {});
    return ok({ list: deps.tdk.query(body.locale ?? "en", body.pageCodes, body.params ?? {}) });
  });

  app.post(PATHS.clientCommonConfig, async (req) =>
    ok({
      clientCommonConfig: {
        eventLogUploadSwitch: config.eventLogUpload,
        userId: deps.sessionUserIdOf(req) ?? "",
      },
      localVo: { ip: req.ip },
    }),
  );
}
