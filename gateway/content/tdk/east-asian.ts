import type { TdkTexts } from "../tdk-seed.ts";

/**
 * Japanese, Simplified Chinese and Traditional Chinese (Taiwan). Japanese says 暗号資産, the legal
 * term, and keeps 仮想通貨 as a search keyword; Taiwan's text uses its own vocabulary (即時,
 * 停利/停損, 帳戶, 以太幣), not converted Simplified Chinese.
 */
export const TDK_EAST_ASIAN: Record<"ja" | "zh-CN" | "zh-TC", TdkTexts> = {
  ja: {
    home: {
      title: "Mix Exchange | ビットコインと暗号資産の売買・トレード",
      description:
        "ビットコイン、イーサリアムなどの暗号資産を、現物・マージン・USDT-M先物の各市場で取引。厚い流動性と低い手数料に加え、リスクなしで試せるデモモードもご用意しています。",
      keywords: "暗号資産取引所, 仮想通貨取引所, ビットコイン, イーサリアム, 現物取引, 先物取引, マージン取引, デモトレード",
    },
    markets: {
      title: "暗号資産マーケット：リアルタイム価格と24時間変動率 | Mix Exchange",
      description: "Mix Exchangeのすべての現物・先物マーケットのリアルタイム価格、24時間変動率、取引高をチェックできます。",
      keywords: "暗号資産 価格, 仮想通貨 相場, マーケット概要, ビットコイン 価格, アルトコイン 価格",
    },
    spot: {
      title: "{base}/{quote} 現物取引：リアルタイム価格とチャート | Mix Exchange",
      description:
        "指値・成行・トリガー注文で{base}を{quote}で売買できます。{symbol}の板情報、約定履歴、ローソク足チャートをリアルタイムで表示。",
      keywords: "{base} 価格, {symbol}, {base} 購入, {base} 売却, {base} チャート",
    },
    futures: {
      title: "{symbol} USDT-M無期限先物 | Mix Exchange",
      description: "{symbol}の無期限先物をUSDT証拠金で取引。利確・損切り注文に対応し、資金調達率をリアルタイムで表示します。",
      keywords: "{symbol} 先物, 無期限先物, USDT-M, レバレッジ取引",
    },
    wiki: {
      title: "暗号資産ウィキ：各銘柄の特徴と価格がわかる | Mix Exchange",
      description: "主要な暗号資産をやさしい言葉で解説。リアルタイム価格、マーケットデータ、これまでの歩みをまとめています。",
      keywords: "暗号資産 ウィキ, 仮想通貨とは, 銘柄ガイド, 暗号資産 価格, ビットコインとは",
    },
    "wiki-page": {
      title: "今日の暗号資産価格：全上場銘柄 | Mix Exchange",
      description:
        "Mix Exchangeに上場する全銘柄のリアルタイム価格、24時間変動率、高値・安値、取引高を一覧でチェック。各銘柄のガイド付きです。",
      keywords: "暗号資産 価格, 仮想通貨 価格 今日, ビットコイン 価格, イーサリアム 価格, 時価総額",
    },
    "wiki-article": {
      title: "{name} ({coin}) の今日の価格・チャート・解説 | Mix Exchange",
      description:
        "{name} ({coin}) とは何か、どんな仕組みなのかを解説。リアルタイム価格、24時間変動率、取引高、7日間チャートも掲載しています。",
      keywords: "{name} 価格, {coin} 価格, {coin} チャート, {name}とは, {name} 解説",
    },
    events: {
      title: "イベント・キャンペーン | Mix Exchange",
      description: "Mix Exchangeで開催中のトレードコンテスト、特典、キャンペーンをご紹介します。",
      keywords: "暗号資産 イベント, トレードコンテスト, キャンペーン, 特典",
    },
    fee: {
      title: "取引手数料 | Mix Exchange",
      description: "現物・マージン・先物取引のメイカー手数料とテイカー手数料を、VIPレベルごとにご案内します。",
      keywords: "取引手数料, メイカー手数料, テイカー手数料, VIP 手数料",
    },
    vip: {
      title: "VIPプログラム | Mix Exchange",
      description: "VIPレベルごとに必要な取引高・残高と、適用される手数料割引をご案内します。",
      keywords: "VIP, 手数料割引, 取引高",
    },
    asset: {
      title: "資産 | Mix Exchange",
      description: "現物・マージン・先物の各アカウントの残高と評価額を確認できます。",
      keywords: "暗号資産, 残高, 評価額",
    },
  },
  "zh-CN": {
    home: {
      title: "Mix Exchange | 买卖和交易比特币及加密货币",
      description: "在现货、杠杆和 USDT 本位合约市场交易比特币、以太坊等加密货币，享受深度流动性和低手续费，还可使用零风险模拟交易模式。",
      keywords: "加密货币交易所, 比特币, 以太坊, 现货交易, 合约交易, 杠杆交易, 模拟交易",
    },
    markets: {
      title: "加密货币行情：实时价格与 24 小时涨跌 | Mix Exchange",
      description: "查看 Mix Exchange 所有现货和合约市场的实时价格、24 小时涨跌幅及成交量。",
      keywords: "加密货币价格, 行情概览, 比特币价格, 山寨币价格",
    },
    spot: {
      title: "{base}/{quote} 现货交易：实时价格与K线图 | Mix Exchange",
      description: "使用限价单、市价单和条件单，以 {quote} 买卖 {base}。实时查看 {symbol} 订单簿、成交记录和K线图。",
      keywords: "{base}价格, {symbol}, 买入{base}, 卖出{base}, {base}K线图",
    },
    futures: {
      title: "{symbol} USDT 本位永续合约 | Mix Exchange",
      description: "以 USDT 作为保证金交易 {symbol} 永续合约，支持止盈止损订单，实时显示资金费率。",
      keywords: "{symbol}合约, 永续合约, USDT-M, U本位合约, 杠杆交易",
    },
    wiki: {
      title: "加密货币价格百科：每种币是什么、值多少钱 | Mix Exchange",
      description: "用通俗易懂的语言介绍主流加密货币，附实时价格、市场数据和发展历程。",
      keywords: "加密货币百科, 币种介绍, 加密货币价格, 比特币是什么",
    },
    "wiki-page": {
      title: "今日加密货币价格：所有上架币种 | Mix Exchange",
      description: "Mix Exchange 上架的所有币种的实时价格、24 小时涨跌幅、最高价、最低价和成交量，并附每种币的介绍。",
      keywords: "加密货币价格, 今日币价, 比特币价格, 以太坊价格, 市值",
    },
    "wiki-article": {
      title: "{name} ({coin}) 今日价格、走势图与介绍 | Mix Exchange",
      description: "了解 {name} ({coin}) 是什么、如何运作，并查看其实时价格、24 小时涨跌幅、成交量和 7 日走势图。",
      keywords: "{name}价格, {coin}价格, {coin}走势图, {name}是什么, {name}介绍",
    },
    events: {
      title: "活动中心：赛事与奖励 | Mix Exchange",
      description: "Mix Exchange 正在进行的交易大赛、奖励和推广活动。",
      keywords: "加密货币活动, 交易大赛, 奖励",
    },
    fee: {
      title: "交易手续费 | Mix Exchange",
      description: "各 VIP 等级下现货、杠杆和合约交易的挂单（Maker）与吃单（Taker）手续费。",
      keywords: "交易手续费, 挂单手续费, 吃单手续费, VIP费率",
    },
    vip: {
      title: "VIP 计划 | Mix Exchange",
      description: "VIP 等级、达到各等级所需的交易量与资产余额，以及相应的手续费折扣。",
      keywords: "VIP, 手续费折扣, 交易量",
    },
    asset: {
      title: "资产 | Mix Exchange",
      description: "查看您在现货、杠杆和合约账户中的余额及估值。",
      keywords: "加密资产, 余额, 估值",
    },
  },
  "zh-TC": {
    home: {
      title: "Mix Exchange | 買賣及交易比特幣與加密貨幣",
      description:
        "在現貨、槓桿及 USDT 本位合約市場交易比特幣、以太幣等加密貨幣，享有深度流動性與低手續費，還能用零風險的模擬交易模式練習。",
      keywords: "加密貨幣交易所, 比特幣, 以太幣, 以太坊, 現貨交易, 合約交易, 槓桿交易, 模擬交易",
    },
    markets: {
      title: "加密貨幣行情：即時價格與 24 小時漲跌 | Mix Exchange",
      description: "查看 Mix Exchange 所有現貨與合約市場的即時價格、24 小時漲跌幅及成交量。",
      keywords: "加密貨幣價格, 行情總覽, 比特幣價格, 山寨幣價格",
    },
    spot: {
      title: "{base}/{quote} 現貨交易：即時價格與K線圖 | Mix Exchange",
      description: "透過限價單、市價單及條件單，以 {quote} 買賣 {base}。即時查看 {symbol} 委託簿、成交紀錄與K線圖。",
      keywords: "{base}價格, {symbol}, 買{base}, 賣{base}, {base}K線圖",
    },
    futures: {
      title: "{symbol} USDT 本位永續合約 | Mix Exchange",
      description: "以 USDT 作為保證金交易 {symbol} 永續合約，支援停利、停損委託，並即時顯示資金費率。",
      keywords: "{symbol}合約, 永續合約, USDT-M, U本位合約, 槓桿交易",
    },
    wiki: {
      title: "加密貨幣價格百科：每種幣是什麼、值多少錢 | Mix Exchange",
      description: "以淺顯易懂的方式介紹主流加密貨幣，並提供即時價格、市場數據與發展歷程。",
      keywords: "加密貨幣百科, 幣種介紹, 加密貨幣價格, 比特幣是什麼",
    },
    "wiki-page": {
      title: "今日加密貨幣價格：所有上架幣種 | Mix Exchange",
      description: "Mix Exchange 所有上架幣種的即時價格、24 小時漲跌幅、最高價、最低價與成交量，並附上各幣種介紹。",
      keywords: "加密貨幣價格, 今日幣價, 比特幣價格, 以太幣價格, 市值",
    },
    "wiki-article": {
      title: "{name} ({coin}) 今日價格、走勢圖與介紹 | Mix Exchange",
      description: "了解 {name} ({coin}) 是什麼、如何運作，並查看其即時價格、24 小時漲跌幅、成交量與 7 日走勢圖。",
      keywords: "{name}價格, {coin}價格, {coin}走勢圖, {name}是什麼, {name}介紹",
    },
    events: {
      title: "活動專區：競賽與獎勵 | Mix Exchange",
      description: "Mix Exchange 正在進行的交易競賽、獎勵與優惠活動。",
      keywords: "加密貨幣活動, 交易競賽, 獎勵",
    },
    fee: {
      title: "交易手續費 | Mix Exchange",
      description: "各 VIP 等級的現貨、槓桿與合約交易掛單（Maker）及吃單（Taker）手續費。",
      keywords: "交易手續費, 掛單手續費, 吃單手續費, VIP費率",
    },
    vip: {
      title: "VIP 計畫 | Mix Exchange",
      description: "VIP 等級、達到各等級所需的交易量與資產餘額，以及可享的手續費折扣。",
      keywords: "VIP, 手續費折扣, 交易量",
    },
    asset: {
      title: "資產 | Mix Exchange",
      description: "查看您在現貨、槓桿與合約帳戶中的餘額及估值。",
      keywords: "加密資產, 餘額, 估值",
    },
  },
};
