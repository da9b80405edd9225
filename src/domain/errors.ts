/** The error catalogue: every error the API answers is one of these. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  BAD_QUERY: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TWO_FACTOR_REQUIRED: 401,
  INVALID_CODE: 401,
  ACCOUNT_DISABLED: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  FORBIDDEN: 403,
  FORBIDDEN_FIELD: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  VERSION_CONFLICT: 409,
  DUPLICATE: 409,
  REFERENCED: 409,
  LAST_ADMIN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_TRANSITION: 422,
  INSUFFICIENT_STOCK: 422,
  REFUND_WINDOW_CLOSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: FieldErrors;
  /** Extra, code-specific detail: `current` for VERSION_CONFLICT, `counts` for REFERENCED … */
  [extra: string]: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldErrors;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, errors?: FieldErrors, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
    this.extra = extra;
  }

  toBody(): ErrorBody {
    return { ...this.extra, code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
