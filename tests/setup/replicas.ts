/**
 * The replica test mode (issue 31, docs/decisions/023): WEB_REPLICAS=2 makes `webForSuite` start
 * one gateway, two web processes against it (`GATEWAY_URL`, one proxy secret) and a round-robin
 * balancer in front that sends each request, and each WebSocket upgrade, to the other replica than
 * the last one: every test of the file then runs alternately through both, as behind a load balancer.
 */
import { randomBytes } from "node:crypto";
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { startGateway, startWeb, type Env, type Started } from "./processes";

export const REPLICAS = Number(process.env.WEB_REPLICAS ?? 1);

export async function startReplicas(dataDir: string, env: Env, count = REPLICAS): Promise<Started & { replicas: Started[] }> {
  const secret = randomBytes(24).toString("base64url");
  const gateway = await startGateway(dataDir, { ...env, GATEWAY_PROXY_SECRET: secret });
  const webs: Started[] = [];
  for (let i = 0; i < count; i++)
    webs.push(await startWeb({ ...env, DATA_DIR: dataDir, GATEWAY_URL: gateway.url, GATEWAY_PROXY_SECRET: secret }));
  const agent = new Agent({ keepAlive: true });
  let next = 0;
  const pick = () => webs[next++ % webs.length] as Started;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const to = pick();
    const up = request({ host: "127.0.0.1", port: to.port, method: req.method, path: req.url, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.rawHeaders);
      r.pipe(res);
    });
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const to = pick();
    const up = connect(to.port, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket).pipe(up);
    });
    const close = () => {
      up.destroy();
      socket.destroy();
    };
    up.on("error", close);
    socket.on("error", close);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  return {
    child: gateway.child,
    replicas: webs,
    port,
    url: `http://127.0.0.1:${port}`,
    get logs() {
      return [gateway, ...webs].flatMap((s) => s.logs);
    },
    async stop(signal?: NodeJS.Signals) {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      agent.destroy();
      for (const w of webs) await w.stop(signal);
      return gateway.stop(signal);
    },
  };
}
