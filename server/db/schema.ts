/**
 * Kysely table types. better-sqlite3 runs with safe integers on, so every INTEGER column reads
 * back as a bigint (money never passes through a JS number); repositories convert the non-money
 * ones (ids, flags, timestamps) with Number() at their boundary.
 */
import type { ColumnType, Generated } from 'kysely';

/** An INTEGER column: read as bigint, written as number or bigint. */
export type Int = ColumnType<bigint, number | bigint, number | bigint>;
export type GeneratedInt = ColumnType<bigint, number | bigint | undefined, number | bigint>;
export type Text = string;

export interface UsersTable {
  id: GeneratedInt;
  phone_country: Text | null;
  phone: Text | null;
  email: Text | null;
  password_hash: Text;
  referral_code: Text;
  referred_by: Int | null;
  role: Text; // 'user' | 'operator'
  test_enabled: Int;
  real_name: Text;
  vip_level: Int;
  verified_level: Int;
  identity_status: Int;
  merchant_status: Int;
  avatar_url: Text;
  help_desk_link: Text;
  disabled: Int;
  created_at: Int;
  password_changed_at: Int;
}

export interface SessionsTable {
  id: Text; // sha256 of the cookie token
  user_id: Int | null;
  csrf_token: Text;
  created_at: Int;
  last_seen_at: Int;
  absolute_expires_at: Int;
  ip: Text;
  user_agent: Text;
  captcha_hash: Text | null;
  captcha_expires_at: Int | null;
  failed_signins: Int;
}

export interface VerificationCodesTable {
  id: GeneratedInt;
  purpose: Text;
  target: Text;
  code_hash: Text;
  attempts: Int;
  created_at: Int;
  expires_at: Int;
  used_at: Int | null;
}

export interface CurrenciesTable {
  code: Text;
  display_name: Text;
  scale: Int;
  sort_order: Int;
}

export interface SymbolsTable {
  id: Int;
  type: Int;
  symbol: Text;
  name: Text;
  test_only: Int;
  prompted: Int;
  price_precision: Int;
  volume_precision: Int;
  base_symbol: Text;
  quote_symbol: Text;
  svg_icon: Text;
  sort_order: Int;
  /** 'active', 'suspended' (cancel-only) or 'delisted' (migration 0015). */
  status: ColumnType<string, string | undefined, string>;
  maker_fee_ppm: GeneratedInt;
  taker_fee_ppm: GeneratedInt;
  min_order_value_units: GeneratedInt;
}

/** Fees by VIP level (migration 0015): a tier only ever lowers a market's fee. */
export interface FeeTiersTable {
  vip_level: Int;
  maker_fee_ppm: Int;
  taker_fee_ppm: Int;
}

/** Every change made through the operator API (migration 0015); actor_user_id null is the admin token. */
export interface OperatorAuditTable {
  id: GeneratedInt;
  actor_user_id: Int | null;
  action: Text;
  target: Text;
  before_json: Text | null;
  after_json: Text | null;
  created_at: Int;
}

export interface LedgerAccountsTable {
  id: GeneratedInt;
  owner_key: Text; // 'u:<user id>' or 's:<system account name>'
  user_id: Int | null;
  wallet: Text;
  currency: Text;
  bucket: Text; // 'available' | 'held'
  balance_units: Int;
  may_go_negative: Int;
  /** The floor of a system account that pays out; null: unbounded (migration 0004). */
  min_balance_units: Int | null;
}

export interface ScheduledJobsTable {
  id: GeneratedInt;
  kind: Text;
  key: Text;
  run_at: Int;
  payload_json: Text;
  status: Text; // 'pending' | 'done' | 'failed'
  attempts: Int;
  last_error: Text | null;
  created_at: Int;
  completed_at: Int | null;
}

export interface SigninThrottleTable {
  key: Text;
  failures: Int;
  last_at: Int;
  blocked_until: Int;
}

