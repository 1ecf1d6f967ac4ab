import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, type Column } from "./data-table";

interface Row {
  id: string;
  price?: string;
  change: string;
}

const columns: ReadonlyArray<Column<Row>> = [
  { header: "Coin", rowHeader: true, cell: (r) => r.id },
  { header: "Price", num: true, testId: (r) => `price-${r.id}`, cell: (r) => r.price },
  { header: "Change", num: true, cellClass: (r) => `num ${r.change.startsWith("-") ? "down" : "up"}`, cell: (r) => r.change },
  { header: <span className="visually-hidden">Actions</span>, cellClass: "num", cell: () => "x" },
];

const rows: Row[] = [
  { id: "BTC", price: "1", change: "-2" },
  { id: "ETH", change: "3" },
];

/** The markup of the table of `rows` in `columns`, keyed by id, with the further props given. */
const render = (props: Partial<ComponentProps<typeof DataTable<Row>>> = {}) =>
  renderToStaticMarkup(<DataTable rows={rows} columns={columns} rowKey={(r) => r.id} {...props} />);

describe("DataTable", () => {
  it("writes the header row and a row per item, column by column; a cell names its column when the header is text (the phone's cards)", () => {
    expect(render()).toBe(
      '<table class="data-table"><thead><tr><th scope="col">Coin</th><th scope="col" class="num">Price</th>' +
        '<th scope="col" class="num">Change</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>' +
        '<tbody><tr><th scope="row">BTC</th><td class="num" data-testid="price-BTC" data-label="Price">1</td>' +
        '<td class="num down" data-label="Change">-2</td><td class="num">x</td></tr>' +
        '<tr><th scope="row">ETH</th><td class="num" data-testid="price-ETH" data-label="Price"></td>' +
        '<td class="num up" data-label="Change">3</td><td class="num">x</td></tr></tbody></table>',
    );
  });

  it("adds classes, a hidden caption and test ids to the table and its rows", () => {
    const html = render({ className: "compact", caption: "Prices", testId: "prices", rowTestId: (r) => `row-${r.id}` });
    expect(html).toMatch(
      /^<table class="data-table compact" data-testid="prices"><caption class="visually-hidden">Prices<\/caption><thead>/,
    );
    expect(html).toContain('<tr data-testid="row-BTC"><th scope="row">BTC</th>');
  });

  it("spans one text over the cells after the row header when a row has nothing to show", () => {
    const html = render({ missing: (r) => (r.price ? undefined : `No market for ${r.id}`) });
    expect(html).toContain('<tr><th scope="row">BTC</th><td class="num" data-testid="price-BTC" data-label="Price">1</td>');
    expect(html).toContain('<tr><th scope="row">ETH</th><td colSpan="3">No market for ETH</td></tr>');
  });
});
