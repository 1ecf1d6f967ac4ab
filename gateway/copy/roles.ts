/**
 * An account's copy-trading roles across products (docs/decisions/361): Bitget's rule is that a lead
 * trader follows no one and a follower leads nowhere, whichever product (futures or spot) each role
 * is in. Each product's service answers for its own roles; linked services ask each other.
 */
import type { Env } from "../exchange/engine/types.ts";

export interface CopyRoles {
  isLead(env: Env, userId: string): boolean;
  isFollower(env: Env, userId: string): boolean;
}

/** A product's copy service that asks its peers (the other products) before it lets an account lead or follow. */
export interface LinkedRoles extends CopyRoles {
  readonly peers: CopyRoles[];
}

/** Links the products' copy services both ways: a lead of one cannot follow in another, a follower of one cannot lead in another. */
export function linkCopyProducts(...products: LinkedRoles[]): void {
  for (const a of products) for (const b of products) if (a !== b && !a.peers.includes(b)) a.peers.push(b);
}

/** Whether any of the peers has the account as a lead (`lead`) or a follower (`follower`) in that environment. */
export function peerHas(peers: readonly CopyRoles[], role: "lead" | "follower", env: Env, userId: string): boolean {
  return peers.some((p) => (role === "lead" ? p.isLead(env, userId) : p.isFollower(env, userId)));
}
