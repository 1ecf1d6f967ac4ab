import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { WIKI_ARTICLE_ID, WIKI_ARTICLE_ID_MAX, WIKI_PATHS } from "../../protocol/wiki.ts";
import type { GatewayConfig } from "../config.ts";
import { iconBase, wikiArticle, wikiList } from "./wiki.ts";
import { GatewayError, ok } from "../envelope.ts";
import { parseBody } from "../validate.ts";

const ListBody = z.object({ locale: z.string().max(16).optional() });
const ArticleBody = z.object({
  article: z.string().min(1).max(WIKI_ARTICLE_ID_MAX).regex(WIKI_ARTICLE_ID, "must be lowercase words joined by hyphens"),
  locale: z.string().max(16).optional(),
});

/** The price wiki's content (protocol/wiki.ts): the coin list and one article per coin. */
export function wikiRoutes(app: FastifyInstance, imageHosts: GatewayConfig["imageHosts"]): void {
  const icons = iconBase(imageHosts);

  app.post(WIKI_PATHS.list, async (req) => {
    const body = parseBody(ListBody, req.body ?? {});
    return ok({ list: wikiList(icons, body.locale) });
  });

  app.post(WIKI_PATHS.article, async (req) => {
    const body = parseBody(ArticleBody, req.body ?? {});
    const article = wikiArticle(body.article, icons, body.locale);
    if (!article) throw new GatewayError(CODES.notFound, `Wiki article not found: ${body.article}`, 404);
    return ok(article);
  });
}
