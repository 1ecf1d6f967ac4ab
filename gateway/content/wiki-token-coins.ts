import type { WikiSource } from "./wiki-source.ts";

/** Tokens that serve other blockchains or an exchange: Chainlink, Tether and Bitget Token. */
export const TOKEN_COINS: readonly WikiSource[] = [
  {
    article: "chainlink",
    coin: "LINK",
    name: "Chainlink",
    summary: "An oracle network that brings prices and other outside data to smart contracts.",
    html: `<p>Chainlink is a network of oracles: services that bring information from outside a blockchain, such as asset
prices, onto it so that smart contracts can use it. It was described in a 2017 white paper by Sergey Nazarov, Steve
Ellis and Ari Juels, and its first price services went live on <a href="/wiki/ethereum">Ethereum</a> in 2019.</p>
<h2>How it works</h2>
<p>A Chainlink price feed is maintained by many independent node operators, each fetching data from several sources;
their answers are combined on chain, so no single operator decides the result. Lending and trading protocols use these
feeds to value collateral. Chainlink also runs a protocol for messages between blockchains, CCIP.</p>
<h2>The LINK token</h2>
<p>LINK pays node operators for their work and can be staked as a guarantee of good service. It is a token on Ethereum
(ERC-677, an extension of ERC-20) with a fixed total supply of one billion.
More at <a href="https://chain.link/">chain.link</a>.</p>`,
  },
  {
    article: "tether",
    coin: "USDT",
    name: "Tether",
    summary: "The most widely used stablecoin, a token meant to keep a value of one US dollar.",
    html: `<p>Tether (USDT) is a stablecoin: a token meant to keep a value of one US dollar. It is issued by Tether Limited,
which launched it in 2014 and says that every token is backed by reserves, mostly US Treasury bills, cash and similar
assets, reported in quarterly attestations by an accounting firm.</p>
<h2>Where it lives</h2>
<p>USDT first ran on the Omni layer of <a href="/wiki/bitcoin">Bitcoin</a> and is now issued on many blockchains,
among them <a href="/wiki/ethereum">Ethereum</a>, <a href="/wiki/tron">TRON</a> and <a href="/wiki/solana">Solana</a>.
It is the most widely traded stablecoin, and exchanges use it as a stand-in for dollars.</p>
<h2>Controversy</h2>
<p>Tether's statements about its reserves have been disputed. In 2021 it paid 18.5 million dollars to settle an
investigation by the New York Attorney General, and a 41 million dollar fine to the US Commodity Futures Trading
Commission, both over earlier claims that USDT was fully backed by dollars at all times.
More at <a href="https://tether.to/">tether.to</a>.</p>
<p>On Mix Exchange every spot market is quoted in USDT, so USDT has no market of its own here.</p>`,
  },
  {
    article: "bitget-token",
    coin: "BGB",
    name: "Bitget Token",
    summary: "The utility token of the Bitget exchange, used for fee discounts, with a supply reduced by burns since 2024.",
    html: `<p>Bitget Token (BGB) is the token of the Bitget crypto exchange, which issued it in July 2021 as an ERC-20 token on
<a href="/wiki/ethereum">Ethereum</a> with a fixed supply of two billion. Exchange users hold it for lower trading fees,
for access to new token sales and for other account benefits.</p>
<h2>Burns</h2>
<p>At the end of 2024 Bitget burned 800 million BGB, 40 % of the supply, by sending them to an address nobody controls,
which left 1.2 billion. Since 2025 it has burned more every quarter, under a published formula tied to how much BGB is
spent on network fees through its wallet, so the supply only ever shrinks.</p>
<h2>Beyond the exchange</h2>
<p>Since September 2025 BGB is also the gas and governance token of Morph, a layer-2 network built on Ethereum, so it
pays for transactions there as ether does on Ethereum.
More at <a href="https://www.bitget.com/">bitget.com</a>.</p>
<p>On Mix Exchange, BGB is the platform coin: with the fee deduction switched on, spot and margin fees are paid in BGB at
a 20 % discount when the BGB balance covers them.</p>`,
  },
];
