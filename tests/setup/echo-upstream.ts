import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

export interface EchoSeen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/**
 * A stand-in upstream for BFF tests only (never in production code): answers every request with
 * what it received, can be told to stall, and echoes WebSocket messages on /v2/ws/*. A request
 * may ask for an extra response header (`x-echo-header: name: value`) or for a large body of
 * `x-echo-bytes` bytes instead of the echo.
 */
export async function startEchoUpstream(): Promise<{
  url: string;
  seen: EchoSeen[];
  stallMs: { value: number };
  /** Answers cut off because the caller went away first. */
  abandoned: { value: number };
  close(): Promise<void>;
}> {
  const seen: EchoSeen[] = [];
  const stallMs = { value: 0 };
  const abandoned = { value: 0 };
  const server: Server = createServer((req, res) => {
    res.once("close", () => {
      if (!res.writableFinished) abandoned.value++;
    });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const answer = () => {
        res.setHeader("content-type", "application/json");
        res.setHeader("set-cookie", ["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
        res.setHeader("x-upstream", "echo");
        res.setHeader("connection", "keep-alive");
        const extra = req.headers["x-echo-header"];
        if (typeof extra === "string") {
          const colon = extra.indexOf(":");
          res.setHeader(extra.slice(0, colon).trim(), extra.slice(colon + 1).trim());
        }
        const bytes = Number(req.headers["x-echo-bytes"] ?? 0);
        if (bytes > 0) {
          res.setHeader("content-type", "application/octet-stream");
          res.end(Buffer.alloc(bytes, "0123456789abcdef"));
          return;
        }
        res.end(
          JSON.stringify({
            code: "00000",
            msg: "success",
            requestTime: Date.now(),
            data: { method: req.method, url: req.url, headers: req.headers, bodyBase64: body.toString("base64") },
          }),
        );
      };
      if (stallMs.value > 0) setTimeout(answer, stallMs.value);
      else answer();
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    if (!req.url?.startsWith("/v2/ws/")) {
      socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("message", (data, isBinary) => ws.send(isBinary ? data : `echo:${String(data)}`));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stallMs,
    abandoned,
    close: () =>
      new Promise((done) => {
        wss.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
