import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { Async } from "~/lib/async-state";
import { createI18n } from "~/lib/i18n/instance";
import common from "~/locales/en/common.json";
import { AsyncCard } from "./async-card";

const render = (value: Async<string[]>, name: Parameters<typeof AsyncCard>[0]["name"]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en", { en: { common } })}>
      <AsyncCard value={value} name={name}>
        {(list) => (
          <ul>
            {list.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        )}
      </AsyncCard>
    </I18nextProvider>,
  );

const titled = { titleId: "things-title", title: "Things" };

describe("AsyncCard", () => {
  it("is busy and says so while loading, under its own heading", () => {
    expect(render({ state: "loading" }, titled)).toBe(
      '<section class="card" aria-busy="true" aria-labelledby="things-title"><h2 id="things-title">Things</h2><p>Loading…</p></section>',
    );
  });

  it("shows a refusal as an alert and the content once ready", () => {
    expect(render({ state: "error", error: new Error("boom") }, { ...titled, heading: "h1" })).toBe(
      '<section class="card" aria-busy="false" aria-labelledby="things-title"><h1 id="things-title">Things</h1>' +
        '<p role="alert" class="notice error">Something went wrong. Please try again.</p></section>',
    );
    expect(render({ state: "ready", data: ["a", "b"] }, titled)).toContain("</h2><ul><li>a</li><li>b</li></ul></section>");
  });

  it("is named by a label when the page's heading already says what it is", () => {
    expect(render({ state: "ready", data: [] }, { label: "API keys" })).toBe(
      '<section class="card" aria-busy="false" aria-label="API keys"><ul></ul></section>',
    );
  });
});
