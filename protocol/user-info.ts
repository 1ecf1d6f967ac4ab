/** The user-info shape of docs/protocol.md §14, with the defaults every absent field takes. */
export interface UserInfo {
  antiPhishingCode: string;
  areaCode: string;
  bindEmail: boolean;
  bindGoogle: boolean;
  bindPhone: boolean;
  createdDate: number;
  email: string;
  familyName: string;
  frozen: boolean;
  fundDisabled: boolean;
  fundValue: boolean;
  givenName: string;
  googleEnable: boolean;
  hasRealValidate: boolean;
  identityLevel: number;
  isFund: boolean;
  loginName: string;
  userName: string;
  mobile: string;
  nickName: string;
  openContract: boolean;
  openGtFees: boolean;
  openOtc: boolean;
  phone: string;
  phoneEnable: boolean;
  emailEnable: boolean;
  realName: string;
  starRealName: string;
  subAccount: boolean;
  updatedDate: number;
  userId: string;
  userType: number;
  childFlag: boolean;
  showUserVip: boolean;
  vipLevel: number;
  switchFlag: boolean;
}

export const USER_INFO_DEFAULTS: UserInfo = {
  antiPhishingCode: "",
  areaCode: "",
  bindEmail: false,
  bindGoogle: false,
  bindPhone: false,
  createdDate: 0,
  email: "",
  familyName: "",
  frozen: false,
  fundDisabled: false,
  fundValue: false,
  givenName: "",
  googleEnable: false,
  hasRealValidate: false,
  identityLevel: 0,
  isFund: false,
  loginName: "",
  userName: "",
  mobile: "",
  nickName: "",
  openContract: false,
  openGtFees: false,
  openOtc: false,
  phone: "",
  phoneEnable: false,
  emailEnable: false,
  realName: "",
  starRealName: "",
  subAccount: false,
  updatedDate: 0,
  userId: "",
  userType: 0,
  childFlag: false,
  showUserVip: false,
  vipLevel: 0,
  switchFlag: false,
};

/** Settings flags of the user-info response (docs/protocol.md §14); `kf` 2 means real-name verified. */
export interface UserSettings {
  mbf: boolean;
  ebf: boolean;
  gbf: boolean;
  tbf: boolean;
  tpi: boolean;
  tpl: boolean;
  kf: number;
  oo: boolean;
  oc: boolean;
  ob: boolean;
  eef: boolean;
  mef: boolean;
  gef: boolean;
}

export interface UserInfoResponse {
  userInfo: UserInfo;
  settings: UserSettings;
  loginName: string;
  userName: string;
}

/** Fills absent or mistyped fields with their defaults, so a partial answer never breaks a page. */
export function withUserInfoDefaults(value: unknown): UserInfo {
  const source = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const out = { ...USER_INFO_DEFAULTS };
  for (const key of Object.keys(USER_INFO_DEFAULTS) as Array<keyof UserInfo>) {
    const v = source[key];
    if (typeof v === typeof USER_INFO_DEFAULTS[key]) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}
