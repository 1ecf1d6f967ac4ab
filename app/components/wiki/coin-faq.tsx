import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { CoinRow } from "~/utils/wiki.server";

export interface FaqEntry {
  question: string;
  answer: string;
  /** The answer's language when it is not the page's (an untranslated summary). */
  lang?: string;
}

/**
 * The coin's FAQ, written from its facts in the page's language: what it is (its summary), its price
 * today, its supply (never a maximum that does not exist) and how to buy it here. The same entries
 * feed the FAQPage JSON-LD.
 */
export function faqEntries(t: TFunction<"wiki">, coin: CoinRow, asOf: string): FaqEntry[] {
  const vars = { name: coin.name, coin: coin.coin };
  const out: FaqEntry[] = [{ question: t("faq.whatQ", vars), answer: coin.summary, lang: coin.lang }];
  if (coin.figures.price) {
    out.push({
      question: t("faq.priceQ", vars),
      answer: coin.figures.change
        ? t("faq.priceA", { ...vars, price: coin.figures.price, change: coin.figures.change })
        : t("faq.priceStableA", { ...vars, price: coin.figures.price }),
    });
  }
  if (coin.circulating) {
    out.push({
      question: t("faq.supplyQ", vars),
      answer: coin.maxSupply
        ? t("faq.supplyCappedA", { ...vars, circulating: coin.circulating, max: coin.maxSupply, date: asOf })
        : t("faq.supplyUncappedA", { ...vars, circulating: coin.circulating, date: asOf }),
    });
  }
  out.push({ question: t("faq.buyQ", vars), answer: coin.symbol ? t("faq.buyA", vars) : t("faq.buyQuoteA", vars) });
  return out;
}

/** The FAQ as disclosures: each question a summary, its answer inside, all readable without scripts. */
export function CoinFaq({ entries }: { entries: readonly FaqEntry[] }) {
  const { t } = useTranslation("wiki");
  return (
    <section aria-labelledby="faq-title" className="faq">
      <h2 id="faq-title">{t("faq.title")}</h2>
      {entries.map((e) => (
        <details key={e.question}>
          <summary>{e.question}</summary>
          <p lang={e.lang}>{e.answer}</p>
        </details>
      ))}
    </section>
  );
}
