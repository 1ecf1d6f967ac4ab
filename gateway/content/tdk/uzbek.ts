import type { TdkTexts } from "../tdk-seed.ts";

/**
 * Uzbek in the Latin script, with the letters oʻ/gʻ and the tutuq belgisi written as the app's
 * locale files write them (‘ and ’).
 */
export const TDK_UZBEK: Record<"uz", TdkTexts> = {
  uz: {
    home: {
      title: "Mix Exchange | Bitcoin va kripto: sotib olish, sotish va savdo",
      description:
        "Bitcoin, Ethereum va boshqa kriptovalyutalar bilan spot, marja va USDT-M fyuchers bozorlarida savdo qiling: yuqori likvidlik, past komissiyalar va xatarsiz demo rejim.",
      keywords: "kripto birja, bitcoin, ethereum, spot savdo, fyuchers, marja savdosi, demo savdo",
    },
    markets: {
      title: "Kripto bozorlari: joriy narxlar va 24 soatlik o‘zgarish | Mix Exchange",
      description: "Mix Exchange’dagi barcha spot va fyuchers bozorlarining joriy narxlari, 24 soatlik o‘zgarishi va savdo hajmi.",
      keywords: "kripto narxlari, kriptovalyuta kursi, bozor sharhi, bitcoin narxi, altkoin narxlari",
    },
    spot: {
      title: "{base}/{quote} spot savdosi: joriy narx va grafik | Mix Exchange",
      description:
        "{quote} evaziga {base} sotib oling va soting: limit, bozor va trigger orderlari. {symbol} orderlar kitobi, bitimlar va sham grafigi real vaqtda.",
      keywords: "{base} narxi, {symbol}, {base} sotib olish, {base} sotish, {base} grafigi",
    },
    futures: {
      title: "{symbol} USDT-M muddatsiz fyucherslari | Mix Exchange",
      description:
        "{symbol} muddatsiz fyucherslari bilan USDT marjasida savdo qiling: take-profit va stop-loss orderlari hamda joriy moliyalashtirish stavkasi.",
      keywords: "{symbol} fyuchers, muddatsiz fyuchers, USDT-M, leverej bilan savdo",
    },
    wiki: {
      title: "Kripto viki: har bir koin nima va qancha turadi | Mix Exchange",
      description: "Asosiy kriptovalyutalar haqida sodda tilda yozilgan qo‘llanmalar: joriy narx, bozor ma’lumotlari va tarix.",
      keywords: "kripto viki, koinlar qo‘llanmasi, kripto narxi, bitcoin nima",
    },
    "wiki-page": {
      title: "Bugungi kripto narxlari: barcha ro‘yxatdagi koinlar | Mix Exchange",
      description:
        "Mix Exchange’dagi har bir koinning joriy narxi, 24 soatlik o‘zgarishi, eng yuqori va eng past narxi hamda savdo hajmi, har biri uchun qo‘llanma bilan.",
      keywords: "kripto narxlari, bugungi koin narxlari, bitcoin narxi, ethereum narxi, bozor kapitalizatsiyasi",
    },
    "wiki-article": {
      title: "{name} ({coin}) bugungi narxi, grafigi va qo‘llanma | Mix Exchange",
      description: "{name} ({coin}) nima va qanday ishlaydi: joriy narxi, 24 soatlik o‘zgarishi, savdo hajmi va 7 kunlik grafigi.",
      keywords: "{name} narxi, {coin} narxi, {coin} grafigi, {name} nima, {name} qo‘llanma",
    },
    events: {
      title: "Tadbirlar va aksiyalar | Mix Exchange",
      description: "Mix Exchange’dagi joriy savdo musobaqalari, mukofotlar va aksiyalar.",
      keywords: "kripto tadbirlar, savdo musobaqasi, mukofotlar",
    },
    fee: {
      title: "Savdo komissiyalari | Mix Exchange",
      description: "Har bir VIP darajasi uchun spot, marja va fyuchers savdosidagi meyker va teyker komissiyalari.",
      keywords: "savdo komissiyalari, meyker komissiyasi, teyker komissiyasi, VIP komissiyalari",
    },
    vip: {
      title: "VIP dasturi | Mix Exchange",
      description: "VIP darajalari, ularga erishish uchun zarur savdo hajmi va balans hamda ular beradigan komissiya chegirmalari.",
      keywords: "VIP, komissiya chegirmasi, savdo hajmi",
    },
    asset: {
      title: "Aktivlar | Mix Exchange",
      description: "Spot, marja va fyuchers hisoblaringizdagi balanslar va ularning baholangan qiymati.",
      keywords: "kripto aktivlar, balans, baholash",
    },
  },
};
