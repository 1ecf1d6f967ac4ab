/** A main or sub-account as the sub-accounts page shows it. */
export interface Account {
  userId: string;
  nickName: string;
  frozen: boolean;
}

/** A Bitget v2 asset line (`account/assets`, `subaccount-assets`). */
export interface Asset {
  coin: string;
  available: string;
}
