import type { FastifyInstance } from "fastify";
import type { Exchange } from "../install.ts";

/** WebSocket v2 streams: installed in a later step. */
export function installStreams(_app: FastifyInstance, _ex: Exchange): () => void {
  return () => {};
}