/** One user's security settings (migration 0007); secrets encrypted, the password hashed. */
export interface UserSecurityTable {
  user_id: Int;
  ga_secret: Text | null;
  ga_pending_secret: Text | null;
  ga_last_step: ColumnType<bigint, number | bigint | undefined, number | bigint>;
  withdraw_password_hash: Text | null;
  changed_at: ColumnType<bigint, number | bigint | undefined, number | bigint>;
}

export interface LedgerTransactionsTable {
  id: GeneratedInt;
  kind: Text;
  owner_key: Text;
  idempotency_key: Text | null;
  request_hash: Text | null;
  response_json: Text | null;
  memo: Text;
  created_at: Int;
}

export interface LedgerPostingsTable {
  id: GeneratedInt;
  transaction_id: Int;
  account_id: Int;
  currency: Text;
  amount_units: Int;
}

/** A verified ledger checkpoint (migration 0016): the journal position its audit covered. */
export interface LedgerCheckpointsTable {
  id: GeneratedInt;
  position: Int;
  created_at: Int;
  accounts: Int;
  transactions: Int;
  postings: Int;
}

/** Per account: its balance at the newest checkpoint, and the sum of its postings retention removed. */
export interface LedgerCheckpointAccountsTable {
  account_id: Int;
  balance_units: Int;
  folded_units: Int;
}

export interface LedgerHoldsTable {
  id: GeneratedInt;
  owner_key: Text;
  wallet: Text;
  currency: Text;
  amount_units: Int;
  reference_type: Text;
  reference_id: Text;
  created_at: Int;
  released_at: Int | null;
}

export interface OutboxTable {
  id: GeneratedInt;
  topic: Text;
  payload_json: Text;
  created_at: Int;
  dispatched_at: Int | null;
  /** Failed deliveries so far (migration 0018). */
  attempts: GeneratedInt;
  /** Not tried again before this time; null: at the next drain. */
  retry_at: Int | null;
  /** Set aside after OUTBOX_MAX_ATTEMPTS failures; the drain no longer reads it. */
  failed_at: Int | null;
  last_error: Text | null;
}

export interface NotificationsTable {
  id: GeneratedInt;
  user_id: Int;
  type: Int;
  params_json: Text;
  message: Text | null;
  read_flag: Int;
  /** The outbox event a notification was made from; null for operator messages. */
  source_event_id: Int | null;
  created_at: Int;
}

export interface PostCategoriesTable {
  id: Int;
  kind: Text; // 'announcement' | 'college' | 'footer' | 'page' | 'notice' | 'news'
  parent_id: Int | null;
  sort_order: Int;
}

export interface PostCategoryNamesTable {
  category_id: Int;
  lang: Text;
  name: Text;
}

export interface PostsTable {
  id: GeneratedInt;
  category_id: Int;
  /** Stable name for pages the app opens by name (about, user-protection); null for others. */
  slug: Text | null;
  sort_order: Int;
  pinned: Int;
  cover_url: Text;
  popup_mode: Int | null;
  popup_from: Int | null;
  popup_to: Int | null;
  published_at: Int;
  created_at: Int;
  updated_at: Int;
}

export interface PostTranslationsTable {
  post_id: Int;
  lang: Text;
  title: Text;
  summary: Text;
  body: Text;
}

export interface SettingsTable {
  key: Text;
  value_json: Text;
}

export interface OrdersTable {
  id: GeneratedInt;
  user_id: Int;
  symbol_id: Int;
  side: Text; // 'buy' | 'sell'
  type: Text; // 'limit' | 'market'
  price_ticks: Int | null;
  /** Lots to fill; null for a market buy that spends a quote budget instead. */
  quantity_lots: Int | null;
  quote_budget_units: Int | null;
  filled_lots: Int;
  /** Sum of ticks x lots of the fills, exact (text: it can exceed 64 bits). */
  filled_notional: Text;
  /** Quote units paid (buy) or received before fees (sell) so far. */
  filled_quote_units: Int;
  /** Fees charged so far, in the currency the order receives. */
  fee_units: Int;
  status: Text; // 'open' | 'filled' | 'cancelled'
  cancel_reason: Text | null;
  client_order_id: Text | null;
  created_at: Int;
  updated_at: Int;
}

