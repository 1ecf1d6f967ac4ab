/**
 * Coins, networks and paths of the simulated wallet (docs/decisions/330): what the gateway answers
 * on Bitget's `public/coins` and what the deposit and withdraw pages show. Amounts are decimal
 * strings of at most 8 decimals (the ledger's scale); nothing here ever leaves the machine.
 */

/** How a network writes its addresses; the gateway derives deposit addresses and checks withdrawal ones by it. */
export type AddressFormat = "btc" | "ltc" | "doge" | "evm" | "tron" | "solana" | "xrp" | "cardano";

export interface WalletChain {
  chain: string;
  format: AddressFormat;
  /** A memo/tag is part of the address (XRP's destination tag). */
  needTag: boolean;
  withdrawFee: string;
  minDeposit: string;
  minWithdraw: string;
  depositConfirm: number;
  withdrawConfirm: number;
  /** Decimals a withdrawal size may have (Bitget's withdrawMinScale). */
  withdrawScale: number;
  browserUrl: string;
  contractAddress: string;
}

export interface WalletCoin {
  coinId: string;
  coin: string;
  chains: WalletChain[];
}

type Network = Pick<WalletChain, "format" | "depositConfirm" | "withdrawConfirm"> & { explorer: string };

/** What a network is whatever coin travels on it: its address format, confirmations and explorer. */
const NETWORKS = {
  BTC: { format: "btc", depositConfirm: 2, withdrawConfirm: 3, explorer: "https://mempool.space/tx/" },
  ERC20: { format: "evm", depositConfirm: 12, withdrawConfirm: 12, explorer: "https://etherscan.io/tx/" },
  ARBITRUMONE: { format: "evm", depositConfirm: 12, withdrawConfirm: 12, explorer: "https://arbiscan.io/tx/" },
  BEP20: { format: "evm", depositConfirm: 15, withdrawConfirm: 15, explorer: "https://bscscan.com/tx/" },
  TRC20: { format: "tron", depositConfirm: 10, withdrawConfirm: 10, explorer: "https://tronscan.org/#/transaction/" },
  TRX: { format: "tron", depositConfirm: 10, withdrawConfirm: 10, explorer: "https://tronscan.org/#/transaction/" },
  SOL: { format: "solana", depositConfirm: 10, withdrawConfirm: 10, explorer: "https://solscan.io/tx/" },
  XRP: { format: "xrp", depositConfirm: 1, withdrawConfirm: 1, explorer: "https://xrpscan.com/tx/" },
  DOGE: { format: "doge", depositConfirm: 6, withdrawConfirm: 6, explorer: "https://dogechain.info/tx/" },
  ADA: { format: "cardano", depositConfirm: 10, withdrawConfirm: 10, explorer: "https://cardanoscan.io/transaction/" },
  LTC: { format: "ltc", depositConfirm: 3, withdrawConfirm: 4, explorer: "https://litecoinspace.org/tx/" },
} satisfies Record<string, Network>;

/** What a coin's listing on a network sets itself: fees, minimums, scale, token contract, tag. */
type Listing = Pick<WalletChain, "withdrawFee" | "minDeposit" | "minWithdraw" | "withdrawScale"> &
  Partial<Pick<WalletChain, "contractAddress" | "needTag">>;

const on = (chain: keyof typeof NETWORKS, listing: Listing): WalletChain => {
  const { explorer, ...network } = NETWORKS[chain];
  return { chain, needTag: false, contractAddress: "", ...network, ...listing, browserUrl: explorer };
};

