/**
 * An ordered set of items keyed by a price (docs/decisions/317): a treap (a binary search tree kept
 * balanced by random priorities), so an insert or a removal costs O(log n) whatever the number of
 * items, without allocating beyond the node, and a walk from either end visits only the items it
 * returns. Equal prices are told apart
 * by a tie number that is unique per item.
 */

export interface PriceNode<T> {
  price: number;
  tie: number;
  item: T;
  prio: number;
  left: PriceNode<T> | null;
  right: PriceNode<T> | null;
  /** False once removed. */
  live: boolean;
}

export class PriceTree<T> {
  private root: PriceNode<T> | null = null;
  private count = 0;
  /** xorshift state for the priorities: a fixed seed keeps runs repeatable. */
  private seed = 0x9e3779b9;

  get size(): number {
    return this.count;
  }

  insert(price: number, tie: number, item: T): PriceNode<T> {
    let x = this.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.seed = x;
    const node: PriceNode<T> = { price, tie, item, prio: x >>> 0, left: null, right: null, live: true };
    this.root = insertNode(this.root, node);
    this.count++;
    return node;
  }

  /** Removes a node this tree returned from `insert`; a node no longer in the tree is ignored. */
  remove(node: PriceNode<T>): void {
    if (!node.live) return;
    this.root = removeNode(this.root, node);
    node.live = false;
    node.left = node.right = null;
    this.count--;
  }

  /** Items whose price is at least `min`, highest first, until `visit` returns false. */
  descendFrom(min: number, visit: (item: T) => boolean | void): void {
    descend(this.root, min, visit);
  }

  /** Items whose price is at most `max`, lowest first, until `visit` returns false. */
  ascendTo(max: number, visit: (item: T) => boolean | void): void {
    ascend(this.root, max, visit);
  }
}

/** Orders (price, tie) pairs. */
function before(aPrice: number, aTie: number, bPrice: number, bTie: number): boolean {
  return aPrice < bPrice || (aPrice === bPrice && aTie < bTie);
}

/** Inserts `x` under `n` by its key, rotating it up while its priority beats its parent's (no allocation). */
function insertNode<T>(n: PriceNode<T> | null, x: PriceNode<T>): PriceNode<T> {
  if (!n) return x;
  // `x` goes down one side; a child that rises above `n` hands `n` its inner subtree, the other side
  const [side, other] = before(x.price, x.tie, n.price, n.tie) ? LEFT_FIRST : RIGHT_FIRST;
  const c = insertNode(n[side], x);
  n[side] = c;
  if (c.prio <= n.prio) return n;
  n[side] = c[other];
  c[other] = n;
  return c;
}

const LEFT_FIRST = ["left", "right"] as const;
const RIGHT_FIRST = ["right", "left"] as const;

/** Takes `x` out from under `n`, its children merged in its place. */
function removeNode<T>(n: PriceNode<T> | null, x: PriceNode<T>): PriceNode<T> | null {
  if (!n) return null;
  if (n === x) return merge(n.left, n.right);
  if (before(x.price, x.tie, n.price, n.tie)) n.left = removeNode(n.left, x);
  else n.right = removeNode(n.right, x);
  return n;
}

/** Joins two trees where every node of `a` comes before every node of `b`. */
function merge<T>(a: PriceNode<T> | null, b: PriceNode<T> | null): PriceNode<T> | null {
  if (!a) return b;
  if (!b) return a;
  if (a.prio > b.prio) {
    a.right = merge(a.right, b);
    return a;
  }
  b.left = merge(a, b.left);
  return b;
}

function descend<T>(n: PriceNode<T> | null, min: number, visit: (item: T) => boolean | void): boolean {
  if (!n) return true;
  if (!descend(n.right, min, visit)) return false;
  if (n.price < min) return false;
  if (visit(n.item) === false) return false;
  return descend(n.left, min, visit);
}

function ascend<T>(n: PriceNode<T> | null, max: number, visit: (item: T) => boolean | void): boolean {
  if (!n) return true;
  if (!ascend(n.left, max, visit)) return false;
  if (n.price > max) return false;
  if (visit(n.item) === false) return false;
  return ascend(n.right, max, visit);
}
