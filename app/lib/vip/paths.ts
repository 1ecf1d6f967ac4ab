/** The VIP and fee pages (on the simulation allow-list, docs/product.md). */
export const VIP_PAGES = {
  introduce: "/vip/vipIntroduce",
  detail: "/vip/detail",
  fee: "/fee",
} as const;