const SPECS: Array<[string, WalletChain[]]> = [
  [
    "USDT",
    [
      on("ERC20", {
        withdrawFee: "3",
        minDeposit: "1",
        minWithdraw: "10",
        withdrawScale: 6,
        contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      }),
      on("TRC20", {
        withdrawFee: "1",
        minDeposit: "1",
        minWithdraw: "10",
        withdrawScale: 6,
        contractAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      }),
      on("BEP20", {
        withdrawFee: "0.3",
        minDeposit: "1",
        minWithdraw: "10",
        withdrawScale: 6,
        contractAddress: "0x55d398326f99059fF775485246999027B3197955",
      }),
      on("SOL", {
        withdrawFee: "1",
        minDeposit: "1",
        minWithdraw: "10",
        withdrawScale: 6,
        contractAddress: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
      }),
      on("ARBITRUMONE", {
        withdrawFee: "0.5",
        minDeposit: "1",
        minWithdraw: "10",
        withdrawScale: 6,
        contractAddress: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9",
      }),
    ],
  ],
  [
    "BTC",
    [
      on("BTC", { withdrawFee: "0.0002", minDeposit: "0.0001", minWithdraw: "0.001", withdrawScale: 8 }),
      on("BEP20", {
        withdrawFee: "0.000005",
        minDeposit: "0.00001",
        minWithdraw: "0.0001",
        withdrawScale: 8,
        contractAddress: "0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c",
      }),
    ],
  ],
  [
    "ETH",
    [
      on("ERC20", { withdrawFee: "0.002", minDeposit: "0.001", minWithdraw: "0.01", withdrawScale: 8 }),
      on("ARBITRUMONE", { withdrawFee: "0.0001", minDeposit: "0.0005", minWithdraw: "0.002", withdrawScale: 8 }),
    ],
  ],
  ["SOL", [on("SOL", { withdrawFee: "0.008", minDeposit: "0.01", minWithdraw: "0.1", withdrawScale: 8 })]],
  ["XRP", [on("XRP", { needTag: true, withdrawFee: "0.2", minDeposit: "0.1", minWithdraw: "2", withdrawScale: 6 })]],
  ["DOGE", [on("DOGE", { withdrawFee: "4", minDeposit: "10", minWithdraw: "20", withdrawScale: 8 })]],
  ["ADA", [on("ADA", { withdrawFee: "0.8", minDeposit: "1", minWithdraw: "5", withdrawScale: 6 })]],
  ["LTC", [on("LTC", { withdrawFee: "0.001", minDeposit: "0.001", minWithdraw: "0.01", withdrawScale: 8 })]],
  ["BNB", [on("BEP20", { withdrawFee: "0.0005", minDeposit: "0.001", minWithdraw: "0.01", withdrawScale: 8 })]],
  ["TRX", [on("TRX", { withdrawFee: "1", minDeposit: "1", minWithdraw: "10", withdrawScale: 6 })]],
  [
    "LINK",
    [
      on("ERC20", {
        withdrawFee: "0.4",
        minDeposit: "0.1",
        minWithdraw: "1",
        withdrawScale: 8,
        contractAddress: "0x514910771AF9Ca656af840dff83E8264EcF986CA",
      }),
      on("BEP20", {
        withdrawFee: "0.02",
        minDeposit: "0.01",
        minWithdraw: "0.1",
        withdrawScale: 8,
        contractAddress: "0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD",
      }),
    ],
  ],
  // the platform coin (docs/decisions/353)
  ["BGB", [on("ERC20", { withdrawFee: "1", minDeposit: "0.1", minWithdraw: "2", withdrawScale: 8 })]],
];

/** Every listed coin (the spot market's, docs/decisions/330) with its networks, in the order pages show them. */
export const WALLET_COINS: readonly WalletCoin[] = SPECS.map(([coin, chains], i) => ({
  coinId: String(i + 1),
  coin,
  chains,
}));

export function walletCoin(coin: string): WalletCoin | undefined {
  const up = coin.toUpperCase();
  return WALLET_COINS.find((c) => c.coin === up);
}

export function walletChain(coin: string, chain: string): WalletChain | undefined {
  const up = chain.toUpperCase();
  return walletCoin(coin)?.chains.find((c) => c.chain === up);
}

/** A withdrawal's own states; Bitget's records know pending, success, fail and cancel (docs/decisions/330). */
export const WITHDRAW_STATES = ["pending", "processing", "success", "failed", "cancelled"] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];
export const BITGET_WITHDRAW_STATUS: Record<WithdrawState, "pending" | "success" | "fail" | "cancel"> = {
  pending: "pending",
  processing: "pending",
  success: "success",
  failed: "fail",
  cancelled: "cancel",
};
export const DEPOSIT_STATES = ["pending", "success", "fail"] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const WALLET_PATHS = {
  coins: "/api/v2/spot/public/coins",
  depositAddress: "/api/v2/spot/wallet/deposit-address",
  depositRecords: "/api/v2/spot/wallet/deposit-records",
  withdrawal: "/api/v2/spot/wallet/withdrawal",
  cancelWithdrawal: "/api/v2/spot/wallet/cancel-withdrawal",
  withdrawalRecords: "/api/v2/spot/wallet/withdrawal-records",
  transferRecords: "/api/v2/spot/account/transferRecords",
  /** Not in Bitget's API: a signed-in user's own simulated deposit (simulation environment only). */
  simulateDeposit: "/v1/wallet/simulate-deposit",
  addressBook: "/v1/wallet/address-book",
  addressBookAdd: "/v1/wallet/address-book/add",
  addressBookDelete: "/v1/wallet/address-book/delete",
  /** What the withdraw page needs before it asks: the second factor and balances. */
  withdrawInfo: "/v1/wallet/withdraw-info",
} as const;

/** Wallet refusals beyond Bitget's generic parameter codes. */
export const WALLET_CODES = {
  /** Bitget: "withdraw address is not in the address book / is invalid". */
  addressInvalid: "47003",
  /** Bitget: withdrawal amount below the minimum. */
  belowMinimum: "47005",
  /** A web withdrawal needs Google Authenticator bound. */
  twoFactorRequired: "47010",
  /** Cancel of a withdrawal that is not pending any more. */
  notCancellable: "47011",
  /** A simulated deposit asked for in the live environment. */
  liveRefused: "47012",
  addressBookFull: "47013",
} as const;

export const ADDRESS_BOOK_LIMIT = 50;
/** How far back record queries look when `startTime` is not sent (Bitget requires it; the gateway is lenient). */
export const RECORD_DEFAULT_WINDOW_MS = 90 * 24 * 3600_000;
