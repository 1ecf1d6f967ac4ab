import { expect } from "vitest";

/** Fetches a file the web server serves (a script, an image, a feed) and expects a 200 whose content type contains `type`. */
export async function expectServed(url: string, type: string): Promise<{ headers: Headers; body: string }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain(type);
  return { headers: res.headers, body: await res.text() };
}
