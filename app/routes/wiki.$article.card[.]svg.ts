import type { LoaderFunctionArgs } from "@remix-run/node";
import { articleCard } from "~/utils/wiki-card.server";

/** /wiki/{article}/card.svg: the coin's share image (docs/decisions/605). */
export const loader = ({ params, request, context }: LoaderFunctionArgs) => articleCard(context, request, params.article ?? "");
