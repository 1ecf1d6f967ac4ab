/**
 * The gateway's composition root (docs/decisions/015): opens the database, runs every area's
 * migrations, builds the stores, then the services that take them, then hands each area's routes
 * what they need, in that order. Nothing is filled in later: what a route may call is what it is
 * handed here.
 */
import { requestChildLogger } from "./lazy-logger.ts";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import secureJson from "secure-json-parse";
import { CODES } from "../protocol/codes.ts";
import { fileOutbox, type MessageTransport } from "./accounts/outbox.ts";
import { LoginHistory } from "./accounts/login-history.ts";
import { LoginService } from "./accounts/login-service.ts";
import { ACCOUNT_MIGRATIONS } from "./accounts/migrations.ts";
import { PendingLogins } from "./accounts/pending-logins.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { FundService } from "./accounts/fund-service.ts";
import { FundStore } from "./accounts/fund-store.ts";
import { installFundTradeCheck } from "./accounts/fund-trade-check.ts";
import { AccountService } from "./accounts/service.ts";
import { BindingService } from "./accounts/binding-service.ts";
import { SettingsService } from "./accounts/settings-service.ts";
import { Sessions } from "./accounts/sessions.ts";
import { TotpGuard } from "./accounts/totp-guard.ts";
import { Users } from "./accounts/users.ts";
import { VerifyCodes } from "./accounts/codes.ts";
import { AccountValues } from "./assets/accounts.ts";
import { assetConfigFromEnv } from "./assets/config.ts";
import { assetRoutes } from "./assets/routes.ts";
import { AssetService } from "./assets/service.ts";
import { ASSET_MIGRATIONS, AssetStore } from "./assets/store.ts";
import { captchaRoutes } from "./captcha/routes.ts";
import { CAPTCHA_MIGRATIONS, CaptchaStore, RiskCounter, captchaOptionsFromEnv } from "./captcha/store.ts";
import type { GatewayConfig } from "./config.ts";
import { TdkStore, seedTdk } from "./content/tdk.ts";
import { wikiRoutes } from "./content/wiki-routes.ts";
import { convertRoutes } from "./convert/routes.ts";
import { ConvertService } from "./convert/service.ts";
import { CONVERT_MIGRATIONS, ConvertStore } from "./convert/store.ts";
import { migrate, openDatabase, type Db } from "./db/database.ts";
import { GatewayError, installEnvelope } from "./envelope.ts";
import { eventsConfigFromEnv } from "./events/config.ts";
import { EVENT_MIGRATIONS } from "./events/migrations.ts";
import { OperatorAuth } from "./events/operator-auth.ts";
import { exchangePaperLedger } from "./events/paper-ledger.ts";
import { eventRoutes } from "./events/routes.ts";
import { seedEvents } from "./events/seed.ts";
import { EventService } from "./events/service.ts";
import { EventStore } from "./events/store.ts";
import { exchangeConfigFromEnv } from "./exchange/config.ts";
import { Exchange } from "./exchange/exchange.ts";
import { migrateExchange } from "./exchange/migrations.ts";
import { Authenticator } from "./exchange/routes/auth.ts";
import { orderRoutes } from "./exchange/routes/order-routes.ts";
import { planRoutes } from "./exchange/routes/plan-routes.ts";
import { publicExchangeRoutes } from "./exchange/routes/public-routes.ts";
import { RateLimiter } from "./exchange/routes/rate-limit.ts";
import { spotAccountRoutes } from "./exchange/routes/spot-account-routes.ts";
import { feeDeductRoutes } from "./exchange/routes/fee-deduct-routes.ts";
import { subTransferRoutes } from "./exchange/routes/sub-transfer-routes.ts";
import { exchangeStreams } from "./exchange/streams/server.ts";
import { futuresConfigFromEnv } from "./futures/config.ts";
import { Futures } from "./futures/futures.ts";
import { FUTURES_MIGRATIONS } from "./futures/migrations.ts";
import { futuresActionRoutes } from "./futures/routes/action-routes.ts";
import { futuresPlanRoutes } from "./futures/routes/plan-routes.ts";
import { futuresOpeningRoutes } from "./futures/routes/opening-routes.ts";
import { futuresTransfer, privateFuturesRoutes } from "./futures/routes/private-routes.ts";
import { publicFuturesRoutes } from "./futures/routes/public-routes.ts";
import { futuresStreamMarket } from "./futures/streams.ts";
import { SUB_TRANSFER_MIGRATIONS } from "./exchange/sub-transfer-store.ts";
import { marginConfigFromEnv } from "./margin/config.ts";
import { Margin } from "./margin/margin.ts";
import { marginRoutes } from "./margin/routes/margin-routes.ts";
import { marginStreamMarket } from "./margin/streams.ts";
import { SpotPriceControl } from "./margin/spot-price-control.ts";
import { MARGIN_MIGRATIONS } from "./margin/store.ts";
import { walletTransferRoute } from "./margin/routes/transfer-route.ts";
import { publicRoutes } from "./public-routes.ts";
import { FundHistoryStore, fundHistoryRoute } from "./futures/fund-history.ts";
import { fundOpeningFromEnv, openProtectionFund } from "./futures/fund-opening.ts";
import { reservesConfigFromEnv } from "./reserves/config.ts";
import { liveLedger } from "./reserves/ledger.ts";
import { reservesRoutes } from "./reserves/routes.ts";
import { ReservesService } from "./reserves/service.ts";
import { RESERVES_MIGRATIONS, ReservesStore } from "./reserves/store.ts";
import type { SessionRequest } from "./request.ts";
import { ApiKeyStore } from "./security/api-keys.ts";
import { frontDoorRewrite, installFrontDoor } from "./security/front-door.ts";
import { securityRoutes } from "./security/routes.ts";
import { SecurityService } from "./security/service.ts";
import { SECURITY_MIGRATIONS, SecurityStore } from "./security/store.ts";
import { CspReportStore } from "./tracking/csp-reports.ts";
import { TrackingEventStore } from "./tracking/event-store.ts";
import { TRACKING_MIGRATIONS } from "./tracking/migrations.ts";
import { trackingRoutes } from "./tracking/routes.ts";
import { TrackingThrottle } from "./tracking/throttle.ts";
import { vipConfigFromEnv } from "./vip/config.ts";
import { VipLevels } from "./vip/levels.ts";
import { vipRoutes } from "./vip/routes.ts";
import { VipService } from "./vip/service.ts";
import { VIP_MIGRATIONS, VipStore } from "./vip/store.ts";
import { keyOwnerStanding } from "./accounts/standing.ts";
import { walletAccounts } from "./wallet/account-link.ts";
import { walletConfigFromEnv } from "./wallet/config.ts";
import { walletRoutes } from "./wallet/routes.ts";
import { WalletService } from "./wallet/service.ts";
import { WALLET_MIGRATIONS, WalletStore } from "./wallet/store.ts";
import { kycConfigFromEnv } from "./kyc/config.ts";
import { kycRoutes } from "./kyc/routes.ts";
import { KycService } from "./kyc/service.ts";
import { KYC_MIGRATIONS, KycStore } from "./kyc/store.ts";
import { Valuation } from "./margin/valuation.ts";
import { copyConfigFromEnv } from "./copy/config.ts";
import { copyRoutes } from "./copy/routes.ts";
import { CopyService } from "./copy/service.ts";
import {
  COPY_MIGRATIONS,
  COPY_PROFILE_MIGRATIONS,
  CopyProfileStore,
  CopyStore,
  LEAD_NAME_MIGRATIONS,
  LeadNameStore,
} from "./copy/store.ts";
import { LeadNames } from "./copy/names.ts";
import { leadNameRoutes } from "./copy/name-routes.ts";
import { CopyProfiles } from "./copy/profiles.ts";
import { copyPublicRoutes } from "./copy/public-routes.ts";
import { linkCopyProducts } from "./copy/roles.ts";
import { SpotCopyService } from "./copy/spot-service.ts";
import { spotCopyRoutes } from "./copy/spot-routes.ts";
import { SpotCopyProfiles, spotCopyPublicRoutes } from "./copy/spot-stats.ts";
import type { Env } from "./exchange/engine/types.ts";
import { SPOT_COPY_MIGRATIONS, SpotCopyStore } from "./copy/spot-store.ts";
import { COINS as SPOT_COINS } from "./exchange/instruments.ts";

