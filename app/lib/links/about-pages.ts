/**
 * The public pages about the exchange itself (docs/product.md §19–25): its fees and VIP levels, its
 * reserves, its fund, its apps. The footer links them and the sitemap lists them, from this one list.
 */
export const ABOUT_PAGES = [
  { to: "/fee", ns: "vip", key: "nav.fee" },
  { to: "/vip/vipIntroduce", ns: "vip", key: "nav.introduce" },
  { to: "/proof-of-reserves", ns: "reserves", key: "por.title" },
  { to: "/protection-fund", ns: "reserves", key: "fund.title" },
  { to: "/download", ns: "reserves", key: "download.title" },
] as const;
