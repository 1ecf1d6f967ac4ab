import type { TdkTexts } from "../tdk-seed.ts";

/** Pages whose text is the same in more than one variant. */
const FEE = {
  title: "Comisiones de trading | Mix Exchange",
  description: "Comisiones maker y taker para trading spot, con margen y de futuros en cada nivel VIP.",
  keywords: "comisiones de trading, comisión maker, comisión taker, comisiones VIP",
};
const VIP = {
  title: "Programa VIP | Mix Exchange",
  description: "Los niveles VIP, el volumen y el saldo necesarios para alcanzarlos y los descuentos en comisiones que ofrecen.",
  keywords: "VIP, descuento en comisiones, volumen de trading",
};
const ASSET = {
  title: "Activos | Mix Exchange",
  description: "Tus saldos en las cuentas spot, de margen y de futuros, y su valoración.",
  keywords: "activos cripto, saldo, valoración",
};
/** Neutral and Argentine Spanish. */
const WIKI_LATAM = {
  title: "Wiki cripto: qué es cada moneda y cuánto cuesta | Mix Exchange",
  description: "Guías claras sobre las principales criptomonedas, con su precio en vivo, datos de mercado e historia.",
  keywords: "wiki cripto, guía de criptomonedas, precio cripto, qué es bitcoin",
};

/**
 * Spanish. `es` is neutral Latin-American Spanish ("en vivo", "competencias"), `es-ES` is Spain's
 * ("en directo", "cotización", "competiciones") and `es-AR` addresses the reader with voseo.
 */
