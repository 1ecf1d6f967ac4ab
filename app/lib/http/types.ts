import type { Envelope } from "../../../protocol/envelope";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A request as it will go on the wire; steps may change headers and body before it is sent. */
export interface OutgoingRequest {
  method: Method;
  /** Pathname plus `?query` when present; always starts with `/`. */
  path: string;
  headers: Record<string, string>;
  /** The exact body text that will be sent, if any. */
  body: string | undefined;
}

/** One step of the outgoing pipeline (login encryption, then signing, …). */
export type RequestStep = (req: OutgoingRequest) => void | Promise<void>;

export interface ResponseInfo {
  request: OutgoingRequest;
  status: number;
  headers: Headers;
  /** The parsed envelope, when the body was one. */
  envelope: Envelope | undefined;
}

/**
 * What a response handler may decide: let the call go on (`undefined`), send it again with extra
 * headers (a solved captcha), or settle it with an envelope of its own (an abandoned captcha).
 */
export type ResponseAction = undefined | { retryWithHeaders: Record<string, string> } | { settle: Envelope };

export type ResponseHandler = (res: ResponseInfo) => ResponseAction | Promise<ResponseAction>;

export interface Identity {
  locale: string;
  languageType: number;
  terminalCode: string;
  deviceId: string;
  paperTrading: boolean;
  beta?: string;
  platformBranch?: string;
}

export interface RequestOptions {
  method?: Method;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}
