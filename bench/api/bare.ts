/**
 * The bench's baseline (issue 31): a bare Fastify route that parses the same JSON body and answers
 * the same success envelope as `place-order`, with nothing else (no authentication, no fields, no
 * engine, no SQLite). Forked by bench/api/run.ts, which reads its CPU time from /proc; it tells its
 * port over IPC like the gateway does.
 */
import Fastify from "fastify";
import { envelope, OK_CODE } from "../../protocol/envelope.ts";

const app = Fastify({ logger: false });
let n = 0;
app.post("/*", async (request) => {
  const body = request.body as { clientOid?: string };
  return envelope(OK_CODE, "success", { orderId: String(1_000_000_000_000 + n++), clientOid: body.clientOid ?? "" });
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({ type: "gateway-listening", port: typeof address === "object" && address ? address.port : 0 });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