export const TDK_SPANISH: Record<"es" | "es-ES" | "es-AR", TdkTexts> = {
  es: {
    home: {
      title: "Mix Exchange | Compra, vende y opera Bitcoin y criptomonedas",
      description:
        "Opera con Bitcoin, Ethereum y otras criptomonedas en mercados spot, con margen y de futuros USDT-M. Alta liquidez, comisiones bajas y un modo demo sin riesgo.",
      keywords: "exchange de criptomonedas, bitcoin, ethereum, trading spot, futuros, trading con margen, trading demo",
    },
    markets: {
      title: "Mercados cripto: precios en vivo y variación 24 h | Mix Exchange",
      description: "Precios en vivo, variación en 24 horas y volumen de todos los mercados spot y de futuros de Mix Exchange.",
      keywords: "precios de criptomonedas, resumen del mercado, precio de bitcoin, precios de altcoins",
    },
    spot: {
      title: "Trading spot de {base}/{quote}: precio en vivo y gráfico | Mix Exchange",
      description:
        "Compra y vende {base} con {quote} mediante órdenes límite, de mercado y condicionales. Libro de órdenes, operaciones y gráfico de velas de {symbol} en vivo.",
      keywords: "precio de {base}, {symbol}, comprar {base}, vender {base}, gráfico de {base}",
    },
    futures: {
      title: "Futuros perpetuos de {symbol} USDT-M | Mix Exchange",
      description:
        "Opera con futuros perpetuos de {symbol} con margen en USDT, órdenes take profit y stop loss y tasa de financiamiento en vivo.",
      keywords: "futuros de {symbol}, futuros perpetuos, USDT-M, trading con apalancamiento",
    },
    wiki: WIKI_LATAM,
    "wiki-page": {
      title: "Precios cripto hoy: todas las monedas listadas | Mix Exchange",
      description:
        "Precios en vivo, variación en 24 horas, máximos, mínimos y volumen de cada moneda listada en Mix Exchange, con una guía de cada una.",
      keywords: "precios de criptomonedas, precio cripto hoy, precio de bitcoin, precio de ethereum, capitalización de mercado",
    },
    "wiki-article": {
      title: "{name} ({coin}): precio hoy, gráfico y guía | Mix Exchange",
      description: "Qué es {name} ({coin}) y cómo funciona, con su precio en vivo, variación en 24 horas, volumen y gráfico de 7 días.",
      keywords: "precio de {name}, precio de {coin}, gráfico de {coin}, qué es {name}, guía de {name}",
    },
    events: {
      title: "Eventos y promociones | Mix Exchange",
      description: "Competencias de trading, recompensas y promociones vigentes en Mix Exchange.",
      keywords: "eventos cripto, competencia de trading, recompensas",
    },
    fee: FEE,
    vip: VIP,
    asset: ASSET,
  },
  "es-ES": {
    home: {
      title: "Mix Exchange | Compra, vende y opera Bitcoin y criptomonedas",
      description:
        "Opera con Bitcoin, Ethereum y otras criptomonedas en mercados spot, con margen y de futuros USDT-M: alta liquidez, comisiones bajas y un modo demo sin riesgo.",
      keywords: "exchange de criptomonedas, bitcoin, ethereum, trading spot, futuros, trading con margen, trading demo",
    },
    markets: {
      title: "Mercados cripto: precios en directo y variación 24 h | Mix Exchange",
      description: "Precios en tiempo real, variación en 24 horas y volumen de todos los mercados spot y de futuros de Mix Exchange.",
      keywords: "precios de criptomonedas, cotización de criptomonedas, resumen del mercado, precio de bitcoin, precios de altcoins",
    },
    spot: {
      title: "Trading spot de {base}/{quote}: cotización y gráfico | Mix Exchange",
      description:
        "Compra y vende {base} con {quote} mediante órdenes limitadas, de mercado y condicionales. Libro de órdenes, operaciones y gráfico de velas de {symbol} en directo.",
      keywords: "cotización de {base}, precio de {base}, {symbol}, comprar {base}, vender {base}, gráfico de {base}",
    },
    futures: {
      title: "Futuros perpetuos de {symbol} USDT-M | Mix Exchange",
      description:
        "Opera con futuros perpetuos de {symbol} con margen en USDT, órdenes take profit y stop loss y tasa de financiación en tiempo real.",
      keywords: "futuros de {symbol}, futuros perpetuos, USDT-M, trading con apalancamiento",
    },
    wiki: {
      title: "Wiki cripto: qué es cada moneda y cuánto vale | Mix Exchange",
      description: "Guías claras sobre las principales criptomonedas, con su cotización en directo, datos de mercado e historia.",
      keywords: "wiki cripto, guía de criptomonedas, cotización cripto, qué es bitcoin",
    },
    "wiki-page": {
      title: "Cotización cripto hoy: todas las monedas listadas | Mix Exchange",
      description:
        "Precios en directo, variación en 24 horas, máximos, mínimos y volumen de cada moneda listada en Mix Exchange, con una guía de cada una.",
      keywords: "precio de criptomonedas, cotización cripto hoy, precio de bitcoin, precio de ethereum, capitalización de mercado",
    },
    "wiki-article": {
      title: "{name} ({coin}): cotización hoy, gráfico y guía | Mix Exchange",
      description:
        "Qué es {name} ({coin}) y cómo funciona, con su cotización en directo, variación en 24 horas, volumen y gráfico de 7 días.",
      keywords: "precio de {name}, cotización de {coin}, gráfico de {coin}, qué es {name}, guía de {name}",
    },
    events: {
      title: "Eventos y promociones | Mix Exchange",
      description: "Competiciones de trading, recompensas y promociones activas en Mix Exchange.",
      keywords: "eventos cripto, competición de trading, recompensas",
    },
    fee: FEE,
    vip: VIP,
    asset: ASSET,
  },
  "es-AR": {
    home: {
      title: "Mix Exchange | Comprá, vendé y operá Bitcoin y criptomonedas",
      description:
        "Operá con Bitcoin, Ethereum y otras criptomonedas en mercados spot, con margen y de futuros USDT-M. Alta liquidez, comisiones bajas y un modo demo sin riesgo.",
      keywords: "exchange de criptomonedas, bitcoin, ethereum, trading spot, futuros, trading con margen, trading demo",
    },
    markets: {
      title: "Mercados cripto: precios en vivo y variación 24 h | Mix Exchange",
      description: "Precios en vivo, variación en 24 horas y volumen de todos los mercados spot y de futuros de Mix Exchange.",
      keywords: "precios de criptomonedas, cotización cripto, resumen del mercado, precio de bitcoin, precios de altcoins",
    },
    spot: {
      title: "Trading spot de {base}/{quote}: precio en vivo y gráfico | Mix Exchange",
      description:
        "Comprá y vendé {base} con {quote} usando órdenes límite, de mercado y condicionales. Libro de órdenes, operaciones y gráfico de velas de {symbol} en vivo.",
      keywords: "precio de {base}, cotización de {base}, {symbol}, comprar {base}, vender {base}, gráfico de {base}",
    },
    futures: {
      title: "Futuros perpetuos de {symbol} USDT-M | Mix Exchange",
      description:
        "Operá con futuros perpetuos de {symbol} con margen en USDT, órdenes take profit y stop loss y tasa de financiamiento en vivo.",
      keywords: "futuros de {symbol}, futuros perpetuos, USDT-M, trading con apalancamiento",
    },
    wiki: WIKI_LATAM,
    "wiki-page": {
      title: "Precios cripto hoy: todas las monedas listadas | Mix Exchange",
      description:
        "Precios en vivo, variación en 24 horas, máximos, mínimos y volumen de cada moneda listada en Mix Exchange, con una guía de cada una.",
      keywords: "precios de criptomonedas, cotización cripto hoy, precio de bitcoin, precio de ethereum, capitalización de mercado",
    },
    "wiki-article": {
      title: "{name} ({coin}): precio hoy, gráfico y guía | Mix Exchange",
      description: "Qué es {name} ({coin}) y cómo funciona, con su precio en vivo, variación en 24 horas, volumen y gráfico de 7 días.",
      keywords: "precio de {name}, cotización de {coin}, gráfico de {coin}, qué es {name}, guía de {name}",
    },
    events: {
      title: "Eventos y promociones | Mix Exchange",
      description: "Competencias de trading, premios y promociones vigentes en Mix Exchange.",
      keywords: "eventos cripto, competencia de trading, premios",
    },
    fee: FEE,
    vip: {
      title: "Programa VIP | Mix Exchange",
      description: "Los niveles VIP, el volumen y el saldo necesarios para alcanzarlos y los descuentos en comisiones que te dan.",
      keywords: "VIP, descuento en comisiones, volumen de trading",
    },
    asset: {
      title: "Activos | Mix Exchange",
      description: "Tus saldos en las cuentas spot, de margen y de futuros, y su valuación.",
      keywords: "activos cripto, saldo, valuación",
    },
  },
};
