import type { TdkTexts } from "../tdk-seed.ts";

/**
 * Portuguese. `pt` is Brazilian ("ao vivo", "negocie", "taxas", "seus"); `pt-PT` is European
 * ("em tempo real", "negoceie", "comissões", "os seus", "prémios", "a decorrer").
 */
export const TDK_PORTUGUESE: Record<"pt" | "pt-PT", TdkTexts> = {
  pt: {
    home: {
      title: "Mix Exchange | Compre, venda e negocie Bitcoin e criptomoedas",
      description:
        "Negocie Bitcoin, Ethereum e outras criptomoedas nos mercados spot, de margem e de futuros USDT-M, com alta liquidez, taxas baixas e modo demo sem risco.",
      keywords: "corretora de criptomoedas, exchange de criptomoedas, bitcoin, ethereum, trading spot, futuros, margem, conta demo",
    },
    markets: {
      title: "Mercados cripto: preços ao vivo e variação em 24h | Mix Exchange",
      description: "Preços ao vivo, variação em 24 horas e volume de todos os mercados spot e de futuros da Mix Exchange.",
      keywords: "preços de criptomoedas, cotação cripto, visão geral do mercado, preço do bitcoin, preços de altcoins",
    },
    spot: {
      title: "Trading spot de {base}/{quote}: preço ao vivo e gráfico | Mix Exchange",
      description:
        "Compre e venda {base} com {quote} usando ordens limitadas, a mercado e de gatilho. Livro de ofertas, negociações e gráfico de velas de {symbol} ao vivo.",
      keywords: "preço {base}, cotação {base}, {symbol}, comprar {base}, vender {base}, gráfico {base}",
    },
    futures: {
      title: "Futuros perpétuos de {symbol} USDT-M | Mix Exchange",
      description:
        "Negocie futuros perpétuos de {symbol} com margem em USDT, ordens de take profit e stop loss e taxa de financiamento ao vivo.",
      keywords: "futuros {symbol}, futuros perpétuos, USDT-M, trading alavancado",
    },
    wiki: {
      title: "Wiki cripto: o que é cada moeda e quanto custa | Mix Exchange",
      description: "Guias em linguagem simples sobre as principais criptomoedas, com preço ao vivo, dados de mercado e história.",
      keywords: "wiki cripto, guia de criptomoedas, preço cripto, o que é bitcoin",
    },
    "wiki-page": {
      title: "Preços cripto hoje: todas as moedas listadas | Mix Exchange",
      description:
        "Preços ao vivo, variação em 24 horas, máximas, mínimas e volume de todas as moedas listadas na Mix Exchange, com um guia de cada uma.",
      keywords: "preços de criptomoedas, cotação cripto hoje, preço do bitcoin, preço do ethereum, capitalização de mercado",
    },
    "wiki-article": {
      title: "{name} ({coin}): preço hoje, gráfico e guia | Mix Exchange",
      description: "O que é {name} ({coin}) e como funciona, com preço ao vivo, variação em 24 horas, volume e gráfico de 7 dias.",
      keywords: "preço {name}, cotação {coin}, gráfico {coin}, o que é {name}, guia {name}",
    },
    events: {
      title: "Eventos e campanhas | Mix Exchange",
      description: "Competições de trading, recompensas e campanhas em andamento na Mix Exchange.",
      keywords: "eventos cripto, competição de trading, recompensas",
    },
    fee: {
      title: "Taxas de negociação | Mix Exchange",
      description: "Taxas maker e taker para trading spot, de margem e de futuros em cada nível VIP.",
      keywords: "taxas de negociação, taxa maker, taxa taker, taxas VIP",
    },
    vip: {
      title: "Programa VIP | Mix Exchange",
      description: "Os níveis VIP, o volume e o saldo necessários para alcançar cada um e os descontos nas taxas que eles oferecem.",
      keywords: "VIP, desconto nas taxas, volume de negociação",
    },
    asset: {
      title: "Ativos | Mix Exchange",
      description: "Seus saldos nas contas spot, de margem e de futuros, com a respectiva avaliação.",
      keywords: "ativos cripto, saldo, avaliação",
    },
  },
  "pt-PT": {
    home: {
      title: "Mix Exchange | Compre, venda e negoceie Bitcoin e criptomoedas",
      description:
        "Negoceie Bitcoin, Ethereum e outras criptomoedas nos mercados spot, de margem e de futuros USDT-M, com elevada liquidez, comissões baixas e modo demo sem risco.",
      keywords: "plataforma de criptomoedas, exchange de criptomoedas, bitcoin, ethereum, negociação spot, futuros, margem, conta demo",
    },
    markets: {
      title: "Mercados cripto: preços em tempo real e variação 24h | Mix Exchange",
      description: "Preços em tempo real, variação em 24 horas e volume de todos os mercados spot e de futuros da Mix Exchange.",
      keywords: "preços de criptomoedas, cotações cripto, visão geral do mercado, preço bitcoin, preços de altcoins",
    },
    spot: {
      title: "Negociação spot de {base}/{quote}: cotação e gráfico | Mix Exchange",
      description:
        "Compre e venda {base} com {quote} através de ordens limitadas, de mercado e de ativação. Livro de ordens, transações e gráfico de velas de {symbol} em tempo real.",
      keywords: "preço {base}, cotação {base}, {symbol}, comprar {base}, vender {base}, gráfico {base}",
    },
    futures: {
      title: "Futuros perpétuos de {symbol} USDT-M | Mix Exchange",
      description:
        "Negoceie futuros perpétuos de {symbol} com margem em USDT, ordens take profit e stop loss e taxa de financiamento em tempo real.",
      keywords: "futuros {symbol}, futuros perpétuos, USDT-M, negociação com alavancagem",
    },
    wiki: {
      title: "Wiki cripto: o que é cada moeda e quanto vale | Mix Exchange",
      description: "Guias em linguagem simples sobre as principais criptomoedas, com a cotação em tempo real, dados de mercado e história.",
      keywords: "wiki cripto, guia de criptomoedas, cotação cripto, o que é bitcoin",
    },
    "wiki-page": {
      title: "Cotações cripto hoje: todas as moedas listadas | Mix Exchange",
      description:
        "Preços em tempo real, variação em 24 horas, máximos, mínimos e volume de todas as moedas listadas na Mix Exchange, com um guia para cada uma.",
      keywords: "preços de criptomoedas, cotações cripto hoje, preço bitcoin, preço ethereum, capitalização de mercado",
    },
    "wiki-article": {
      title: "{name} ({coin}): cotação hoje, gráfico e guia | Mix Exchange",
      description:
        "O que é {name} ({coin}) e como funciona, com a cotação em tempo real, variação em 24 horas, volume e gráfico de 7 dias.",
      keywords: "preço {name}, cotação {coin}, gráfico {coin}, o que é {name}, guia {name}",
    },
    events: {
      title: "Eventos e campanhas | Mix Exchange",
      description: "Competições de negociação, prémios e campanhas a decorrer na Mix Exchange.",
      keywords: "eventos cripto, competição de negociação, prémios",
    },
    fee: {
      title: "Comissões de negociação | Mix Exchange",
      description: "Comissões maker e taker para negociação spot, de margem e de futuros em cada nível VIP.",
      keywords: "comissões de negociação, comissão maker, comissão taker, comissões VIP",
    },
    vip: {
      title: "Programa VIP | Mix Exchange",
      description: "Os níveis VIP, o volume e o saldo necessários para atingir cada um e os descontos nas comissões que oferecem.",
      keywords: "VIP, desconto nas comissões, volume de negociação",
    },
    asset: {
      title: "Ativos | Mix Exchange",
      description: "Os seus saldos nas contas spot, de margem e de futuros e a respetiva avaliação.",
      keywords: "ativos cripto, saldo, avaliação",
    },
  },
};
