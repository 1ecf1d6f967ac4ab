import { describe, expect, it } from "vitest";
import { imageRewriter } from "./image-domains";

const config = { foreignDomainList: ["img-a.example", "https://img-b.example"], internalDomainList: ["static.internal.example"] };

describe("imageRewriter", () => {
  it("moves image addresses on listed hosts to the fastest host, deep in the result", () => {
    const rewrite = imageRewriter(config, "img-b.example");
    expect(
      rewrite({
        coins: [{ icon: "https://img-a.example/coins/btc.png?v=2", name: "BTC" }],
        banner: "https://static.internal.example/b.webp",
        page: "https://img-a.example/about",
        other: "https://elsewhere.example/x.png",
        n: 1,
      }),
    ).toEqual({
      coins: [{ icon: "https://img-b.example/coins/btc.png?v=2", name: "BTC" }],
      banner: "https://img-b.example/b.webp",
      page: "https://img-a.example/about",
      other: "https://elsewhere.example/x.png",
      n: 1,
    });
  });

  it("leaves everything alone without a fastest host or lists", () => {
    const data = { icon: "https://img-a.example/x.png" };
    expect(imageRewriter(config, "")(data)).toBe(data);
    expect(imageRewriter({ foreignDomainList: [], internalDomainList: [] }, "img-b.example")(data)).toBe(data);
  });
});
