/**
 * What a team would put in front of the gateway instead of our BFF (issue 31), as bench:bff's
 * peers: `fastify-http-proxy` (@fastify/http-proxy, over undici) or `http-proxy` (node-http-proxy
 * with a keep-alive agent), each forwarding everything to GATEWAY_URL. Both are optional dev
 * dependencies loaded with a dynamic import: when one is missing this prints a `peer missing` log
 * line and exits 3, and the bench reports it as not installed.
 *   node --import tsx bench/bff/peer.ts fastify-http-proxy|http-proxy   (GATEWAY_URL, PORT)
 */
import { Agent, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const PEERS = { "fastify-http-proxy": "@fastify/http-proxy", "http-proxy": "http-proxy" } as const;
export type PeerName = keyof typeof PEERS;

const log = (fields: Record<string, unknown>) => console.info(JSON.stringify(fields));

/** The package's default export, or undefined when it is not installed. */
async function load(pkg: string): Promise<unknown> {
  try {
    const mod = (await import(pkg)) as { default?: unknown };
    return mod.default ?? mod;
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw err;
  }
}

type ProxyServer = {
  web(req: unknown, res: unknown, opts: object, onError: (err: Error) => void): void;
};

async function start(name: PeerName, upstream: string, port: number): Promise<number | undefined> {
  const plugin = await load(PEERS[name]);
  if (plugin === undefined) return undefined;
  if (name === "fastify-http-proxy") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify({ logger: false });
    await app.register(plugin as never, { upstream });
    await app.listen({ port, host: "127.0.0.1" });
    process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
    return (app.server.address() as AddressInfo).port;
  }
  const httpProxy = plugin as { createProxyServer(opts: object): ProxyServer };
  const proxy = httpProxy.createProxyServer({ target: upstream, agent: new Agent({ keepAlive: true, maxSockets: 64 }) });
  const server = createServer((req, res) =>
    proxy.web(req, res, {}, () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end('{"code":"502","msg":"upstream failed","data":null}');
    }),
  );
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
  return (server.address() as AddressInfo).port;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = process.argv[2] as PeerName;
  if (!(name in PEERS)) throw new Error(`usage: peer.ts ${Object.keys(PEERS).join("|")}`);
  const port = await start(name, process.env.GATEWAY_URL ?? "", Number(process.env.PORT ?? 0));
  if (port === undefined) {
    log({ msg: "peer missing", peer: name, package: PEERS[name] });
    process.exit(3);
  }
  log({ msg: "peer listening", peer: name, port });
}
