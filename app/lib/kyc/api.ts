/**
 * Identity verification as the browser uses it (docs/decisions/352): the page's state, the two
 * applications and the photo upload. A photo is shrunk and re-drawn in the browser before it is
 * sent (so it fits the upload limit); the gateway decodes and re-encodes it again regardless.
 */
import { KYC_IMAGE_MAX_SIDE, KYC_PATHS, type BasicDetails, type ImageKind, type KycLevel, type KycStatus } from "../../../protocol/kyc";
import { browserHttp } from "~/lib/http/browser-client";

export interface KycInfo {
  level: KycLevel;
  subAccount: boolean;
  application: { id: number; level: KycLevel; status: KycStatus; reason: string; createdAt: number; reviewedAt: number | null } | null;
  photos: Record<ImageKind, boolean>;
  limits: Record<KycLevel, string>;
  withdraw: { coin: string; limit: string; used: string; remaining: string };
}

export const kyc = {
  info: () => browserHttp().post<KycInfo>(KYC_PATHS.info, {}),
  submitBasic: (d: BasicDetails) => browserHttp().post(KYC_PATHS.submitBasic, d),
  submitAdvanced: () => browserHttp().post(KYC_PATHS.submitAdvanced, {}),
  upload: (kind: ImageKind, image: string) => browserHttp().post(KYC_PATHS.upload, { kind, image }),
};

/** The file as a JPEG no larger than KYC_IMAGE_MAX_SIDE on a side, base64; undefined when the browser cannot read it as a picture. */
export async function shrinkPhoto(file: Blob): Promise<string | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  const scale = Math.min(1, KYC_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext("2d");
  if (!ctx) return undefined;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  if (!blob) return undefined;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
