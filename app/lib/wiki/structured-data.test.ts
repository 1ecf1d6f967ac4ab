import { describe, expect, it } from "vitest";
import { breadcrumbList, faqPage, financialProduct, itemList, jsonLd } from "./structured-data";

describe("wiki structured data", () => {
  it("writes a coin with its price as an Offer, and none without a price", () => {
    const c = { name: "Bitcoin", coin: "BTC", url: "https://x.example/wiki/bitcoin", price: "87523.592130", currency: "EUR" };
    expect(financialProduct(c)).toMatchObject({
      "@type": "FinancialProduct",
      offers: { "@type": "Offer", price: "87523.59213", priceCurrency: "EUR" },
    });
    expect(financialProduct({ ...c, price: null })).not.toHaveProperty("offers");
    expect(financialProduct({ ...c, currency: "USDT" }).offers).toMatchObject({ priceCurrency: "USD" });
  });

  it("numbers list items from the page's first rank and breadcrumbs from 1", () => {
    const list = itemList("Prices", 11, [{ name: "A", coin: "A", url: "u", price: null, currency: "USD" }]);
    expect(list.itemListElement).toEqual([expect.objectContaining({ position: 11, url: "u" })]);
    expect(breadcrumbList([{ name: "Home", url: "h" }]).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "h" },
    ]);
    expect(faqPage([{ question: "Q?", answer: "A." }]).mainEntity).toHaveLength(1);
  });

  it("cannot be ended early by a text inside it", () => {
    const text = jsonLd([faqPage([{ question: "</script><script>alert(1)</script>", answer: "a" }])]);
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)["@graph"][0].mainEntity[0].name).toBe("</script><script>alert(1)</script>");
  });
});
