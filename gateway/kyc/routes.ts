/**
 * Identity verification over HTTP (docs/decisions/352): the logged-in user's own level, details,
 * photos and application; parse the body, call the service, shape the envelope. A photo is served
 * to its owner alone, as an attachment-like JPEG no browser will run or sniff as anything else.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { IMAGE_KINDS, KYC_NAME_MAX, KYC_PATHS, type ImageKind } from "../../protocol/kyc.ts";
import type { UserRow } from "../accounts/users.ts";
import { ok } from "../envelope.ts";
import { envOf } from "../exchange/routes/auth.ts";
import { parseBody } from "../validate.ts";
import type { KycService } from "./service.ts";

const Basic = z.object({
  realName: z.string().max(KYC_NAME_MAX * 2),
  country: z.string().max(8),
  birthDate: z.string().max(16),
  idNumber: z.string().max(64),
});
const kind = z.enum(IMAGE_KINDS as [ImageKind, ...ImageKind[]]);
// base64 of at most KYC_IMAGE_MAX_BYTES and a little over, so the service can name the size
const Upload = z.object({ kind, image: z.string().min(1).max(1_000_000) });
const ImageQuery = z.object({ kind });

/** What a served photo always carries: its type fixed, no sniffing, no rendering as a page. */
export const PHOTO_HEADERS = {
  "content-type": "image/jpeg",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cache-control": "private, no-store",
  "cross-origin-resource-policy": "same-origin",
} as const;

export function kycRoutes(app: FastifyInstance, deps: { kyc: KycService; currentUser: (req: FastifyRequest) => UserRow }): void {
  const { kyc, currentUser } = deps;
  app.post(KYC_PATHS.info, async (req) => ok(kyc.info(currentUser(req), envOf(req))));
  app.post(KYC_PATHS.submitBasic, async (req) => {
    const user = currentUser(req);
    const a = kyc.submitBasic(user, parseBody(Basic, req.body));
    return ok({ id: a.id, level: a.level, status: a.status });
  });
  app.post(KYC_PATHS.upload, async (req) => {
    const user = currentUser(req);
    const b = parseBody(Upload, req.body);
    return ok(kyc.upload(user, b.kind, b.image));
  });
  app.post(KYC_PATHS.submitAdvanced, async (req) => {
    const a = kyc.submitAdvanced(currentUser(req));
    return ok({ id: a.id, level: a.level, status: a.status });
  });
  app.get(KYC_PATHS.image, async (req, reply) => {
    const user = currentUser(req);
    const q = parseBody(ImageQuery, req.query);
    const bytes = kyc.image(user, q.kind);
    return reply.headers({ ...PHOTO_HEADERS, "content-disposition": `attachment; filename="${q.kind}.jpg"` }).send(bytes);
  });
}
