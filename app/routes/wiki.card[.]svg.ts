import { listCard } from "~/utils/wiki-card.server";

/** /wiki/card.svg: the coin list's share image (docs/decisions/605). */
export const loader = () => listCard();
