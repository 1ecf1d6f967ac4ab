import type { WikiSource } from "./wiki-source.ts";

/** Currencies of smart-contract platforms: Ethereum, Solana, Cardano, BNB, TRON. */
export const PLATFORM_COINS: readonly WikiSource[] = [
  {
    article: "ethereum",
    coin: "ETH",
    name: "Ethereum",
    summary: "A programmable blockchain for smart contracts, secured by proof of stake since 2022.",
    html: `<p>Ethereum is a blockchain that runs programs, called smart contracts, as well as payments. It was proposed by
the programmer Vitalik Buterin in a white paper in late 2013, and its network went live on 30 July 2015. Ether (ETH) is
its native currency: it pays for the computation and storage that transactions use, measured in units of gas.</p>
<h2>Smart contracts</h2>
<p>Contracts are usually written in a language such as Solidity and run on the Ethereum Virtual Machine, which every
node executes identically. They power tokens that follow shared standards such as ERC-20 (<a href="/wiki/tether">Tether</a>
and <a href="/wiki/chainlink">Chainlink</a> both issue tokens on Ethereum), lending and exchange protocols, and
collections of non-fungible tokens.</p>
<h2>From mining to staking</h2>
<p>Ethereum began with proof of work, like Bitcoin. On 15 September 2022, in an upgrade known as the Merge, it switched
to proof of stake: blocks are now proposed and attested by validators, each of whom locks up 32 ETH as a deposit that
can be partly destroyed for misbehaviour. The switch cut the network's energy use by more than 99%.</p>
<h2>Supply</h2>
<p>Ether has no fixed maximum supply. Since the London upgrade of August 2021 (EIP-1559), the base fee of every
transaction is burned, which offsets part, and at times all, of the new ether issued to validators.
More at <a href="https://ethereum.org/">ethereum.org</a>.</p>`,
  },
  {
    article: "solana",
    coin: "SOL",
    name: "Solana",
    summary: "A fast, low-fee proof-of-stake blockchain built around a verifiable clock, proof of history.",
    html: `<p>Solana is a proof-of-stake blockchain designed for high throughput and low fees. It was founded by Anatoly
Yakovenko, who described its central idea in a 2017 white paper, and its mainnet beta launched in March 2020. SOL pays
for transaction fees and is staked with validators to secure the network.</p>
<h2>Proof of history</h2>
<p>Solana's distinguishing technique, proof of history, is a verifiable sequence of SHA-256 hashes that acts as a
shared clock: it lets validators agree on the order of events without first exchanging messages about time. Combined
with proof-of-stake consensus, it allows slots of roughly 400 milliseconds. Programs, Solana's name for smart
contracts, are mostly written in Rust.</p>
<h2>Reliability</h2>
<p>The network's speed has come with interruptions: block production stopped several times in 2021 and 2022, once for
about 17 hours in September 2021, and validators had to coordinate restarts. Later releases addressed the causes of
those outages. More at <a href="https://solana.com/">solana.com</a>.</p>`,
  },
  {
    article: "cardano",
    coin: "ADA",
    name: "Cardano",
    summary: "A proof-of-stake blockchain built on peer-reviewed research, with a supply capped at 45 billion ADA.",
    html: `<p>Cardano is a proof-of-stake blockchain whose development is led by Charles Hoskinson, a co-founder of
Ethereum, through the engineering company Input Output, together with the Cardano Foundation and Emurgo. It launched in
September 2017. Its currency, ADA, is named after Ada Lovelace, and the project after the mathematician Gerolamo
Cardano.</p>
<h2>Ouroboros</h2>
<p>Cardano's consensus protocol, Ouroboros, was published as peer-reviewed research before it was deployed. Time is
divided into one-second slots and five-day epochs; stake pools are chosen to produce blocks in proportion to the ADA
delegated to them, and holders delegate without giving up custody of their coins.</p>
<h2>Smart contracts and supply</h2>
<p>Smart contracts arrived with the Alonzo upgrade in September 2021, using the Plutus platform. The supply of ADA is
capped at 45 billion. More at <a href="https://cardano.org/">cardano.org</a>.</p>`,
  },
  {
    article: "bnb",
    coin: "BNB",
    name: "BNB",
    summary: "The currency of BNB Chain, issued by Binance, with quarterly burns towards a supply of 100 million.",
    html: `<p>BNB is the currency of BNB Chain and was created by the Binance crypto exchange in 2017, as a token sold to
fund its launch. It first existed as an ERC-20 token on <a href="/wiki/ethereum">Ethereum</a> before moving to
Binance's own blockchain in 2019.</p>
<h2>BNB Smart Chain</h2>
<p>BNB Smart Chain, launched in September 2020, runs Ethereum-compatible smart contracts, with BNB paying for gas. Its
blocks are produced by a small elected set of validators that stake BNB, a design Binance calls proof of staked
authority; it trades some decentralisation for speed and low fees.</p>
<h2>Supply</h2>
<p>BNB started with a supply of 200 million. Coins are destroyed ("burned") every quarter, since 2021 by a formula
that depends on BNB's price and the number of blocks produced, and the burns are to continue until 100 million remain.
More at <a href="https://www.bnbchain.org/">bnbchain.org</a>.</p>`,
  },
  {
    article: "tron",
    coin: "TRX",
    name: "TRON",
    summary: "A delegated proof-of-stake blockchain and one of the busiest networks for stablecoins.",
    html: `<p>TRON is a blockchain founded by Justin Sun in 2017. Its currency, TRX, started as an ERC-20 token on
<a href="/wiki/ethereum">Ethereum</a>; TRON's own mainnet launched in 2018 and the tokens were migrated to it.</p>
<h2>Consensus and fees</h2>
<p>TRON uses delegated proof of stake: TRX holders vote for 27 Super Representatives, who take turns producing a block
every three seconds. Instead of paying for every transaction directly, accounts can stake TRX to receive bandwidth and
energy, the resources that transfers and smart contracts consume.</p>
<h2>Stablecoins</h2>
<p>Low fees have made TRON one of the busiest networks for stablecoins: a large share of all
<a href="/wiki/tether">Tether (USDT)</a> in circulation is issued on TRON as TRC-20 tokens.
More at <a href="https://tron.network/">tron.network</a>.</p>`,
  },
];
