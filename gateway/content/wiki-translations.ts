/**
 * Translated articles, by article id and locale key: the same facts as the English source, written
 * for readers of that language. A locale without a translation gets the English article with its
 * `lang` saying so (docs/decisions/603).
 */
export interface WikiTranslation {
  /** BCP 47 language of the text. */
  lang: string;
  summary: string;
  html: string;
}

export const WIKI_TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, WikiTranslation>>>> = {
  bitcoin: {
    de: {
      lang: "de",
      summary: "Die erste Kryptowährung: ein festes Angebot von 21 Millionen Coins, gesichert durch Proof-of-Work-Mining.",
      html: `<p>Bitcoin (BTC) ist die erste Kryptowährung: Geld, das ohne Bank oder Zahlungsdienstleister dazwischen über das
Internet von Mensch zu Mensch fließt. Beschrieben wurde es im Oktober 2008 in einem neunseitigen Aufsatz,
<a href="https://bitcoin.org/bitcoin.pdf">Bitcoin: A Peer-to-Peer Electronic Cash System</a>, veröffentlicht unter dem
Namen Satoshi Nakamoto; das Netzwerk läuft seit Januar 2009. Wer Satoshi Nakamoto ist, wurde nie geklärt.</p>
<h2>Wie es funktioniert</h2>
<p>Jede Transaktion wird in einem öffentlichen Register, der Blockchain, festgehalten, von dem Tausende unabhängiger
Rechner eine Kopie führen. Neue Blöcke fügen Miner hinzu, die per Proof of Work darum konkurrieren: Sie hashen
Kandidatenblöcke immer wieder, bis einer ein Schwierigkeitsziel erfüllt. Die Schwierigkeit passt sich alle 2.016 Blöcke
an, sodass im Mittel etwa alle zehn Minuten ein Block gefunden wird.</p>
<h2>Angebot</h2>
<p>Es wird nie mehr als 21 Millionen Bitcoin geben. Neue Coins entstehen nur als Belohnung für den Miner eines Blocks,
und diese Belohnung halbiert sich alle 210.000 Blöcke, also etwa alle vier Jahre. Das Halving vom April 2024 senkte sie
von 6,25 auf 3,125 BTC pro Block. Die kleinste Einheit, 0,00000001 BTC, heißt Satoshi.</p>
<p>Der Code von Bitcoin ist quelloffen, und mehrere andere Coins begannen als veränderte Kopien davon;
<a href="/wiki/litecoin">Litecoin</a> ist einer der ältesten.</p>`,
    },
    ja: {
      lang: "ja",
      summary: "最初の暗号資産。発行上限は2,100万枚で、プルーフ・オブ・ワークのマイニングによって守られています。",
      html: `<p>ビットコイン（BTC）は最初の暗号資産で、銀行や決済会社を介さずにインターネット上で人から人へ送れるお金です。
2008年10月、サトシ・ナカモトの名で公開された9ページの論文
<a href="https://bitcoin.org/bitcoin.pdf">Bitcoin: A Peer-to-Peer Electronic Cash System</a>
で説明され、ネットワークは2009年1月に稼働を始めました。サトシ・ナカモトが誰なのかは、今も明らかになっていません。</p>
<h2>仕組み</h2>
<p>すべての取引はブロックチェーンという公開の台帳に記録され、数千台の独立したコンピューターがその写しを保持しています。
新しいブロックはマイナーが追加します。マイナーはプルーフ・オブ・ワークで競い合い、候補のブロックを何度もハッシュ化して、
難易度の目標を満たすものを探します。難易度は2,016ブロックごとに調整され、平均して約10分に1ブロックが見つかります。</p>
<h2>供給量</h2>
<p>ビットコインが2,100万枚を超えて存在することはありません。新しいコインは各ブロックのマイナーへの報酬としてのみ発行され、
その報酬は21万ブロックごと、およそ4年ごとに半分になります。2024年4月の半減期で、1ブロックあたり6.25 BTCから3.125 BTCに
減りました。最小単位の0.00000001 BTCはサトシと呼ばれます。</p>
<p>ビットコインのコードはオープンソースで、いくつかのコインはそれを改変したコピーとして始まりました。
<a href="/wiki/litecoin">ライトコイン</a>はその中でも最も古いものの一つです。</p>`,
    },
  },
  ethereum: {
    de: {
      lang: "de",
      summary: "Eine programmierbare Blockchain für Smart Contracts, seit 2022 durch Proof of Stake gesichert.",
      html: `<p>Ethereum ist eine Blockchain, die neben Zahlungen auch Programme ausführt, sogenannte Smart Contracts.
Vorgeschlagen wurde sie Ende 2013 vom Programmierer Vitalik Buterin in einem Whitepaper; das Netzwerk ging am 30. Juli
2015 in Betrieb. Ether (ETH) ist seine eigene Währung: Damit wird die Rechenleistung und der Speicher bezahlt, den
Transaktionen verbrauchen, gemessen in Einheiten von Gas.</p>
<h2>Smart Contracts</h2>
<p>Verträge werden meist in einer Sprache wie Solidity geschrieben und laufen auf der Ethereum Virtual Machine, die
jeder Knoten identisch ausführt. Auf ihnen beruhen Token nach gemeinsamen Standards wie ERC-20
(<a href="/wiki/tether">Tether</a> und <a href="/wiki/chainlink">Chainlink</a> geben beide Token auf Ethereum aus),
Kredit- und Börsenprotokolle sowie Sammlungen nicht fungibler Token.</p>
<h2>Vom Mining zum Staking</h2>
<p>Ethereum begann wie Bitcoin mit Proof of Work. Am 15. September 2022 wechselte es mit dem als „Merge“ bekannten
Upgrade zu Proof of Stake: Blöcke werden seitdem von Validatoren vorgeschlagen und bestätigt, die jeweils 32 ETH als
Pfand hinterlegen, das bei Fehlverhalten teilweise vernichtet werden kann. Der Wechsel senkte den Energieverbrauch des
Netzwerks um mehr als 99 %.</p>
<h2>Angebot</h2>
<p>Ether hat kein festes Höchstangebot. Seit dem London-Upgrade vom August 2021 (EIP-1559) wird die Grundgebühr jeder
Transaktion verbrannt, was einen Teil, zeitweise sogar die gesamte Neuausgabe an die Validatoren ausgleicht.
Mehr auf <a href="https://ethereum.org/">ethereum.org</a>.</p>`,
    },
    ja: {
      lang: "ja",
      summary: "スマートコントラクトのためのプログラム可能なブロックチェーン。2022年からプルーフ・オブ・ステークで守られています。",
      html: `<p>イーサリアムは、支払いだけでなくスマートコントラクトと呼ばれるプログラムも実行するブロックチェーンです。
2013年末にプログラマーのヴィタリック・ブテリンがホワイトペーパーで提案し、ネットワークは2015年7月30日に稼働しました。
イーサ（ETH）はその独自の通貨で、取引が使う計算とストレージの代金をガスという単位で支払うために使われます。</p>
<h2>スマートコントラクト</h2>
<p>コントラクトは主にSolidityなどの言語で書かれ、すべてのノードが同じように実行するイーサリアム仮想マシン（EVM）上で動きます。
ERC-20などの共通規格に沿ったトークン（<a href="/wiki/tether">テザー</a>も<a href="/wiki/chainlink">チェーンリンク</a>も
イーサリアム上でトークンを発行しています）、貸付や交換のプロトコル、非代替性トークン（NFT）のコレクションを支えています。</p>
<h2>マイニングからステーキングへ</h2>
<p>イーサリアムはビットコインと同じくプルーフ・オブ・ワークで始まりました。2022年9月15日、「マージ」と呼ばれるアップグレードで
プルーフ・オブ・ステークに移行し、それ以降ブロックはバリデーターが提案・承認しています。各バリデーターは32 ETHを預け入れ、
不正をするとその一部が没収されることがあります。この移行でネットワークのエネルギー消費は99%以上減りました。</p>
<h2>供給量</h2>
<p>イーサには固定の発行上限がありません。2021年8月のロンドン・アップグレード（EIP-1559）以降、各取引の基本手数料は焼却され、
バリデーターへの新規発行の一部、時にはすべてを相殺しています。詳しくは<a href="https://ethereum.org/">ethereum.org</a>へ。</p>`,
    },
  },
};