export interface TradesTable {
  id: GeneratedInt;
  symbol_id: Int;
  price_ticks: Int;
  quantity_lots: Int;
  taker_order_id: Int;
  maker_order_id: Int;
  taker_user_id: Int;
  maker_user_id: Int;
  taker_side: Text;
  created_at: Int;
}

export interface CandlesTable {
  symbol_id: Int;
  interval: Text;
  open_time: Int;
  open_ticks: Int;
  high_ticks: Int;
  low_ticks: Int;
  close_ticks: Int;
  volume_lots: Int;
  trade_count: Int;
}

export interface FavouritesTable {
  user_id: Int;
  symbol_id: Int;
  created_at: Int;
}

export interface ConvertQuotesTable {
  id: Text;
  user_id: Int;
  from_currency: Text;
  to_currency: Text;
  from_units: Int;
  to_units: Int;
  price: Text;
  created_at: Int;
  expires_at: Int;
  used_at: Int | null;
}

export interface ConvertOrdersTable {
  id: GeneratedInt;
  user_id: Int;
  quote_id: Text;
  from_currency: Text;
  to_currency: Text;
  from_units: Int;
  to_units: Int;
  price: Text;
  created_at: Int;
}

export interface HelpdeskChatsTable {
  id: GeneratedInt;
  session_key: Text;
  chat_key: Text;
  user_id: Int | null;
  owner_session_id: Text | null;
  service_code: Text | null;
  language: Text;
  status: Text; // 'open' | 'closed'
  created_at: Int;
  updated_at: Int;
  closed_at: Int | null;
}

export interface HelpdeskMessagesTable {
  id: GeneratedInt;
  chat_id: Int;
  type: Int;
  body: Text;
  from_client: Int;
  visible: Int;
  author: Text;
  operator_user_id: Int | null;
  created_at: Int;
}

export interface HelpdeskImagesTable {
  name: Text;
  message_id: Int;
  jpeg: Buffer;
  width: Int;
  height: Int;
  created_at: Int;
}

export interface HelpdeskServiceCodesTable {
  code: Text;
  label: Text;
  created_at: Int;
  expires_at: Int | null;
  revoked_at: Int | null;
}

/** One check-in per (user, UTC day) (migration 0009). */
export interface CheckinsTable {
  id: GeneratedInt;
  user_id: Int;
  day: Int;
  streak: Int;
  currency: Text;
  amount_units: Int;
  created_at: Int;
}

export interface DrawTicketsTable {
  id: GeneratedInt;
  user_id: Int;
  earned_day: Int;
  created_at: Int;
  used_at: Int | null;
}

export interface LuckyDrawsTable {
  id: GeneratedInt;
  user_id: Int;
  ticket_id: Int;
  prize_id: Text;
  currency: Text;
  amount_units: Int;
  created_at: Int;
}

export interface IdentitySubmissionsTable {
  id: GeneratedInt;
  user_id: Int;
  real_name: Text;
  document_type: Text;
  document_number: Text;
  status: Int;
  reject_reason: Text | null;
  reviewer_user_id: Int | null;
  review_started_at: Int | null;
  decided_by_user_id: Int | null;
  decided_at: Int | null;
  verified_level: Int | null;
  created_at: Int;
}

export interface IdentityImagesTable {
  name: Text;
  submission_id: Int;
  side: Text; // 'front' | 'back' | 'selfie'
  jpeg: Buffer;
  width: Int;
  height: Int;
  created_at: Int;
}

export interface AvatarsTable {
  name: Text;
  user_id: Int;
  jpeg: Buffer;
  created_at: Int;
}

export interface PaymentAccountsTable {
  id: GeneratedInt;
  user_id: Int;
  kind: Text; // 'bank'; C2C adds its payment methods
  holder_name: Text;
  provider: Text;
  account_number: Text;
  branch: Text;
  created_at: Int;
  deleted_at: Int | null;
}

