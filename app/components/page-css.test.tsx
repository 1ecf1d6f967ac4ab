import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { criticalCssOf, PageCssProvider, usePageCss } from "./page-css";
import { criticalCssText, TRADE_CSS } from "./page-css.server";

function Probe({ name }: { name: string | null }) {
  const css = usePageCss(name);
  return <i>{css === null ? "none" : `${css.key}:${css.text.length}`}</i>;
}

describe("page CSS sets", () => {
  it("takes the first matched route's set name", () => {
    expect(criticalCssOf([{ handle: undefined }, { handle: { criticalCss: "trade" } }])).toBe("trade");
    expect(criticalCssOf([{ handle: { i18n: ["trade"] } }])).toBeNull();
  });

  it("knows the trade set and no other name (not even an object's own property names)", () => {
    expect(criticalCssText("trade")).toBe(TRADE_CSS);
    // (its contents are checked in the browser: tests/e2e/trade-first-paint.spec.ts; CSS is empty under vitest)
    expect(criticalCssText("toString")).toBeUndefined();
    expect(criticalCssText("wiki")).toBeUndefined();
  });

  it("on the server, gives the set's text only when the page names a known set", () => {
    const render = (name: string | null) =>
      renderToString(
        <PageCssProvider value={criticalCssText}>
          <Probe name={name} />
        </PageCssProvider>,
      );
    expect(render("trade")).toContain(`trade:${TRADE_CSS.length}`);
    expect(render(null)).toContain("none");
    expect(render("nope")).toContain("none");
  });
});
