import type { TdkTexts } from "../tdk-seed.ts";

/** French, German and Italian. French and German address the reader formally, Italian with "tu". */
export const TDK_WESTERN_EUROPEAN: Record<"fr" | "de" | "it", TdkTexts> = {
  fr: {
    home: {
      title: "Mix Exchange | Achetez, vendez et tradez Bitcoin et cryptos",
      description:
        "Tradez Bitcoin, Ethereum et d'autres cryptos sur les marchés au comptant, sur marge et à terme USDT-M : forte liquidité, frais réduits et mode démo sans risque.",
      keywords:
        "plateforme crypto, exchange crypto, bitcoin, ethereum, trading au comptant, contrats à terme, trading sur marge, trading démo",
    },
    markets: {
      title: "Marchés crypto : cours en direct et variation 24 h | Mix Exchange",
      description: "Cours en direct, variation sur 24 heures et volume de tous les marchés au comptant et à terme de Mix Exchange.",
      keywords: "cours des cryptos, aperçu du marché, cours du bitcoin, cours des altcoins",
    },
    spot: {
      title: "Trading au comptant {base}/{quote} : cours et graphique | Mix Exchange",
      description:
        "Achetez et vendez {base} contre {quote} avec des ordres limités, au marché et conditionnels. Carnet d'ordres, transactions et chandeliers {symbol} en direct.",
      keywords: "cours {base}, {symbol}, acheter {base}, vendre {base}, graphique {base}",
    },
    futures: {
      title: "Contrats perpétuels {symbol} USDT-M | Mix Exchange",
      description:
        "Tradez les contrats perpétuels {symbol} avec marge en USDT, ordres take-profit et stop-loss et taux de financement en direct.",
      keywords: "contrats à terme {symbol}, contrat perpétuel, USDT-M, trading avec effet de levier",
    },
    wiki: {
      title: "Wiki crypto : ce qu'est chaque crypto et son cours | Mix Exchange",
      description:
        "Des guides clairs sur les principales cryptomonnaies, avec leur cours en direct, leurs données de marché et leur histoire.",
      keywords: "wiki crypto, guide des cryptomonnaies, cours crypto, qu'est-ce que le bitcoin",
    },
    "wiki-page": {
      title: "Cours crypto du jour : toutes les cryptos cotées | Mix Exchange",
      description:
        "Cours en direct, variation sur 24 heures, plus hauts, plus bas et volume de chaque crypto cotée sur Mix Exchange, avec un guide pour chacune.",
      keywords: "cours des cryptomonnaies, cours crypto aujourd'hui, cours du bitcoin, cours de l'ethereum, capitalisation boursière",
    },
    "wiki-article": {
      title: "{name} ({coin}) : cours du jour, graphique et guide | Mix Exchange",
      description:
        "Découvrez {name} ({coin}) et son fonctionnement, avec son cours en direct, sa variation sur 24 h, son volume et un graphique sur 7 jours.",
      keywords: "cours {name}, cours {coin}, graphique {coin}, qu'est-ce que {name}, guide {name}",
    },
    events: {
      title: "Événements et campagnes | Mix Exchange",
      description: "Compétitions de trading, récompenses et campagnes en cours sur Mix Exchange.",
      keywords: "événements crypto, compétition de trading, récompenses",
    },
    fee: {
      title: "Frais de trading | Mix Exchange",
      description: "Frais maker et taker pour le trading au comptant, sur marge et à terme, à chaque niveau VIP.",
      keywords: "frais de trading, frais maker, frais taker, frais VIP",
    },
    vip: {
      title: "Programme VIP | Mix Exchange",
      description: "Les niveaux VIP, les volumes et soldes requis pour y accéder et les réductions de frais qu'ils offrent.",
      keywords: "VIP, réduction de frais, volume de trading",
    },
    asset: {
      title: "Actifs | Mix Exchange",
      description: "Vos soldes sur les comptes au comptant, sur marge et à terme, et leur valorisation.",
      keywords: "actifs crypto, solde, valorisation",
    },
  },
  de: {
    home: {
      title: "Mix Exchange | Bitcoin und Krypto kaufen, verkaufen und handeln",
      description:
        "Handeln Sie Bitcoin, Ethereum und weitere Kryptowährungen im Spot-, Margin- und USDT-M-Futures-Markt: hohe Liquidität, niedrige Gebühren, risikofreier Demomodus.",
      keywords: "Krypto-Börse, Bitcoin, Ethereum, Spot-Handel, Futures, Margin-Handel, Demo-Trading",
    },
    markets: {
      title: "Kryptomärkte: Live-Kurse und 24h-Änderung | Mix Exchange",
      description: "Live-Kurse, 24h-Änderung und Handelsvolumen aller Spot- und Futures-Märkte auf Mix Exchange.",
      keywords: "Kryptokurse, Marktübersicht, Bitcoin Kurs, Altcoin Kurse",
    },
    spot: {
      title: "{base}/{quote} Spot-Handel: Live-Kurs und Chart | Mix Exchange",
      description:
        "{base} gegen {quote} kaufen und verkaufen – mit Limit-, Market- und Trigger-Orders. Live-Orderbuch, Trades und Kerzenchart für {symbol}.",
      keywords: "{base} Kurs, {symbol}, {base} kaufen, {base} verkaufen, {base} Chart",
    },
    futures: {
      title: "{symbol} Perpetual Futures (USDT-M) | Mix Exchange",
      description:
        "Handeln Sie unbefristete {symbol}-Futures mit USDT-Margin, Take-Profit- und Stop-Loss-Orders und aktueller Funding-Rate.",
      keywords: "{symbol} Futures, Perpetual Futures, unbefristete Futures, USDT-M, Hebelhandel",
    },
    wiki: {
      title: "Krypto-Wiki: Was jeder Coin ist und was er kostet | Mix Exchange",
      description: "Verständliche Leitfäden zu den wichtigsten Kryptowährungen mit Live-Kurs, Marktdaten und Geschichte.",
      keywords: "Krypto-Wiki, Coin-Leitfaden, Kryptokurs, was ist Bitcoin",
    },
    "wiki-page": {
      title: "Kryptokurse heute: alle gelisteten Coins | Mix Exchange",
      description: "Live-Kurse, 24h-Änderung, Hochs, Tiefs und Volumen aller auf Mix Exchange gelisteten Coins, jeweils mit Leitfaden.",
      keywords: "Kryptokurse, Coin Kurse heute, Bitcoin Kurs, Ethereum Kurs, Marktkapitalisierung",
    },
    "wiki-article": {
      title: "{name} ({coin}) Kurs heute, Chart und Leitfaden | Mix Exchange",
      description: "Was {name} ({coin}) ist und wie es funktioniert – mit Live-Kurs, 24h-Änderung, Volumen und 7-Tage-Chart.",
      keywords: "{name} Kurs, {coin} Kurs, {coin} Chart, was ist {name}, {name} Leitfaden",
    },
    events: {
      title: "Aktionen und Kampagnen | Mix Exchange",
      description: "Aktuelle Trading-Wettbewerbe, Prämien und Kampagnen auf Mix Exchange.",
      keywords: "Krypto-Aktionen, Trading-Wettbewerb, Prämien",
    },
    fee: {
      title: "Handelsgebühren | Mix Exchange",
      description: "Maker- und Taker-Gebühren für Spot-, Margin- und Futures-Handel auf jeder VIP-Stufe.",
      keywords: "Handelsgebühren, Maker-Gebühr, Taker-Gebühr, VIP-Gebühren",
    },
    vip: {
      title: "VIP-Programm | Mix Exchange",
      description: "Die VIP-Stufen, das dafür nötige Handelsvolumen und Guthaben und die Gebührenrabatte, die sie bringen.",
      keywords: "VIP, Gebührenrabatt, Handelsvolumen",
    },
    asset: {
      title: "Vermögen | Mix Exchange",
      description: "Ihre Guthaben in Spot-, Margin- und Futures-Konten und deren Bewertung.",
      keywords: "Krypto-Vermögen, Guthaben, Bewertung",
    },
  },
  it: {
    home: {
      title: "Mix Exchange | Compra, vendi e scambia Bitcoin e criptovalute",
      description:
        "Fai trading di Bitcoin, Ethereum e altre criptovalute sui mercati spot, margin e futures USDT-M con liquidità elevata, commissioni basse e modalità demo senza rischi.",
      keywords: "exchange di criptovalute, bitcoin, ethereum, trading spot, futures, margin trading, trading demo",
    },
    markets: {
      title: "Mercati cripto: prezzi live e variazione 24h | Mix Exchange",
      description: "Prezzi in tempo reale, variazione nelle 24 ore e volumi di tutti i mercati spot e futures di Mix Exchange.",
      keywords: "prezzi criptovalute, panoramica del mercato, prezzo bitcoin, prezzi altcoin",
    },
    spot: {
      title: "Trading spot {base}/{quote}: prezzo live e grafico | Mix Exchange",
      description:
        "Compra e vendi {base} con {quote} tramite ordini limite, a mercato e condizionati. Order book, scambi e grafico a candele di {symbol} in tempo reale.",
      keywords: "prezzo {base}, {symbol}, comprare {base}, vendere {base}, grafico {base}",
    },
    futures: {
      title: "Futures perpetui {symbol} USDT-M | Mix Exchange",
      description:
        "Fai trading di futures perpetui {symbol} con margine in USDT, ordini take profit e stop loss e funding rate in tempo reale.",
      keywords: "futures {symbol}, futures perpetui, USDT-M, trading con leva",
    },
    wiki: {
      title: "Wiki cripto: cos'è ogni moneta e quanto costa | Mix Exchange",
      description: "Guide semplici e chiare alle principali criptovalute, con prezzo in tempo reale, dati di mercato e storia.",
      keywords: "wiki cripto, guida alle criptovalute, prezzo cripto, cos'è bitcoin",
    },
    "wiki-page": {
      title: "Prezzi cripto oggi: tutte le monete quotate | Mix Exchange",
      description:
        "Prezzi in tempo reale, variazione 24h, massimi, minimi e volumi di tutte le monete quotate su Mix Exchange, con una guida per ciascuna.",
      keywords: "prezzi criptovalute, prezzi cripto oggi, prezzo bitcoin, prezzo ethereum, capitalizzazione di mercato",
    },
    "wiki-article": {
      title: "{name} ({coin}): prezzo oggi, grafico e guida | Mix Exchange",
      description: "Cos'è {name} ({coin}) e come funziona, con prezzo in tempo reale, variazione 24h, volume e grafico a 7 giorni.",
      keywords: "prezzo {name}, prezzo {coin}, grafico {coin}, cos'è {name}, guida {name}",
    },
    events: {
      title: "Eventi e promozioni | Mix Exchange",
      description: "Le competizioni di trading, i premi e le promozioni in corso su Mix Exchange.",
      keywords: "eventi cripto, competizione di trading, premi",
    },
    fee: {
      title: "Commissioni di trading | Mix Exchange",
      description: "Commissioni maker e taker per il trading spot, margin e futures a ogni livello VIP.",
      keywords: "commissioni di trading, commissione maker, commissione taker, commissioni VIP",
    },
    vip: {
      title: "Programma VIP | Mix Exchange",
      description: "I livelli VIP, i volumi e i saldi richiesti per accedervi e gli sconti sulle commissioni che offrono.",
      keywords: "VIP, sconto sulle commissioni, volume di trading",
    },
    asset: {
      title: "Asset | Mix Exchange",
      description: "I tuoi saldi nei conti spot, margin e futures e la loro valutazione.",
      keywords: "asset cripto, saldo, valutazione",
    },
  },
};