/** A blockchain network and what a deposit on it needs (migration 0010). */
export interface ChainNetworksTable {
  id: Text;
  name: Text;
  address_regex: Text;
  confirmations: Int;
  sort_order: Int;
}

/** A currency on a network, with its deposit minimum and withdrawal figures in the currency's units. */
export interface ChainCoinsTable {
  currency: Text;
  network: Text;
  deposit_enabled: Int;
  withdraw_enabled: Int;
  deposit_min_units: Int;
  withdraw_fee_units: Int;
  withdraw_min_units: Int;
  withdraw_max_units: Int;
  sort_order: Int;
}

export interface ChainAddressesTable {
  id: GeneratedInt;
  user_id: Int;
  currency: Text;
  network: Text;
  address: Text;
  created_at: Int;
}

export interface ChainDepositsTable {
  id: GeneratedInt;
  user_id: Int;
  currency: Text;
  network: Text;
  txid: Text;
  output_index: Int;
  address: Text;
  amount_units: Int;
  block_height: Int;
  confirmations_required: Int;
  status: Text;
  seen_at: Int;
  credited_at: Int | null;
}

export interface ChainWatchCursorsTable {
  network: Text;
  next_height: Int;
}

export interface ChainSimNetworksTable {
  network: Text;
  genesis_at: Int;
}

export interface ChainSimTransactionsTable {
  id: GeneratedInt;
  network: Text;
  txid: Text;
  output_index: Int;
  to_address: Text;
  currency: Text;
  amount_units: Int;
  block_height: Int;
  created_at: Int;
}

export interface WithdrawalsTable {
  id: GeneratedInt;
  user_id: Int;
  idempotency_key: Text;
  request_hash: Text;
  type: Text;
  via: Text;
  currency: Text;
  network: Text | null;
  address: Text | null;
  bank_account_id: Int | null;
  bank_name: Text | null;
  account_number: Text | null;
  holder_name: Text | null;
  amount_units: Int;
  fee_units: Int;
  status: Text;
  txid: Text | null;
  output_index: Int | null;
  confirmations_required: Int;
  reject_reason: Text | null;
  decided_by: Int | null;
  created_at: Int;
  updated_at: Int;
  completed_at: Int | null;
}

export interface WithdrawThrottleTable {
  user_id: Int;
  failures: Int;
  window_started_at: Int;
  locked_until: Int;
}

/** Binary options (migration 0013): each symbol's periods and their terms. */
export interface BoptionPeriodsTable {
  symbol_id: Int;
  seconds: Int;
  payout_rate_ppm: Int;
  min_stake_units: Int;
  max_stake_units: Int;
  liability_max_units: Int;
}

export interface BoptionOrdersTable {
  id: GeneratedInt;
  user_id: Int;
  idempotency_key: Text;
  request_hash: Text;
  symbol_id: Int;
  direction: Text; // 'up' | 'down'
  period_seconds: Int;
  currency: Text;
  stake_units: Int;
  payout_rate_ppm: Int;
  win_profit_units: Int;
  price_precision: Int;
  open_price_ticks: Int;
  status: Text; // 'open' | 'won' | 'lost' | 'tie'
  settle_price_ticks: Int | null;
  payout_units: Int | null;
  opened_at: Int;
  expires_at: Int;
  settled_at: Int | null;
}

/** The index of each binary-option symbol at each sampling round, kept for a day. */
export interface BoptionIndexTable {
  symbol_id: Int;
  at: Int;
  price_ticks: Int;
}

/** The terms of a futures symbol (migration 0012): sizes in lots, rates in parts per million, limits in USDT units. */
export interface FuturesSymbolsTable {
  symbol_id: Int;
  leverages_json: Text;
  min_volume_lots: Int;
  max_volume_lots: Int;
  open_fee_ppm: Int;
  close_fee_ppm: Int;
  maintenance_ppm: Int;
  spread_ppm: Int;
  user_notional_max_units: Int;
  net_exposure_max_units: Int;
  updated_at: Int;
}

