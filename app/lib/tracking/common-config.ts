import { PATHS } from "../../../protocol/paths";

/** What the SDK reads from clientCommonConfig (docs/protocol.md §10). */
export interface CommonConfig {
  uploadSwitch: boolean;
  userId: string;
  ip: string;
}

/** docs/product.md: when the config cannot be had, uploads are off and there is no user id and no ip. */
export const CONFIG_FAILED: CommonConfig = { uploadSwitch: false, userId: "", ip: "" };

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export async function loadCommonConfig(post: (path: string) => Promise<unknown>, warn: (msg: string) => void): Promise<CommonConfig> {
  let data: unknown;
  try {
    data = await post(PATHS.clientCommonConfig);
  } catch (err) {
    warn(`[tracking] clientCommonConfig failed (${err instanceof Error ? err.message : String(err)}): uploads are off for this page`);
    return CONFIG_FAILED;
  }
  const d = (typeof data === "object" && data !== null ? data : {}) as {
    clientCommonConfig?: { eventLogUploadSwitch?: unknown; userId?: unknown };
    localVo?: { ip?: unknown };
  };
  if (typeof d.clientCommonConfig !== "object" || d.clientCommonConfig === null) {
    warn("[tracking] clientCommonConfig answered without clientCommonConfig: uploads are off for this page");
    return CONFIG_FAILED;
  }
  const sw = d.clientCommonConfig.eventLogUploadSwitch;
  return {
    uploadSwitch: sw === true || sw === 1 || sw === "1" || sw === "true",
    userId: text(d.clientCommonConfig.userId),
    ip: text(d.localVo?.ip),
  };
}
