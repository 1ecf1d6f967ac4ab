import type { Db } from "../db/database.ts";

/** Bounds of the CSP and security-event log (docs/decisions/404). */
export const CSP_LIMITS = {
  /** Rows kept; older ones are deleted as new ones arrive. */
  maxRows: 10_000,
  /** Reports stored per client address per minute; more are acknowledged and dropped. */
  perIpPerMinute: 60,
  /** Reports taken from one `application/reports+json` body. */
  perBody: 20,
  bodyChars: 4_096,
  fieldChars: 512,
} as const;

export interface CspReport {
  kind: "csp-violation" | "security-event";
  documentUri: string;
  directive: string;
  blockedUri: string;
  body: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v.slice(0, CSP_LIMITS.fieldChars) : "");
const json = (v: unknown) => JSON.stringify(v).slice(0, CSP_LIMITS.bodyChars);

/**
 * The three shapes the endpoint takes: the legacy `{"csp-report": {...}}` (report-uri), the
 * Reporting API's array of `{type: "csp-violation", body}` (report-to), and the client's own
 * security events `{bizType, data: {event, reason}, timestamp, page}` (docs/protocol.md §10).
 * Undefined when the body is none of them.
 */
export function parseCspBody(body: unknown): CspReport[] | undefined {
  if (isObj(body) && isObj(body["csp-report"])) {
    const r = body["csp-report"];
    return [
      {
        kind: "csp-violation",
        documentUri: str(r["document-uri"]),
        directive: str(r["effective-directive"]) || str(r["violated-directive"]),
        blockedUri: str(r["blocked-uri"]),
        body: json(r),
      },
    ];
  }
  if (Array.isArray(body) && body.length > 0 && body.every((r) => isObj(r) && isObj(r.body))) {
    return (body as Obj[])
      .filter((r) => r.type === "csp-violation")
      .slice(0, CSP_LIMITS.perBody)
      .map((r) => {
        const b = r.body as Obj;
        return {
          kind: "csp-violation",
          documentUri: str(b.documentURL),
          directive: str(b.effectiveDirective),
          blockedUri: str(b.blockedURL),
          body: json(b),
        };
      });
  }
  if (isObj(body) && typeof body.bizType === "string" && isObj(body.data)) {
    return [
      {
        kind: "security-event",
        documentUri: str(body.page),
        directive: str(body.bizType),
        blockedUri: `${str(body.data.event)}: ${str(body.data.reason)}`.slice(0, CSP_LIMITS.fieldChars),
        body: json(body),
      },
    ];
  }
  return undefined;
}

export class CspReportStore {
  private readonly insert;
  private readonly trim;
  private minute = 0;
  private readonly perIp = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = db.prepare(`INSERT INTO csp_reports (received_at, client_ip, kind, document_uri, directive, blocked_uri, body)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.trim = db.prepare("DELETE FROM csp_reports WHERE id <= (SELECT max(id) FROM csp_reports) - ?");
  }

  /** Stores what the address's allowance permits; returns how many were stored. */
  store(reports: readonly CspReport[], clientIp: string): number {
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.perIp.clear();
    }
    const used = this.perIp.get(clientIp) ?? 0;
    const take = reports.slice(0, Math.max(0, CSP_LIMITS.perIpPerMinute - used));
    if (take.length === 0) return 0;
    this.perIp.set(clientIp, used + take.length);
    this.db.transaction(() => {
      for (const r of take) this.insert.run(now, clientIp, r.kind, r.documentUri, r.directive, r.blockedUri, r.body);
      this.trim.run(CSP_LIMITS.maxRows);
    })();
    return take.length;
  }
}
