/** How a call failed; the four transport kinds are told apart as docs/product.md lists them. */
export type HttpErrorKind = "network" | "timeout" | "aborted" | "status" | "code" | "api-name";

export const TRANSPORT_MESSAGES = {
  network: "Network Error",
  timeout: "timeout exceeded",
  aborted: "request aborted",
  apiName: "wrong api name!",
} as const;

export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status = 0,
    readonly code = "",
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "HttpError";
  }

  get isTooManyRequests(): boolean {
    return this.status === 429;
  }
}

export function statusMessage(status: number): string {
  return status === 429 ? "too many requests" : `Request failed with status code ${status}`;
}
