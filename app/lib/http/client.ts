import { isEnvelope, isSuccessCode, type Envelope } from "../../../protocol/envelope";
import { HEADERS, PLATFORM, WEBSITE } from "../../../protocol/headers";
import { PATHS } from "../../../protocol/paths";
import { ServerClock } from "./clock";
import { HttpError, TRANSPORT_MESSAGES, statusMessage } from "./errors";
import type { Identity, Method, OutgoingRequest, RequestOptions, RequestStep, ResponseAction, ResponseHandler } from "./types";

export const DEFAULT_TIMEOUT_MS = 20_000;
/** A captcha retry or similar may resend a call, but never loop on it. */
const MAX_RETRIES = 2;

export interface HttpClientOptions {
  identity: () => Identity;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: ServerClock;
  newTraceId?: () => string;
  /** Rewrites image hosts in results (not applied to the domain-config call itself). */
  rewriteResult?: (data: unknown) => unknown;
}

export interface HttpClient {
  readonly clock: ServerClock;
  request<T = unknown>(opts: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, query?: RequestOptions["query"], opts?: Partial<RequestOptions>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, opts?: Partial<RequestOptions>): Promise<T>;
  /**
   * The request a call would send (headers, signature and all) without sending it: a WebSocket
   * login carries these headers in a message, since a browser cannot set them on an upgrade.
   */
  prepare(opts: RequestOptions): Promise<OutgoingRequest>;
  /** Adds a step to the outgoing pipeline; steps run in the order added. */
  use(step: RequestStep): () => void;
  /** Adds a response handler; handlers run in the order added, the first action wins. */
  onResponse(handler: ResponseHandler): () => void;
}

export function normalisePath(path: string, query?: RequestOptions["query"]): string {
  const trimmed = path.trim();
  if (trimmed === "" || trimmed === "/") throw new HttpError("api-name", TRANSPORT_MESSAGES.apiName);
  const withSlash = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  if (!query) return withSlash;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  if (!qs) return withSlash;
  return `${withSlash}${withSlash.includes("?") ? "&" : "?"}${qs}`;
}

export function baseHeaders(identity: Identity, traceId: string, timeMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [HEADERS.website]: WEBSITE,
    [HEADERS.terminalType]: String(PLATFORM.web),
    [HEADERS.locale]: identity.locale,
    [HEADERS.language]: String(identity.languageType),
    [HEADERS.terminalCode]: identity.terminalCode,
    [HEADERS.deviceId]: identity.deviceId,
    [HEADERS.traceId]: traceId,
    [HEADERS.time]: String(Math.trunc(timeMs)),
  };
  if (identity.paperTrading) headers[HEADERS.paperTrading] = "1";
  if (identity.beta) headers.beta = identity.beta;
  if (identity.platformBranch) headers["platform-branch"] = identity.platformBranch;
  return headers;
}

function defaultTraceId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, "");
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const steps: RequestStep[] = [];
  const handlers: ResponseHandler[] = [];
  const clock = options.clock ?? new ServerClock();
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const newTraceId = options.newTraceId ?? defaultTraceId;
  const baseUrl = options.baseUrl ?? "";

  async function send(req: OutgoingRequest, opts: RequestOptions, attempt: number): Promise<unknown> {
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener("abort", onCallerAbort, { once: true });

    const sentAt = Date.now();
    let res: Response;
    let payload: unknown;
    try {
      res = await doFetch(`${baseUrl}${req.path}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: controller.signal,
        credentials: "same-origin",
      });
      payload = await readJson(res);
    } catch {
      if (timedOut) throw new HttpError("timeout", TRANSPORT_MESSAGES.timeout);
      if (opts.signal?.aborted) throw new HttpError("aborted", TRANSPORT_MESSAGES.aborted);
      throw new HttpError("network", TRANSPORT_MESSAGES.network);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onCallerAbort);
    }
    if (req.method === "POST") clock.learn(res.headers.get(HEADERS.requestTime), sentAt, Date.now());

    let envelope = isEnvelope(payload) ? (payload as Envelope) : undefined;
    let action: ResponseAction;
    for (const handler of handlers) {
      action = await handler({ request: req, status: res.status, headers: res.headers, envelope });
      if (action) break;
    }
    if (action && "retryWithHeaders" in action && attempt < MAX_RETRIES) {
      const retry = await prepare(opts, action.retryWithHeaders);
      return send(retry, opts, attempt + 1);
    }
    if (action && "settle" in action) envelope = action.settle;

    if (envelope) {
      if (isSuccessCode(envelope.code)) return rewrite(req.path, envelope.data);
      throw new HttpError("code", envelope.msg, res.status, envelope.code, envelope.data);
    }
    if (res.status === 200 && req.method === "GET") return rewrite(req.path, payload);
    if (res.status === 200 && typeof payload === "object" && payload !== null && (payload as { status?: unknown }).status === "error") {
      const message = String((payload as { msg?: unknown; message?: unknown }).msg ?? (payload as { message?: unknown }).message ?? "");
      console.warn(`[http] ${req.path}: ${message}`);
      throw new HttpError("status", message, res.status);
    }
    // 429 is expected under load and is not logged; the caller decides whether to say anything.
    throw new HttpError("status", statusMessage(res.status), res.status);
  }

  function rewrite(path: string, data: unknown): unknown {
    if (!options.rewriteResult || path.split("?")[0] === PATHS.domainConfigList) return data;
    return options.rewriteResult(data);
  }

  async function prepare(opts: RequestOptions, extraHeaders: Record<string, string> = {}): Promise<OutgoingRequest> {
    const method: Method = opts.method ?? "GET";
    const path = normalisePath(opts.path, opts.query);
    const headers = { ...baseHeaders(options.identity(), newTraceId(), clock.now()), ...opts.headers, ...extraHeaders };
    const body =
      opts.body === undefined || method === "GET" ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    const req: OutgoingRequest = { method, path, headers, body };
    for (const step of steps) await step(req);
    return req;
  }

  const client: HttpClient = {
    clock,
    async request<T>(opts: RequestOptions): Promise<T> {
      return (await send(await prepare(opts), opts, 0)) as T;
    },
    get(path, query, opts) {
      return client.request({ ...opts, method: "GET", path, query });
    },
    post(path, body, opts) {
      return client.request({ ...opts, method: "POST", path, body: body ?? {} });
    },
    prepare(opts) {
      return prepare(opts);
    },
    use(step) {
      steps.push(step);
      return () => void steps.splice(steps.indexOf(step), 1);
    },
    onResponse(handler) {
      handlers.push(handler);
      return () => void handlers.splice(handlers.indexOf(handler), 1);
    },
  };
  return client;
}
