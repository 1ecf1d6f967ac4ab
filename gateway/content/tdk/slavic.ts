import type { TdkTexts } from "../tdk-seed.ts";

/** Russian, Ukrainian, Polish and Bulgarian. */
export const TDK_SLAVIC: Record<"ru" | "uk" | "pl" | "bg", TdkTexts> = {
  ru: {
    home: {
      title: "Mix Exchange | Биткоин и криптовалюта: покупка, продажа, трейдинг",
      description:
        "Торгуйте биткоином, Ethereum и другими криптовалютами на спотовом, маржинальном и фьючерсном рынке USDT-M: высокая ликвидность, низкие комиссии и демо-режим без риска.",
      keywords: "криптобиржа, биткоин, эфириум, спотовая торговля, фьючерсы, маржинальная торговля, демо-торговля",
    },
    markets: {
      title: "Курсы криптовалют онлайн и изменение за 24 ч | Mix Exchange",
      description: "Актуальные цены, изменение за 24 часа и объём торгов на всех спотовых и фьючерсных рынках Mix Exchange.",
      keywords: "курсы криптовалют, цены криптовалют, обзор рынка, курс биткоина, цены альткоинов",
    },
    spot: {
      title: "Спотовая торговля {base}/{quote}: курс и график онлайн | Mix Exchange",
      description:
        "Покупайте и продавайте {base} за {quote} лимитными, рыночными и триггерными ордерами. Стакан {symbol}, лента сделок и свечной график онлайн.",
      keywords: "курс {base}, {symbol}, купить {base}, продать {base}, график {base}",
    },
    futures: {
      title: "Бессрочные фьючерсы {symbol} USDT-M | Mix Exchange",
      description:
        "Торгуйте бессрочными фьючерсами {symbol} с маржой в USDT, ордерами тейк-профит и стоп-лосс и актуальной ставкой финансирования.",
      keywords: "фьючерсы {symbol}, бессрочные фьючерсы, USDT-M, торговля с плечом",
    },
    wiki: {
      title: "Криптовики: что за монеты и сколько они стоят | Mix Exchange",
      description: "Понятные руководства по основным криптовалютам: актуальный курс, рыночные данные и история каждой монеты.",
      keywords: "криптовики, криптовалюты для начинающих, курс криптовалют, что такое биткоин",
    },
    "wiki-page": {
      title: "Курсы криптовалют сегодня: все монеты биржи | Mix Exchange",
      description:
        "Актуальные цены, изменение за 24 часа, максимумы, минимумы и объём торгов всех монет на Mix Exchange с руководством по каждой.",
      keywords: "курсы криптовалют, цены монет сегодня, курс биткоина, курс эфириума, рыночная капитализация",
    },
    "wiki-article": {
      title: "{name} ({coin}): курс сегодня, график и обзор | Mix Exchange",
      description: "Что такое {name} ({coin}) и как это работает: актуальный курс, изменение за 24 часа, объём торгов и график за 7 дней.",
      keywords: "курс {name}, цена {coin}, график {coin}, что такое {name}, {name} обзор",
    },
    events: {
      title: "События и акции | Mix Exchange",
      description: "Текущие торговые соревнования, награды и акции на Mix Exchange.",
      keywords: "криптособытия, торговые соревнования, награды, акции",
    },
    fee: {
      title: "Торговые комиссии | Mix Exchange",
      description: "Комиссии мейкера и тейкера для спотовой, маржинальной и фьючерсной торговли на каждом уровне VIP.",
      keywords: "торговые комиссии, комиссия мейкера, комиссия тейкера, комиссии VIP",
    },
    vip: {
      title: "VIP-программа | Mix Exchange",
      description: "Уровни VIP, объёмы торгов и балансы, нужные для каждого из них, и скидки на комиссии, которые они дают.",
      keywords: "VIP, скидка на комиссию, объём торгов",
    },
    asset: {
      title: "Активы | Mix Exchange",
      description: "Ваши балансы на спотовом, маржинальном и фьючерсном счетах и их оценочная стоимость.",
      keywords: "криптоактивы, баланс, оценка активов",
    },
  },
  uk: {
    home: {
      title: "Mix Exchange | Біткоїн і криптовалюта: купівля, продаж, трейдинг",
      description:
        "Торгуйте біткоїном, Ethereum та іншими криптовалютами на спотовому, маржинальному й ф’ючерсному ринку USDT-M: висока ліквідність, низькі комісії, демо-режим без ризику.",
      keywords: "криптобіржа, біткоїн, ефіріум, спотова торгівля, ф’ючерси, маржинальна торгівля, демо-торгівля",
    },
    markets: {
      title: "Курси криптовалют онлайн і зміна за 24 год | Mix Exchange",
      description: "Актуальні ціни, зміна за 24 години та обсяг торгів на всіх спотових і ф’ючерсних ринках Mix Exchange.",
      keywords: "курси криптовалют, ціни криптовалют, огляд ринку, курс біткоїна, ціни альткоїнів",
    },
    spot: {
      title: "Спотова торгівля {base}/{quote}: курс і графік онлайн | Mix Exchange",
      description:
        "Купуйте й продавайте {base} за {quote} лімітними, ринковими й тригерними ордерами. Книга ордерів {symbol}, стрічка угод і свічковий графік онлайн.",
      keywords: "курс {base}, {symbol}, купити {base}, продати {base}, графік {base}",
    },
    futures: {
      title: "Безстрокові ф’ючерси {symbol} USDT-M | Mix Exchange",
      description:
        "Торгуйте безстроковими ф’ючерсами {symbol} з маржею в USDT, ордерами тейк-профіт і стоп-лос та актуальною ставкою фінансування.",
      keywords: "ф’ючерси {symbol}, безстрокові ф’ючерси, USDT-M, торгівля з плечем",
    },
    wiki: {
      title: "Криптовікі: що за монети і скільки вони коштують | Mix Exchange",
      description: "Зрозумілі посібники з основних криптовалют: актуальний курс, ринкові дані та історія кожної монети.",
      keywords: "криптовікі, криптовалюти для початківців, курс криптовалют, що таке біткоїн",
    },
    "wiki-page": {
      title: "Курси криптовалют сьогодні: усі монети біржі | Mix Exchange",
      description:
        "Актуальні ціни, зміна за 24 години, максимуми, мінімуми та обсяг торгів усіх монет на Mix Exchange з посібником до кожної.",
      keywords: "курси криптовалют, ціни монет сьогодні, курс біткоїна, курс ефіріуму, ринкова капіталізація",
    },
    "wiki-article": {
      title: "{name} ({coin}): курс сьогодні, графік і огляд | Mix Exchange",
      description: "Що таке {name} ({coin}) і як це працює: актуальний курс, зміна за 24 години, обсяг торгів і графік за 7 днів.",
      keywords: "курс {name}, ціна {coin}, графік {coin}, що таке {name}, {name} огляд",
    },
    events: {
      title: "Події та акції | Mix Exchange",
      description: "Поточні торгові змагання, винагороди та акції на Mix Exchange.",
      keywords: "криптоподії, торгові змагання, винагороди, акції",
    },
    fee: {
      title: "Торгові комісії | Mix Exchange",
      description: "Комісії мейкера й тейкера для спотової, маржинальної та ф’ючерсної торгівлі на кожному рівні VIP.",
      keywords: "торгові комісії, комісія мейкера, комісія тейкера, комісії VIP",
    },
    vip: {
      title: "VIP-програма | Mix Exchange",
      description: "Рівні VIP, обсяги торгів і баланси, потрібні для кожного з них, і знижки на комісії, які вони дають.",
      keywords: "VIP, знижка на комісію, обсяг торгів",
    },
    asset: {
      title: "Активи | Mix Exchange",
      description: "Ваші баланси на спотовому, маржинальному та ф’ючерсному рахунках і їхня оцінна вартість.",
      keywords: "криптоактиви, баланс, оцінка активів",
    },
  },
  pl: {
    home: {
      title: "Mix Exchange | Bitcoin i kryptowaluty: kupno, sprzedaż i handel",
      description:
        "Handluj bitcoinem, Ethereum i innymi kryptowalutami na rynkach spot, margin i futures USDT-M. Wysoka płynność, niskie opłaty i tryb demo bez ryzyka.",
      keywords: "giełda kryptowalut, bitcoin, ethereum, handel spot, kontrakty futures, handel z dźwignią, konto demo",
    },
    markets: {
      title: "Rynki kryptowalut: kursy na żywo i zmiana 24h | Mix Exchange",
      description: "Aktualne kursy, zmiana 24-godzinna i wolumen wszystkich rynków spot i futures na Mix Exchange.",
      keywords: "kursy kryptowalut, przegląd rynku, kurs bitcoina, ceny altcoinów",
    },
    spot: {
      title: "Handel spot {base}/{quote}: kurs i wykres na żywo | Mix Exchange",
      description:
        "Kupuj i sprzedawaj {base} za {quote}, korzystając ze zleceń z limitem, rynkowych i warunkowych. Arkusz zleceń, transakcje i wykres świecowy {symbol} na żywo.",
      keywords: "kurs {base}, {symbol}, kup {base}, sprzedaj {base}, wykres {base}",
    },
    futures: {
      title: "Kontrakty wieczyste {symbol} USDT-M | Mix Exchange",
      description:
        "Handluj kontraktami wieczystymi {symbol} z depozytem w USDT, zleceniami take profit i stop loss oraz bieżącą stopą finansowania.",
      keywords: "futures {symbol}, kontrakty wieczyste, USDT-M, handel z dźwignią",
    },
    wiki: {
      title: "Krypto wiki: czym jest każda moneta i ile kosztuje | Mix Exchange",
      description: "Przystępne przewodniki po najważniejszych kryptowalutach z aktualnym kursem, danymi rynkowymi i historią.",
      keywords: "krypto wiki, przewodnik po kryptowalutach, kurs kryptowalut, co to jest bitcoin",
    },
    "wiki-page": {
      title: "Kursy kryptowalut dziś: wszystkie notowane monety | Mix Exchange",
      description:
        "Aktualne kursy, zmiana 24h, maksima, minima i wolumen wszystkich monet notowanych na Mix Exchange, z przewodnikiem po każdej z nich.",
      keywords: "kursy kryptowalut, ceny kryptowalut dziś, kurs bitcoina, kurs ethereum, kapitalizacja rynkowa",
    },
    "wiki-article": {
      title: "{name} ({coin}): kurs dziś, wykres i przewodnik | Mix Exchange",
      description: "Czym jest {name} ({coin}) i jak działa: aktualny kurs, zmiana 24h, wolumen i wykres z ostatnich 7 dni.",
      keywords: "kurs {name}, cena {coin}, wykres {coin}, co to jest {name}, {name} przewodnik",
    },
    events: {
      title: "Wydarzenia i promocje | Mix Exchange",
      description: "Aktualne konkursy tradingowe, nagrody i promocje na Mix Exchange.",
      keywords: "wydarzenia krypto, konkurs tradingowy, nagrody",
    },
    fee: {
      title: "Opłaty transakcyjne | Mix Exchange",
      description: "Opłaty maker i taker za handel spot, margin i futures na każdym poziomie VIP.",
      keywords: "opłaty transakcyjne, opłata maker, opłata taker, opłaty VIP",
    },
    vip: {
      title: "Program VIP | Mix Exchange",
      description: "Poziomy VIP, wymagany na każdy z nich wolumen obrotu i saldo oraz zniżki na opłaty, jakie dają.",
      keywords: "VIP, zniżka na opłaty, wolumen obrotu",
    },
    asset: {
      title: "Aktywa | Mix Exchange",
      description: "Twoje salda na kontach spot, margin i futures oraz ich wycena.",
      keywords: "aktywa kryptowalutowe, saldo, wycena",
    },
  },
  bg: {
    home: {
      title: "Mix Exchange | Биткойн и крипто: купуване, продаване и търговия",
      description:
        "Търгувайте с биткойн, Ethereum и други криптовалути на спот, маржин и USDT-M фючърсни пазари с висока ликвидност, ниски такси и демо режим без риск.",
      keywords: "криптоборса, биткойн, етериум, спот търговия, фючърси, маржин търговия, демо търговия",
    },
    markets: {
      title: "Крипто пазари: цени на живо и промяна за 24 ч | Mix Exchange",
      description: "Цени в реално време, промяна за 24 часа и обем на всеки спот и фючърсен пазар в Mix Exchange.",
      keywords: "цени на криптовалути, преглед на пазара, цена на биткойн, цени на алткойни",
    },
    spot: {
      title: "Спот търговия с {base}/{quote}: цена и графика на живо | Mix Exchange",
      description:
        "Купувайте и продавайте {base} срещу {quote} с лимитни, пазарни и тригерни поръчки. Книга с поръчки, сделки и свещна графика на {symbol} на живо.",
      keywords: "цена на {base}, {symbol}, купи {base}, продай {base}, графика на {base}",
    },
    futures: {
      title: "Безсрочни фючърси {symbol} USDT-M | Mix Exchange",
      description:
        "Търгувайте безсрочни фючърси на {symbol} с маржин в USDT, поръчки тейк профит и стоп лос и актуална ставка на финансиране.",
      keywords: "фючърси {symbol}, безсрочни фючърси, USDT-M, търговия с ливъридж",
    },
    wiki: {
      title: "Крипто уики: какво е всяка монета и колко струва | Mix Exchange",
      description: "Разбираеми ръководства за основните криптовалути с цена на живо, пазарни данни и история.",
      keywords: "крипто уики, ръководство за криптовалути, цена на криптовалути, какво е биткойн",
    },
    "wiki-page": {
      title: "Цени на криптовалути днес: всички търгувани монети | Mix Exchange",
      description:
        "Цени в реално време, промяна за 24 часа, най-високи и най-ниски цени и обем на всяка монета в Mix Exchange, с ръководство за всяка.",
      keywords: "цени на криптовалути, цени на монети днес, цена на биткойн, цена на етериум, пазарна капитализация",
    },
    "wiki-article": {
      title: "{name} ({coin}): цена днес, графика и ръководство | Mix Exchange",
      description: "Какво е {name} ({coin}) и как работи, с цена на живо, промяна за 24 часа, обем и графика за 7 дни.",
      keywords: "цена на {name}, цена на {coin}, графика на {coin}, какво е {name}, ръководство за {name}",
    },
    events: {
      title: "Събития и кампании | Mix Exchange",
      description: "Текущи състезания по търговия, награди и кампании в Mix Exchange.",
      keywords: "крипто събития, състезание по търговия, награди",
    },
    fee: {
      title: "Такси за търговия | Mix Exchange",
      description: "Такси мейкър и тейкър при спот, маржин и фючърсна търговия за всяко VIP ниво.",
      keywords: "такси за търговия, такса мейкър, такса тейкър, VIP такси",
    },
    vip: {
      title: "VIP програма | Mix Exchange",
      description: "VIP нивата, обемът и салдото, с които се достигат, и отстъпките от таксите, които носят.",
      keywords: "VIP, отстъпка от такси, обем на търговия",
    },
    asset: {
      title: "Активи | Mix Exchange",
      description: "Вашите салда в спот, маржин и фючърсни сметки и тяхната оценка.",
      keywords: "криптоактиви, салдо, оценка",
    },
  },
};
