import { request as httpRequest, type IncomingMessage, STATUS_CODES } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { PROXY_SECRET_HEADER } from "../protocol/headers.ts";
import { dropHopByHop } from "./bff.ts";

function refuse(socket: Duplex, status: number): void {
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/**
 * Pipes a WebSocket upgrade on /v2/ws/* through to the gateway: the upstream's handshake answer
 * (101 or a refusal) goes back unchanged, then bytes flow both ways until either side closes.
 */
export function proxyUpgrade(
  upstream: string,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  logger: Logger,
  timeoutMs: number,
  forwarded: { clientIp: string; proxySecret?: string },
): void {
  const target = new URL(req.url ?? "/", upstream);
  const headers = dropHopByHop(req.headers);
  delete headers.host;
  headers.connection = "Upgrade";
  headers.upgrade = String(req.headers.upgrade ?? "websocket");
  // Set here only, never copied from the client (docs/decisions/010).
  for (const name of ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", PROXY_SECRET_HEADER]) delete headers[name];
  headers["x-forwarded-for"] = forwarded.clientIp;
  if (forwarded.proxySecret) headers[PROXY_SECRET_HEADER] = forwarded.proxySecret;
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const up = send(target, { method: req.method, headers, timeout: timeoutMs });

  socket.on("error", () => up.destroy());
  up.on("timeout", () => {
    up.destroy();
    refuse(socket, 504);
  });
  up.on("error", (err) => {
    logger.warn({ err: err.message, path: target.pathname }, "websocket upstream unavailable");
    refuse(socket, 502);
  });
  up.on("response", (res) => {
    // The gateway refused the upgrade: pass its status on and stop.
    refuse(socket, res.statusCode ?? 502);
    res.resume();
  });
  up.on("upgrade", (res, upSocket, upHead) => {
    up.setTimeout(0);
    const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
    for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (upHead.length) socket.write(upHead);
    if (head.length) upSocket.write(head);
    upSocket.on("error", () => socket.destroy());
    socket.on("close", () => upSocket.destroy());
    upSocket.on("close", () => socket.destroy());
    upSocket.pipe(socket);
    socket.pipe(upSocket);
  });
  up.end();
}
