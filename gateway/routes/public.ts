import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PATHS } from "../../protocol/paths.ts";
import { usdtRates } from "../market/fiat-rates.ts";
import { queryTdk } from "../content/tdk.ts";
import type { GatewayContext } from "../context.ts";
import { ok } from "../envelope.ts";
import { parseBody } from "../validate.ts";

const LocaleBody = z.object({ locale: z.string().max(16).optional() }).passthrough();

const TdkBody = z.object({
  locale: z.string().max(16).optional(),
  pageCodes: z.array(z.string().max(64)).max(50).optional(),
  params: z.record(z.string().max(64), z.string().max(128)).optional(),
});

/** The calls of SPEC.md §7 that need no login. */
export function publicRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post(PATHS.usdtRate, async (req) => {
    parseBody(LocaleBody, req.body ?? {});
    return ok(usdtRates(ctx.config.seed, Date.now()));
  });

  app.get(PATHS.domainConfigList, async () =>
    ok({
      imgDomainConfig: {
        foreignDomainList: ctx.config.imageHosts.foreign,
        internalDomainList: ctx.config.imageHosts.internal,
      },
    }),
  );

  app.post(PATHS.tdkQueryList, async (req) => {
    const body = parseBody(TdkBody, req.body ?? {});
    return ok({ list: queryTdk(ctx.db, body.locale ?? "en", body.pageCodes, body.params ?? {}) });
  });

  app.post(PATHS.clientCommonConfig, async (req) =>
    ok({
      clientCommonConfig: {
        eventLogUploadSwitch: ctx.config.eventLogUpload,
        userId: ctx.sessionUserId?.(req) ?? "",
      },
      localVo: { ip: req.ip },
    }),
  );
}
