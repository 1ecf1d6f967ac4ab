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
});
