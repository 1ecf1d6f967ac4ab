import type { TdkTexts } from "../tdk-seed.ts";

/**
 * Indonesian, Vietnamese and Filipino. Each keeps the English trading terms its readers search
 * for (spot, futures, margin, maker/taker, funding rate) where those are the usual words.
 */
export const TDK_SOUTH_EAST_ASIAN: Record<"id" | "vi" | "ph", TdkTexts> = {
  id: {
    home: {
      title: "Mix Exchange | Beli, jual, dan trading Bitcoin serta kripto",
      description:
        "Trading Bitcoin, Ethereum, dan kripto lainnya di pasar spot, margin, dan futures USDT-M dengan likuiditas tinggi, biaya rendah, serta mode demo tanpa risiko.",
      keywords: "exchange kripto, bursa kripto, bitcoin, ethereum, trading spot, futures, margin, akun demo",
    },
    markets: {
      title: "Pasar kripto: harga live dan perubahan 24 jam | Mix Exchange",
      description: "Harga terkini, perubahan 24 jam, dan volume semua pasar spot dan futures di Mix Exchange.",
      keywords: "harga kripto, ikhtisar pasar, harga bitcoin, harga altcoin",
    },
    spot: {
      title: "Trading spot {base}/{quote}: harga live dan grafik | Mix Exchange",
      description:
        "Beli dan jual {base} dengan {quote} menggunakan order limit, market, dan trigger. Order book, riwayat transaksi, dan grafik candlestick {symbol} secara real-time.",
      keywords: "harga {base}, {symbol}, beli {base}, jual {base}, grafik {base}",
    },
    futures: {
      title: "Futures perpetual {symbol} USDT-M | Mix Exchange",
      description:
        "Trading futures perpetual {symbol} dengan margin USDT, order take profit dan stop loss, serta funding rate secara real-time.",
      keywords: "futures {symbol}, kontrak perpetual, USDT-M, trading leverage",
    },
    wiki: {
      title: "Wiki harga kripto: kenali setiap koin dan harganya | Mix Exchange",
      description: "Panduan yang mudah dipahami tentang kripto utama, lengkap dengan harga terkini, data pasar, dan sejarahnya.",
      keywords: "wiki kripto, panduan koin, harga kripto, apa itu bitcoin",
    },
    "wiki-page": {
      title: "Harga kripto hari ini: semua koin terdaftar | Mix Exchange",
      description:
        "Harga terkini, perubahan 24 jam, harga tertinggi dan terendah, serta volume semua koin yang terdaftar di Mix Exchange, beserta panduannya.",
      keywords: "harga kripto, harga koin hari ini, harga bitcoin, harga ethereum, kapitalisasi pasar",
    },
    "wiki-article": {
      title: "Harga {name} ({coin}) hari ini, grafik, dan panduan | Mix Exchange",
      description: "Apa itu {name} ({coin}) dan cara kerjanya, dengan harga terkini, perubahan 24 jam, volume, dan grafik 7 hari.",
      keywords: "harga {name}, harga {coin}, grafik {coin}, apa itu {name}, panduan {name}",
    },
    events: {
      title: "Acara dan kampanye | Mix Exchange",
      description: "Kompetisi trading, hadiah, dan kampanye yang sedang berlangsung di Mix Exchange.",
      keywords: "acara kripto, kompetisi trading, hadiah",
    },
    fee: {
      title: "Biaya trading | Mix Exchange",
      description: "Biaya maker dan taker untuk trading spot, margin, dan futures di setiap level VIP.",
      keywords: "biaya trading, biaya maker, biaya taker, biaya VIP",
    },
    vip: {
      title: "Program VIP | Mix Exchange",
      description: "Level VIP, volume dan saldo yang disyaratkan untuk tiap level, serta potongan biaya yang Anda dapatkan.",
      keywords: "VIP, diskon biaya, volume trading",
    },
    asset: {
      title: "Aset | Mix Exchange",
      description: "Saldo Anda di akun spot, margin, dan futures beserta nilai estimasinya.",
      keywords: "aset kripto, saldo, valuasi",
    },
  },
  vi: {
    home: {
      title: "Mix Exchange | Mua, bán và giao dịch Bitcoin, tiền mã hóa",
      description:
        "Giao dịch Bitcoin, Ethereum và tiền mã hóa khác trên thị trường giao ngay, ký quỹ và hợp đồng tương lai USDT-M: thanh khoản sâu, phí thấp, chế độ demo không rủi ro.",
      keywords: "sàn giao dịch tiền mã hóa, sàn crypto, bitcoin, ethereum, giao dịch giao ngay, hợp đồng tương lai, ký quỹ, giao dịch demo",
    },
    markets: {
      title: "Thị trường crypto: giá trực tiếp và biến động 24h | Mix Exchange",
      description:
        "Giá trực tiếp, biến động 24 giờ và khối lượng giao dịch của mọi thị trường giao ngay và hợp đồng tương lai trên Mix Exchange.",
      keywords: "giá tiền mã hóa, giá crypto, tổng quan thị trường, giá bitcoin, giá altcoin",
    },
    spot: {
      title: "Giao dịch giao ngay {base}/{quote}: giá và biểu đồ | Mix Exchange",
      description:
        "Mua bán {base} bằng {quote} với lệnh giới hạn, lệnh thị trường và lệnh kích hoạt. Sổ lệnh, lịch sử khớp lệnh và biểu đồ nến {symbol} theo thời gian thực.",
      keywords: "giá {base}, {symbol}, mua {base}, bán {base}, biểu đồ {base}",
    },
    futures: {
      title: "Hợp đồng vĩnh cửu {symbol} USDT-M | Mix Exchange",
      description:
        "Giao dịch hợp đồng tương lai vĩnh cửu {symbol} ký quỹ bằng USDT, có lệnh chốt lời, cắt lỗ và tỷ lệ funding theo thời gian thực.",
      keywords: "hợp đồng tương lai {symbol}, hợp đồng vĩnh cửu, USDT-M, giao dịch đòn bẩy",
    },
    wiki: {
      title: "Wiki crypto: mỗi đồng coin là gì, giá bao nhiêu | Mix Exchange",
      description: "Hướng dẫn dễ hiểu về các đồng tiền mã hóa chính, kèm giá trực tiếp, dữ liệu thị trường và lịch sử.",
      keywords: "wiki crypto, tìm hiểu coin, giá tiền mã hóa, bitcoin là gì",
    },
    "wiki-page": {
      title: "Giá crypto hôm nay: mọi đồng coin niêm yết | Mix Exchange",
      description:
        "Giá trực tiếp, biến động 24 giờ, giá cao nhất, thấp nhất và khối lượng của mọi đồng coin niêm yết trên Mix Exchange, kèm hướng dẫn cho từng đồng.",
      keywords: "giá tiền mã hóa, giá coin hôm nay, giá bitcoin, giá ethereum, vốn hóa thị trường",
    },
    "wiki-article": {
      title: "Giá {name} ({coin}) hôm nay, biểu đồ và hướng dẫn | Mix Exchange",
      description: "{name} ({coin}) là gì và hoạt động ra sao, kèm giá trực tiếp, biến động 24 giờ, khối lượng và biểu đồ 7 ngày.",
      keywords: "giá {name}, giá {coin}, biểu đồ {coin}, {name} là gì, hướng dẫn {name}",
    },
    events: {
      title: "Sự kiện và khuyến mãi | Mix Exchange",
      description: "Các cuộc thi giao dịch, phần thưởng và chương trình khuyến mãi đang diễn ra trên Mix Exchange.",
      keywords: "sự kiện crypto, cuộc thi giao dịch, phần thưởng",
    },
    fee: {
      title: "Phí giao dịch | Mix Exchange",
      description: "Phí maker và taker cho giao dịch giao ngay, ký quỹ và hợp đồng tương lai ở từng cấp VIP.",
      keywords: "phí giao dịch, phí maker, phí taker, phí VIP",
    },
    vip: {
      title: "Chương trình VIP | Mix Exchange",
      description: "Các cấp VIP, khối lượng giao dịch và số dư cần đạt cho từng cấp, cùng mức giảm phí tương ứng.",
      keywords: "VIP, giảm phí, khối lượng giao dịch",
    },
    asset: {
      title: "Tài sản | Mix Exchange",
      description: "Số dư của bạn trong các tài khoản giao ngay, ký quỹ, hợp đồng tương lai và giá trị ước tính.",
      keywords: "tài sản crypto, số dư, định giá",
    },
  },
  ph: {
    home: {
      title: "Mix Exchange | Bumili, magbenta at mag-trade ng Bitcoin at crypto",
      description:
        "Mag-trade ng Bitcoin, Ethereum at iba pang crypto sa spot, margin at USDT-M futures market, na may malalim na liquidity, mababang fee at demo mode na walang panganib.",
      keywords: "crypto exchange, bitcoin, ethereum, spot trading, futures, margin, demo trading, paano bumili ng bitcoin",
    },
    markets: {
      title: "Mga crypto market: live na presyo at pagbabago sa 24h | Mix Exchange",
      description: "Live na presyo, pagbabago sa loob ng 24 na oras at volume ng bawat spot at futures market sa Mix Exchange.",
      keywords: "presyo ng crypto, market overview, presyo ng bitcoin, presyo ng altcoin",
    },
    spot: {
      title: "{base}/{quote} spot trading: live na presyo at chart | Mix Exchange",
      description:
        "Bumili at magbenta ng {base} gamit ang {quote} sa limit, market at trigger order. Live na order book, mga trade at candlestick chart ng {symbol}.",
      keywords: "presyo ng {base}, {symbol}, bumili ng {base}, magbenta ng {base}, {base} chart",
    },
    futures: {
      title: "Mag-trade ng {symbol} USDT-M perpetual futures | Mix Exchange",
      description: "I-trade ang {symbol} perpetual futures na USDT ang margin, may take-profit at stop-loss order at live na funding rate.",
      keywords: "{symbol} futures, perpetual futures, USDT-M, leverage trading",
    },
    wiki: {
      title: "Crypto wiki: ano ang bawat coin at magkano ito | Mix Exchange",
      description:
        "Madaling maintindihang gabay sa mga pangunahing cryptocurrency, kasama ang live na presyo, market data at kasaysayan ng bawat isa.",
      keywords: "crypto wiki, gabay sa coin, presyo ng crypto, ano ang bitcoin",
    },
    "wiki-page": {
      title: "Presyo ng crypto ngayon: lahat ng nakalistang coin | Mix Exchange",
      description:
        "Live na presyo, pagbabago sa 24 na oras, pinakamataas, pinakamababa at volume ng bawat coin sa Mix Exchange, may gabay para sa bawat isa.",
      keywords: "presyo ng crypto, presyo ng coin ngayon, presyo ng bitcoin, presyo ng ethereum, market cap",
    },
    "wiki-article": {
      title: "Presyo ng {name} ({coin}) ngayon, chart at gabay | Mix Exchange",
      description:
        "Ano ang {name} ({coin}) at paano ito gumagana, kasama ang live na presyo, pagbabago sa 24 na oras, volume at 7-araw na chart.",
      keywords: "presyo ng {name}, presyo ng {coin}, {coin} chart, ano ang {name}, gabay sa {name}",
    },
    events: {
      title: "Mga kaganapan at promo | Mix Exchange",
      description: "Mga kasalukuyang trading competition, reward at promo sa Mix Exchange.",
      keywords: "crypto events, trading competition, rewards, mga promo",
    },
    fee: {
      title: "Mga trading fee | Mix Exchange",
      description: "Maker at taker fee para sa spot, margin at futures trading sa bawat VIP level.",
      keywords: "trading fee, maker fee, taker fee, VIP fee, bayad sa pag-trade",
    },
    vip: {
      title: "Programang VIP | Mix Exchange",
      description:
        "Ang mga VIP level, ang volume at balanseng kailangan para maabot ang bawat isa, at ang diskwento sa fee na hatid ng mga ito.",
      keywords: "VIP, diskwento sa fee, trading volume",
    },
    asset: {
      title: "Mga asset | Mix Exchange",
      description: "Ang iyong mga balanse sa spot, margin at futures account at ang halaga ng mga ito.",
      keywords: "crypto assets, balanse, halaga ng asset",
    },
  },
};
