import { ERROR_CODES, type ErrorCode, type TooManyRequestsCode } from './codes.js';

interface ApiErrorExtras {
  /** The parameter that failed validation (400 `invalid_parameter`). */
  parameter?: string;
  /** Seconds a client should wait (429, 503). */
  retryAfter?: number;
  /** The address the service saw (403 `ip_not_allowed`). */
  address?: string;
}

/**
 * The one error type services and policy throw; each door renders it (problem+json, GraphQL).
 * Spec part 7: every 429 carries `Retry-After`, so a 429 code cannot be built without
 * `retryAfter` (the overloads), and every renderer writes it from `extras`.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    code: TooManyRequestsCode,
    detail: string,
    extras: ApiErrorExtras & { retryAfter: number },
  );
  constructor(
    code: Exclude<ErrorCode, TooManyRequestsCode>,
    detail: string,
    extras?: ApiErrorExtras,
  );
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: ApiErrorExtras = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = ERROR_CODES[code].status;
  }

  get title(): string {
    return ERROR_CODES[this.code].title;
  }
}
