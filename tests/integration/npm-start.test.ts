import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startProcess, tempDataDir, type Started } from "../setup/processes";

/**
 * The server as the README's `npm start` runs it: `node ./index.js` with no settings at all (the
 * test runner's NODE_ENV=test removed), on a free port.
 */
describe("the web server started as npm start does", () => {
  let web: Started;
  const data = tempDataDir();

  beforeAll(async () => {
    web = await startProcess(
      ["--import", "./tests/setup/react-build-probe.js", "index.js"],
      { NODE_ENV: undefined, PUBLIC_ORIGIN: undefined, HOST: undefined, PORT: "0", DATA_DIR: data.dir },
      "web server listening",
    );
  });
  afterAll(async () => {
    await web?.stop();
    data.remove();
  });

  it("renders pages with React's production build, not the development one", async () => {
    expect((await fetch(`${web.url}/wiki/bitcoin`)).status).toBe(200);
    const line = await vi.waitFor(() => {
      const found = web.logs.find((l) => l.includes('"react server build"'));
      if (!found) throw new Error("React's server renderer was not loaded");
      return found;
    });
    const { files } = JSON.parse(line) as { files: string[] };
    expect(files.some((f) => f.endsWith(".production.min.js"))).toBe(true);
    expect(files.filter((f) => f.includes(".development."))).toEqual([]);
  });

  it("makes canonical and hreflang links absolute at the address it listens on, whatever Host the request claims", async () => {
    // HOST is unset, so it listens on every interface: localhost names it, as the README does.
    const origin = `http://localhost:${web.port}`;
    const claims: Array<Record<string, string>> = [
      {},
      { host: "evil.example" },
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    ];
    for (const headers of claims) {
      const html = await (await fetch(`${web.url}/ja/wiki/bitcoin`, { headers })).text();
      expect(html).toContain(`<link rel="canonical" href="${origin}/ja/wiki/bitcoin"/>`);
      expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}/wiki/bitcoin"/>`);
      expect(html).toContain(`<link rel="alternate" hrefLang="ar-AE" href="${origin}/ar/wiki/bitcoin"/>`);
      expect(html).not.toContain("evil.example");
      expect(html).not.toMatch(/<link rel="(canonical|alternate)"[^>]* href="\//);
    }
  });

  it("serves a sitemap and names it in robots.txt at that address", async () => {
    const origin = `http://localhost:${web.port}`;
    const res = await fetch(`${web.url}/sitemap.xml`, { headers: { host: "evil.example" } });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`<loc>${origin}/wiki/bitcoin</loc>`);
    expect(xml).not.toContain("evil.example");
    expect(await (await fetch(`${web.url}/robots.txt`)).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
