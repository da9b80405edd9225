/** Business constants: named once, imported wherever they are used. */
export const CURRENCY = "USD";
export const LOCALE = "en-US";

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** How long a delete can be undone before it is sent. */
export const UNDO_MS = 5000;
export const MAX_PAGE_ROWS = 100;

export const ORDER_MIN_ITEMS = 1;
export const ORDER_MAX_ITEMS = 50;
export const ORDER_MIN_QUANTITY = 1;
export const ORDER_MAX_QUANTITY = 999;
export const REFUND_WINDOW_DAYS = 30;

export const LOW_STOCK_THRESHOLD = 10;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Paths whose hard load gets the light sign-in page alone, none of the app's code: the entry
 * (main.tsx) and the server's page (which then names none of that code) both go by them.
 */
export const LIGHT_SIGN_IN_PATHS: readonly string[] = ["/login", "/login/"];
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const SESSION_COOKIE = "sb_session";

/** How long a deleted record is offered in the trash for restoring (its audit events stay for ever). */
export const TRASH_RETENTION_DAYS = 90;

/** Two-factor sign-in (TOTP, RFC 6238): 6 digits, 30-second steps, one step of drift either way. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;
/** Recovery codes handed out when two-factor is turned on; each works once. */
export const RECOVERY_CODES = 10;

/** API tokens: how long one may live, and how many requests one may make per window. */
export const TOKEN_EXPIRY_MIN_DAYS = 1;
export const TOKEN_EXPIRY_MAX_DAYS = 365;
export const TOKEN_NAME_MAX = 80;
export const TOKEN_RATE_LIMIT = 600;
export const TOKEN_RATE_WINDOW_MS = 60 * 1000;
/** A token's lastUsedAt reaches the store at most this often. */
export const TOKEN_LAST_USED_PERSIST_MS = 60 * 1000;

export const REQUEST_BODY_LIMIT_BYTES = 100 * 1024;

/** An imported spreadsheet (CSV or .xlsx): at most this many bytes and data rows (the header not counted). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** "Edit selected": at most this many records in one call. */
export const BULK_EDIT_MAX_IDS = 100;
/** A saved view's name, and how many views one person may keep. */
export const VIEW_NAME_MAX = 80;
export const VIEWS_PER_PERSON = 200;

export const NAME_MIN = 2;
export const NAME_MAX = 120;
export const LONG_TEXT_MAX = 2000;
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const EMAIL_MAX = 254;

export const PRICE_MIN = 1;
export const PRICE_MAX = 100_000_000;
export const COST_MIN = 0;
export const COST_MAX = 100_000_000;
export const CREDIT_LIMIT_MIN = 0;
export const CREDIT_LIMIT_MAX = 1_000_000_000;
export const STOCK_MIN = 0;
export const STOCK_MAX = 1_000_000;

export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,20}$/;
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,19}$/;

export const ORDER_NUMBER_PREFIX = "SO-";
export const ORDER_NUMBER_DIGITS = 6;

export const DEMO_PASSWORD = "switchboard-demo";
/** The demo accounts that can sign in (the demo data), as both login pages list them. */
export const DEMO_ACCOUNT_EMAILS = ["admin", "manager", "agent", "agent2", "auditor"].map((n) => `${n}@example.com`);
