import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KeyList } from "./key-list";

describe("KeyList", () => {
  it("shows each value as code under its name, with its test id and wrapping only when asked", () => {
    const html = renderToStaticMarkup(
      <KeyList
        items={[
          { term: "API key", value: "bg_1", testId: "api-key" },
          { term: "URI", value: "otpauth://totp/x<y>", wrap: true },
        ]}
      />,
    );
    expect(html).toBe(
      '<dl class="key-list"><dt>API key</dt><dd><code data-testid="api-key">bg_1</code></dd>' +
        '<dt>URI</dt><dd><code class="wrap">otpauth://totp/x&lt;y&gt;</code></dd></dl>',
    );
  });
});