export const BODY_LIMIT = 1024 * 1024;

export interface Gateway {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** The front door has refused every other media type with 415 before parsing (docs/decisions/010). */
const JSON_TYPES = ["application/json", "application/csp-report", "application/reports+json"];

export async function createGateway(
  config: GatewayConfig,
  logger: FastifyServerOptions["logger"] = false,
  transport: MessageTransport = fileOutbox(config.dataDir),
): Promise<Gateway> {
  // The database and every area's tables, in the order their migrations were written.
  const db = openDatabase(config.dataDir);
  seedTdk(db);
  migrate(db, SECURITY_MIGRATIONS);
  migrate(db, CAPTCHA_MIGRATIONS);
  migrate(db, ACCOUNT_MIGRATIONS);
  migrate(db, TRACKING_MIGRATIONS);
  migrateExchange(db);
  migrate(db, SUB_TRANSFER_MIGRATIONS);
  migrate(db, EVENT_MIGRATIONS);
  migrate(db, FUTURES_MIGRATIONS);
  migrate(db, MARGIN_MIGRATIONS);
  migrate(db, ASSET_MIGRATIONS);
  migrate(db, RESERVES_MIGRATIONS);
  migrate(db, VIP_MIGRATIONS);
  migrate(db, WALLET_MIGRATIONS);
  migrate(db, KYC_MIGRATIONS);
  migrate(db, CONVERT_MIGRATIONS);
  migrate(db, COPY_MIGRATIONS);
  migrate(db, COPY_PROFILE_MIGRATIONS);
  migrate(db, SPOT_COPY_MIGRATIONS);
  migrate(db, LEAD_NAME_MIGRATIONS);

  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !config.requestLog }),
    // the request's child logger made on first use when nothing logs per request (decision 355, round 4)
    ...(logger ? { childLoggerFactory: requestChildLogger(config.requestLog) } : {}),
    bodyLimit: BODY_LIMIT,
    // One hop: the front door has already dropped X-Forwarded-* that the BFF did not vouch for.
    trustProxy: (_address: string, hop: number) => hop === 0,
    rewriteUrl: frontDoorRewrite(config),
    return503OnClosing: true,
    forceCloseConnections: "idle",
  });
  const log = (msg: string) => (err: unknown) => app.log.error({ err }, msg);

  // Services, each built once from its stores and the services it needs.
  const security = new SecurityService(new SecurityStore(db), db, config);
  security.startRotation(log("login key rotation failed"));
  app.addHook("onClose", async () => security.stop());
  const captcha = { store: new CaptchaStore(db, captchaOptionsFromEnv()), risk: new RiskCounter(db) };
  const accountStores = {
    users: new Users(db),
    sessions: new Sessions(db),
    codes: new VerifyCodes(db, transport),
    totp: new TotpGuard(db),
    history: new LoginHistory(db),
    pending: new PendingLogins(db),
    apiKeys: new ApiKeyStore(db),
  };
  const accounts = new AccountService(accountStores, security, captcha, transport);
  // one judge of API keys for HTTP and the private stream (docs/decisions/342)
  const apiKeyJudge = security.apiKeyJudge(keyOwnerStanding(accountStores.users));
  const logins = new LoginService(accountStores, accounts);
  const settings = new SettingsService(accountStores, accounts);
  const binding = new BindingService(accountStores, accounts);
  // the fund password (docs/decisions/350)
  const fund = new FundService({ users: accountStores.users, fund: new FundStore(db) }, accounts);
  const exchangeConfig = exchangeConfigFromEnv();
  const exchange = new Exchange(db, exchangeConfig, config.seed, accounts.directory, log("exchange error"));
  const futuresConfig = futuresConfigFromEnv();
  // levels are read by the futures engine once per order, so they exist before it (docs/decisions/332)
  const vipStore = new VipStore(db);
  const vipLevels = new VipLevels(vipStore);
  const futures = new Futures(db, exchange, futuresConfig, config.seed, log("futures error"), vipLevels.futuresFees);
  // the protection fund's opening balance, once, from the treasury (docs/decisions/716)
  openProtectionFund(db, futures, fundOpeningFromEnv());
  // a test and demo switch that must never be on unnoticed (docs/decisions/316)
  if (futuresConfig.priceControl) app.log.warn("SIM_PRICE_CONTROL is on: `npm run futures:price` can move the futures and spot prices");
  // margin accounts trade on the spot books (docs/decisions/320)
  const margin = new Margin(db, exchange, marginConfigFromEnv(), log("margin error"));
  await margin.start();
  // the same test and demo switch also pins spot pairs, so a margin account can be driven to liquidation (docs/decisions/316)
  const spotPrices = futuresConfig.priceControl ? new SpotPriceControl(db, exchange, log("spot price control error")) : undefined;
  // what each account is worth now, for the asset snapshots and the VIP levels (docs/decisions/331, 332)
  const accountValues = new AccountValues(exchange, futures.svc, margin.svc);
  // equity snapshots of every account on the simulated clock (docs/decisions/331)
  const assets = new AssetService(new AssetStore(db), accountValues, () => exchange.svc.store.loadAccounts(), assetConfigFromEnv());
  assets.start(log("asset snapshots failed"));
  // proof of reserves over the live ledgers of spot, margin and futures (docs/decisions/333)
  const reserves = new ReservesService(
    new ReservesStore(db),
    liveLedger(exchange, margin, futures),
    reservesConfigFromEnv(),
    log("reserves snapshot failed"),
  );
  reserves.start();
  app.addHook("onClose", async () => reserves.stop());
  const vip = new VipService({
    store: vipStore,
    levels: vipLevels,
    exchange,
    futures,
    values: accountValues,
    setUserLevel: (id, level) => accountStores.users.update(id, { vip_level: level }),
    config: vipConfigFromEnv(),
    log: log("vip error"),
  });
  vip.start();
  // deposits and withdrawals on a simulated chain, on the spot ledger (docs/decisions/330)
  const walletLink = walletAccounts(accounts, accountStores.users, fund);
  // identity levels and their daily withdrawal limits (docs/decisions/352)
  const valuation = new Valuation(exchange);
  const kyc = new KycService(
    new KycStore(db),
    accountStores.users,
    config.dataDir,
    kycConfigFromEnv(),
    (env, coin, amount) => valuation.value(env, coin, amount, true),
    log("kyc error"),
  );
  kyc.start();
  const wallet = new WalletService(
    new WalletStore(db),
    exchange.svc,
    walletLink,
    walletConfigFromEnv(),
    log("wallet error"),
    (env, userId, coin, amount) => kyc.reserveWithdrawal(env, userId, coin, amount),
  );
  wallet.start();
  // futures copy trading: every lead fill mirrored through the futures engine's own order path (docs/decisions/356)
  const copyConfig = copyConfigFromEnv();
  const copy = new CopyService({
    store: new CopyStore(db),
    futures,
    config: copyConfig,
    registeredAt: (id) => accountStores.users.byId(id)?.created_at,
    log: log("copy trading error"),
  });
  /** An account's spot equity in USDT ledger units: every coin at its last price (spot leads, decisions 360, 362). */
  const spotEquity = (env: Env, userId: string): bigint => {
    let total = 0n;
    for (const coin of SPOT_COINS) {
      const b = exchange.svc.engine.balance(env, userId, coin);
      if (b.available + b.frozen > 0n) total += valuation.value(env, coin, b.available + b.frozen);
    }
    return total;
  };
  // spot copy trading: every lead spot fill mirrored through the spot engine's own order path (docs/decisions/360)
  const spotCopy = new SpotCopyService({
    store: new SpotCopyStore(db),
    exchange: exchange.svc,
    config: copyConfig,
    equity: spotEquity,
    registeredAt: (id) => accountStores.users.byId(id)?.created_at,
    log: log("spot copy trading error"),
  });
  // a lead of one product follows in none, a follower of one leads in none (docs/decisions/361)
  linkCopyProducts(copy, spotCopy);
  // the spot copies' take profit and stop loss, at each trade (docs/decisions/360)
  exchange.market.listeners.add((env, symbol, t) => spotCopy.onTrade(env, symbol, t.price));
  exchange.svc.paperResetHooks.add((userId) => spotCopy.onPaperReset(userId));
  // conversions as the user's FOK orders on the spot books (docs/decisions/334)
  const convert = new ConvertService(exchange.svc, new ConvertStore(db));
  const eventStore = new EventStore(db);
  const events = new EventService({
    store: eventStore,
    ledger: exchangePaperLedger(exchange),
    entrants: {
      of: (id) => {
        const u = accountStores.users.byId(id);
        return u ? { nickName: u.nick_name ?? "", subAccount: u.user_type === 1 } : undefined;
      },
    },
    log: log("event results failed"),
    demoLead: (id) => copy.lead("paper", id) !== undefined,
  });
  events.seed(seedEvents(Date.now()));
  events.start();
  app.addHook("onClose", async () => events.stop());

  // The request's session, looked up at most once and shared by the checks and the routes.
  app.decorateRequest("session", null);
  const sessionIdOf = (req: SessionRequest) => accounts.sessionIdOf(req);
  const webSession = (req: SessionRequest) => accounts.webSessionPrincipal(req);

  installEnvelope(app);
  installFrontDoor(app, config);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPES, { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: "remove", constructorAction: "remove" }));
    } catch {
      done(new GatewayError(CODES.invalidParameter, "Malformed JSON body", 400), undefined);
    }
  });
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, _body, done) => {
    done(new GatewayError(CODES.badRequest, "Unsupported content type: send application/json", 415), undefined);
  });

  // Routes, in the order their hooks must run (the security preHandler before any handler).
  publicRoutes(app, { config, tdk: new TdkStore(db), sessionUserIdOf: (req) => accounts.sessionUserIdOf(req) });
  wikiRoutes(app, config.imageHosts);
  securityRoutes(app, security, sessionIdOf, apiKeyJudge);
  captchaRoutes(app, captcha.store);
  accountRoutes(app, {
    accounts,
    logins,
    settings,
    binding,
    fund,
    futuresOpen: (id) => futures.opening.isOpen(id),
    openGtFees: (userId) => exchange.svc.feeDeduct(userId),
    identity: (u) => kyc.identityOf(u),
  });
  // after the signature check: a web session's live orders ask for the fund password as the account chose
  installFundTradeCheck(app, { fund, accounts, claimsApiKey: (req) => security.claimsApiKey(req) });
  trackingRoutes(app, { events: new TrackingEventStore(db), csp: new CspReportStore(db), throttle: new TrackingThrottle() });
  const exchangeDeps = {
    exchange,
    limiter: new RateLimiter(exchangeConfig.rateLimits),
    auth: new Authenticator((req) => accounts.webSessionCaller(req)),
  };
  publicExchangeRoutes(app, exchangeDeps);
  orderRoutes(app, exchangeDeps);
  planRoutes(app, exchangeDeps);
  spotAccountRoutes(app, exchangeDeps);
  feeDeductRoutes(app, exchangeDeps);
  subTransferRoutes(app, exchangeDeps);
  marginRoutes(app, { ...exchangeDeps, margin });
  publicFuturesRoutes(app, { futures, limiter: exchangeDeps.limiter });
  privateFuturesRoutes(app, { ...exchangeDeps, futures });
  walletTransferRoute(app, { ...exchangeDeps, margin }, futuresTransfer(futures));
  futuresPlanRoutes(app, { ...exchangeDeps, futures });
  futuresActionRoutes(app, { ...exchangeDeps, futures });
  futuresOpeningRoutes(app, { ...exchangeDeps, futures });
  assetRoutes(app, { ...exchangeDeps, assets, futures: futures.svc, margin: margin.svc });
  reservesRoutes(app, { reserves, limiter: exchangeDeps.limiter, requireUserId: (req) => accounts.currentUser(req).user.id });
  fundHistoryRoute(app, { store: new FundHistoryStore(db), futures, limiter: exchangeDeps.limiter });
  vipRoutes(app, { ...exchangeDeps, vip });
  convertRoutes(app, { ...exchangeDeps, convert });
  // the leads' display names, one per user across both products (docs/decisions/363)
  const names = new LeadNames(new LeadNameStore(db));
  const isLeadAnywhere = (id: string) =>
    (["live", "paper"] as const).some((e) => copy.lead(e, id) !== undefined || spotCopy.lead(e, id) !== undefined);
  leadNameRoutes(app, { ...exchangeDeps, names, isLead: isLeadAnywhere });
  copyRoutes(app, { ...exchangeDeps, copy, futures, names });
  spotCopyRoutes(app, { ...exchangeDeps, spotCopy, names });
  // the public lead pages' reads (docs/decisions/357)
  const copyProfileStore = new CopyProfileStore(db);
  const copyProfiles = new CopyProfiles({ copy, store: copyProfileStore, futures, maxFollowers: copyConfig.maxFollowers });
  copyPublicRoutes(app, { ...exchangeDeps, profiles: copyProfiles, futures, names });
  // the spot leads' public reads, the spot lead's shares earned and an account's copy roles (docs/decisions/362)
  spotCopyPublicRoutes(app, {
    ...exchangeDeps,
    spotCopy,
    profiles: new SpotCopyProfiles({
      db,
      spotCopy,
      store: new SpotCopyStore(db),
      visibility: copyProfileStore,
      equity: spotEquity,
      maxFollowers: copyConfig.maxFollowers,
    }),
    roles: { futuresLead: (env, id) => copy.lead(env, id) !== undefined, futuresFollower: (env, id) => copy.followsOf(env, id).length > 0 },
    names,
  });
  walletRoutes(app, { ...exchangeDeps, wallet, accounts: walletLink, sessionUserId: (req) => accounts.currentUser(req).user.id });
  kycRoutes(app, { kyc, currentUser: (req) => accounts.currentUser(req).user });
  eventRoutes(app, {
    events,
    operators: new OperatorAuth(eventsConfigFromEnv().operatorSecret, eventStore),
    sessionUserIdOf: (req) => accounts.sessionUserIdOf(req),
    requireUserId: (req) => accounts.currentUser(req).user.id,
  });
  const closeStreams = exchangeStreams(app, {
    exchange,
    markets: { "USDT-FUTURES": futuresStreamMarket(futures), MARGIN: marginStreamMarket(margin) },
    proxySecret: config.proxySecret,
    login: { apiKeys: apiKeyJudge, webSession, checkSessionSignature: (req) => security.checkSignature(req, sessionIdOf) },
  });

  await app.ready();
  return {
    app,
    db,
    async close() {
      closeStreams();
      assets.close();
      vip.close();
      wallet.stop();
      kyc.stop();
      futures.close();
      spotPrices?.close();
      margin.close();
      exchange.close();
      await app.close();
      // copy jobs not yet run stay written and run at the next start
      copy.stop();
      spotCopy.stop();
      // what the last requests changed while the server drained
      exchange.svc.store.flush();
      db.close();
    },
  };
}