/** A futures position: prices in ticks of its symbol's price precision, the size in lots, money in USDT units. */
export interface FuturesPositionsTable {
  id: GeneratedInt;
  user_id: Int;
  symbol_id: Int;
  idempotency_key: Text;
  request_hash: Text;
  side: Text;
  type: Text;
  leverage: Int;
  status: Text;
  volume_lots: Int;
  margin_units: Int;
  notional_units: Int;
  open_fee_units: Int;
  close_fee_ppm: Int;
  maintenance_ppm: Int;
  spread_ppm: Int;
  trigger_ticks: Int | null;
  entry_ticks: Int | null;
  liquidation_ticks: Int | null;
  take_profit_ticks: Int | null;
  stop_loss_ticks: Int | null;
  close_ticks: Int | null;
  close_fee_units: Int | null;
  realized_pnl_units: Int | null;
  close_reason: Text | null;
  created_at: Int;
  opened_at: Int | null;
  closed_at: Int | null;
}

/** Running totals of one futures symbol's side (migration 0014): sizes in lots, the entry value in lots x ticks. */
export interface FuturesExposureTable {
  symbol_id: Int;
  side: Text;
  pending_lots: Int;
  open_lots: Int;
  open_entry_value: Int;
}

/** The instance holding each exchange market's book and its fencing epoch (migration 0017, server/cluster). */
export interface EngineOwnersTable {
  symbol_id: Int;
  instance_id: Text;
  internal_url: Text;
  epoch: Int;
  taken_at: Int;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  currencies: CurrenciesTable;
  symbols: SymbolsTable;
  ledger_accounts: LedgerAccountsTable;
  signin_throttle: SigninThrottleTable;
  user_security: UserSecurityTable;
  scheduled_jobs: ScheduledJobsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_holds: LedgerHoldsTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_checkpoint_accounts: LedgerCheckpointAccountsTable;
  outbox: OutboxTable;
  notifications: NotificationsTable;
  post_categories: PostCategoriesTable;
  post_category_names: PostCategoryNamesTable;
  posts: PostsTable;
  post_translations: PostTranslationsTable;
  settings: SettingsTable;
  boption_periods: BoptionPeriodsTable;
  boption_orders: BoptionOrdersTable;
  boption_index: BoptionIndexTable;
  orders: OrdersTable;
  trades: TradesTable;
  candles: CandlesTable;
  favourites: FavouritesTable;
  convert_quotes: ConvertQuotesTable;
  convert_orders: ConvertOrdersTable;
  helpdesk_chats: HelpdeskChatsTable;
  helpdesk_messages: HelpdeskMessagesTable;
  helpdesk_images: HelpdeskImagesTable;
  helpdesk_service_codes: HelpdeskServiceCodesTable;
  identity_submissions: IdentitySubmissionsTable;
  identity_images: IdentityImagesTable;
  avatars: AvatarsTable;
  payment_accounts: PaymentAccountsTable;
  checkins: CheckinsTable;
  draw_tickets: DrawTicketsTable;
  lucky_draws: LuckyDrawsTable;
  chain_networks: ChainNetworksTable;
  chain_coins: ChainCoinsTable;
  chain_addresses: ChainAddressesTable;
  chain_deposits: ChainDepositsTable;
  chain_watch_cursors: ChainWatchCursorsTable;
  chain_sim_networks: ChainSimNetworksTable;
  chain_sim_transactions: ChainSimTransactionsTable;
  withdrawals: WithdrawalsTable;
  withdraw_throttle: WithdrawThrottleTable;
  futures_symbols: FuturesSymbolsTable;
  futures_positions: FuturesPositionsTable;
  futures_exposure: FuturesExposureTable;
  engine_owners: EngineOwnersTable;
  fee_tiers: FeeTiersTable;
  operator_audit: OperatorAuditTable;
}

export type { Generated };
