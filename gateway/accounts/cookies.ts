import { parse, serialize } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COOKIES } from "../../protocol/accounts.ts";
import type { IssuedSession } from "./sessions.ts";
import { SESSION_RULES } from "./sessions.ts";

/** Reads the Cookie header into a map with the `cookie` package; the first of two same names wins. */
export function readCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(parse(header ?? ""))) if (value !== undefined) out.set(name, value);
  return out;
}

export function cookieOf(req: FastifyRequest, name: string): string | undefined {
  return readCookies(req.headers.cookie).get(name);
}

/** https as the browser saw it: the BFF on loopback tells us with x-forwarded-proto. */
function secure(req: FastifyRequest): boolean {
  return req.protocol === "https";
}

function serialise(name: string, value: string, opts: { httpOnly: boolean; maxAgeS: number; secure: boolean }): string {
  return serialize(name, value, { path: "/", maxAge: opts.maxAgeS, sameSite: "lax", httpOnly: opts.httpOnly, secure: opts.secure });
}

/** The three cookies of docs/protocol.md §7 for a new session. */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, s: IssuedSession): void {
  const maxAgeS = Math.floor(SESSION_RULES.refreshMs / 1000);
  const isSecure = secure(req);
  reply.header("set-cookie", [
    serialise(COOKIES.session, s.token, { httpOnly: true, maxAgeS, secure: isSecure }),
    serialise(COOKIES.sessionId, s.id, { httpOnly: false, maxAgeS, secure: isSecure }),
    serialise(COOKIES.refresh, s.refreshToken, { httpOnly: true, maxAgeS, secure: isSecure }),
  ]);
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  const isSecure = secure(req);
  reply.header(
    "set-cookie",
    [COOKIES.session, COOKIES.sessionId, COOKIES.refresh].map((n) =>
      serialise(n, "", { httpOnly: n !== COOKIES.sessionId, maxAgeS: 0, secure: isSecure }),
    ),
  );
}
