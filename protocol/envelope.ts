/** The JSON envelope of docs/protocol.md §2, shared by the browser, the BFF and the gateway. */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  requestTime: number;
  data: T;
}

export const SUCCESS_CODES: readonly string[] = ["00000", "200"];

export const OK_CODE = "00000";

export function isSuccessCode(code: unknown): boolean {
  return typeof code === "string" && SUCCESS_CODES.includes(code);
}

export function envelope<T>(code: string, msg: string, data: T, now = Date.now()): Envelope<T> {
  return { code, msg, requestTime: now, data };
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === "string" && typeof v.msg === "string";
}
