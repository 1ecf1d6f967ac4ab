import { PATHS } from "../../../protocol/paths";

/** docs/product.md reasons for a login-encryption failure. */
export type LoginEncryptionReason =
  | "config load failure"
  | "server public key not issued"
  | "verification failed"
  | "key generation failed"
  | "initClientKey_only_https";

/**
 * Reports a security event to the gateway's security log (`cspSecurity`, docs/product.md). Best
 * effort: a failed report is dropped, never retried in a loop and never shown to the user.
 */
export function reportSecurityEvent(event: string, reason: string, send: typeof fetch = (...a) => fetch(...a)): void {
  const body = JSON.stringify({
    bizType: "loginEncrypt",
    data: { event, reason },
    timestamp: Date.now(),
    page: typeof location === "undefined" ? "" : location.pathname,
  });
  void send(PATHS.cspSecurity, { method: "POST", headers: { "content-type": "application/csp-report" }, body, keepalive: true }).catch(
    () => undefined,
  );
}
