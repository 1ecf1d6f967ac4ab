import type { WikiSource } from "./wiki-source.ts";

/** Coins made first of all for payments: Bitcoin, Litecoin, Dogecoin, XRP. */
export const PAYMENT_COINS: readonly WikiSource[] = [
  {
    article: "bitcoin",
    coin: "BTC",
    name: "Bitcoin",
    summary: "The first cryptocurrency: a fixed supply of 21 million coins, secured by proof-of-work mining.",
    html: `<p>Bitcoin (BTC) is the first cryptocurrency: money that moves between people over the internet without a bank
or payment company in the middle. It was described in October 2008 in a nine-page paper,
<a href="https://bitcoin.org/bitcoin.pdf">Bitcoin: A Peer-to-Peer Electronic Cash System</a>, published under the name
Satoshi Nakamoto, and the network started running in January 2009. Who Satoshi Nakamoto is has never been established.</p>
<h2>How it works</h2>
<p>Every transaction is recorded in a public ledger, the blockchain, of which thousands of independent computers keep a
copy. New blocks of transactions are added by miners, who compete to find a block by proof of work: hashing candidate
blocks over and over until one meets a difficulty target. The difficulty adjusts every 2,016 blocks so that a block is
found about every ten minutes on average.</p>
<h2>Supply</h2>
<p>No more than 21 million bitcoin will ever exist. New coins enter circulation only as the reward paid to the miner of
each block, and that reward halves every 210,000 blocks, roughly every four years. The halving of April 2024 cut it from
6.25 to 3.125 BTC per block. The smallest unit, 0.00000001 BTC, is called a satoshi.</p>
<p>Bitcoin's code is open source, and several other coins began as modified copies of it;
<a href="/wiki/litecoin">Litecoin</a> is one of the oldest.</p>`,
  },
  {
    article: "litecoin",
    coin: "LTC",
    name: "Litecoin",
    summary: "A 2011 offshoot of Bitcoin with faster blocks and a supply of 84 million coins.",
    html: `<p>Litecoin (LTC) was created by Charlie Lee, then an engineer at Google, and launched in October 2011 as a
modified copy of <a href="/wiki/bitcoin">Bitcoin</a>'s code. It has run continuously since, which makes it one of the
longest-lived cryptocurrencies.</p>
<h2>Differences from Bitcoin</h2>
<p>Litecoin finds a block every two and a half minutes instead of ten, and uses the Scrypt proof-of-work algorithm
instead of SHA-256. Its supply is capped at 84 million coins, four times Bitcoin's, and the block reward halves every
840,000 blocks, about every four years; the halving of August 2023 cut it to 6.25 LTC.</p>
<h2>A testing ground</h2>
<p>Litecoin has often adopted changes before Bitcoin: it activated Segregated Witness in May 2017, a few months ahead of
Bitcoin, and in May 2022 it added MimbleWimble Extension Blocks, an optional way to make transactions confidential.
More at <a href="https://litecoin.org/">litecoin.org</a>.</p>`,
  },
  {
    article: "dogecoin",
    coin: "DOGE",
    name: "Dogecoin",
    summary: "A 2013 meme coin that grew into a widely used payment currency, with no supply cap.",
    html: `<p>Dogecoin (DOGE) began in December 2013 as a joke: the software engineers Billy Markus and Jackson Palmer built
it around the "doge" internet meme of a Shiba Inu dog. It outgrew the joke, with an active community known for tipping
and charity fundraising.</p>
<h2>Technology</h2>
<p>Dogecoin descends from <a href="/wiki/litecoin">Litecoin</a> and, like it, uses the Scrypt proof-of-work algorithm.
Since 2014 it has been merge-mined with Litecoin, so miners can secure both networks with the same work. A block is
found about every minute.</p>
<h2>Supply</h2>
<p>Unlike Bitcoin, Dogecoin has no maximum supply. Since 2015 every block has paid a fixed reward of 10,000 DOGE, which
adds about five billion coins a year; as the total grows, that fixed issuance is a shrinking percentage of it.
More at <a href="https://dogecoin.com/">dogecoin.com</a>.</p>`,
  },
  {
    article: "xrp",
    coin: "XRP",
    name: "XRP",
    summary: "The currency of the XRP Ledger, a 2012 blockchain with its own consensus and ledgers every few seconds.",
    html: `<p>XRP is the native currency of the XRP Ledger, a public blockchain launched in 2012 by David Schwartz, Jed
McCaleb and Arthur Britto. All 100 billion XRP were created when the ledger started; none are mined. Most of them went
to the company now called Ripple, which remains closely associated with XRP, but the ledger itself is open source and
run by independent servers.</p>
<h2>Consensus</h2>
<p>Instead of mining or staking, the XRP Ledger uses its own consensus protocol: each server trusts a list of
validators and accepts a new version of the ledger when a large majority of them agree. A new ledger closes every three
to five seconds. A small amount of XRP is destroyed with every transaction as its fee, which makes spam expensive.</p>
<h2>Supply and the courts</h2>
<p>In 2017 Ripple placed 55 billion XRP in escrow, to be released at up to one billion a month. In December 2020 the US
Securities and Exchange Commission sued Ripple over its sales of XRP; in July 2023 a federal judge ruled that XRP sold
on public exchanges had not been offered as a security, while some of Ripple's direct sales to institutions had.
More at <a href="https://xrpl.org/">xrpl.org</a>.</p>`,
  },
];
