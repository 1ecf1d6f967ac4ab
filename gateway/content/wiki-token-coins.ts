import type { WikiSource } from "./wiki-source.ts";

/** Tokens that serve other blockchains: Chainlink and Tether. */
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
];
