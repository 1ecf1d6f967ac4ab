/**
 * The public pages about the exchange itself (docs/product.md §19–25): its fees and VIP levels, its
 * reserves, its fund, its apps. The footer links them and the sitemap lists them, from this one list.
 * Their names are in the small `footer` namespace every page is sent (docs/decisions/725), the same
 * words as the pages' own titles in `vip` and `reserves` (`title`, kept equal by about-pages.test.ts).
 */
export const ABOUT_PAGES = [
  { to: "/fee", key: "links.fee", title: { ns: "vip", key: "nav.fee" } },
  { to: "/vip/vipIntroduce", key: "links.vipIntroduce", title: { ns: "vip", key: "nav.introduce" } },
  { to: "/proof-of-reserves", key: "links.proofOfReserves", title: { ns: "reserves", key: "por.title" } },
  { to: "/protection-fund", key: "links.protectionFund", title: { ns: "reserves", key: "fund.title" } },
  { to: "/download", key: "links.download", title: { ns: "reserves", key: "download.title" } },
] as const;
