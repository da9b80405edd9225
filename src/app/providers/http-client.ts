import type { HttpError } from "@refinedev/core";
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { isErrorCode, type ErrorBody, type ErrorCode, type FieldErrors } from "../../domain/errors";
import { GRAPHQL_URL } from "../config";
import { noteOwnEvents, ownWriteStarted } from "./own-events";
import { dropBootAnswers, rememberBootRead, takeBootAnswer, type BootAnswer } from "../lib/boot-requests";

/** Refine's HttpError, carrying the rest of our error body (`code`, field `errors`). */
export interface AppHttpError extends HttpError {
  code?: ErrorCode;
  errors?: FieldErrors;
  /** Seconds to wait, from Retry-After (or the body's retryAfter) on RATE_LIMITED. */
  retryAfter?: number;
  requestId?: string;
  /** The whole error body: `current` for VERSION_CONFLICT, counts for REFERENCED … */
  body?: Partial<ErrorBody>;
}

/**
 * The one HTTP client of the app: every provider goes through it. Only the entry's early reads,
 * sent before this code has loaded (lib/boot-requests.ts), use fetch, and hand their answers here.
 *
 * `withXSRFToken: false`: axios (1.21) otherwise reads an XSRF-TOKEN cookie before every
 * same-origin request, through the browser's async Cookie Store where there is one, so each
 * request waited a round trip to the browser and any render queued meanwhile (a save's PATCH
 * left 36–45 ms after Refine asked for it). The API sets no such cookie: its session
 * cookie is SameSite=Strict and httpOnly, which is what keeps other sites' pages from acting as
 * the user.
 */
export const httpClient = axios.create({ withCredentials: true, withXSRFToken: false, headers: { Accept: "application/json" } });

/** A page load's early answer (lib/boot-requests.ts) as the network adapter would have given it. */
export function settleBootAnswer(answer: BootAnswer, config: InternalAxiosRequestConfig): AxiosResponse<string> {
  const response: AxiosResponse<string> = {
    data: answer.body,
    status: answer.status,
    statusText: answer.statusText,
    headers: new AxiosHeaders(answer.headers),
    config,
  };
  if (config.validateStatus && !config.validateStatus(answer.status))
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  return response;
}

const network = axios.getAdapter(httpClient.defaults.adapter);

/**
 * Whether a request that is not a GET writes, and so holds the live stream's events back until it
 * is answered. GraphQL's queries are POSTs too: only a mutation writes. The app's documents begin
 * with their operation (graphql/documents.ts); parsing them here would bring GraphQL's parser to
 * every page.
 */
export function isWrite(config: Pick<InternalAxiosRequestConfig, "url" | "baseURL" | "method" | "data">): boolean {
  if (axios.getUri(config) !== GRAPHQL_URL) return true;
  try {
    return /^\s*mutation\b/.test(String((JSON.parse(String(config.data)) as { query?: unknown }).query));
  } catch {
    return false;
  }
}

/** Reads take the page load's early answer when there is one; everything else goes out as usual. */
const adapter: AxiosAdapter = async (config) => {
  if ((config.method ?? "get").toLowerCase() !== "get") {
    // Dropped again once the write is done: a read sent ahead while it was under way may predate it.
    dropBootAnswers();
    const answered = isWrite(config) ? ownWriteStarted() : () => undefined;
    try {
      const response = await network(config);
      noteOwnEvents(response.headers?.["x-event-ids"]);
      return response;
    } finally {
      dropBootAnswers();
      answered();
    }
  } else {
    const url = axios.getUri(config);
    rememberBootRead(url);
    const early = takeBootAnswer(url);
    const answer = early && (await early);
    if (answer) return settleBootAnswer(answer, config);
  }
  return network(config);
};
httpClient.defaults.adapter = adapter;

function parseRetryAfter(header: unknown, body: Partial<ErrorBody> | undefined): number | undefined {
  const fromHeader = typeof header === "string" ? Number.parseInt(header, 10) : NaN;
  if (Number.isFinite(fromHeader)) return fromHeader;
  const fromBody = body?.retryAfter;
  return typeof fromBody === "number" && Number.isFinite(fromBody) ? fromBody : undefined;
}

export function toHttpError(error: AxiosError): AppHttpError {
  const response = error.response;
  const raw = response?.data;
  const body = raw && typeof raw === "object" ? (raw as Partial<ErrorBody>) : undefined;
  const code = isErrorCode(body?.code) ? body.code : undefined;
  return {
    message: body?.message ?? (response ? `The server answered ${response.status}` : "Can't reach the server — check your connection"),
    statusCode: response?.status ?? 0,
    code,
    errors: body?.errors,
    retryAfter: parseRetryAfter(response?.headers?.["retry-after"], body),
    requestId: typeof response?.headers?.["x-request-id"] === "string" ? response.headers["x-request-id"] : undefined,
    body,
  };
}

type ErrorLocalizer = (error: AppHttpError) => AppHttpError;
let localizeError: ErrorLocalizer = (error) => error;

/**
 * The full app says errors in the operator's language (i18n/index.ts sets this); the light
 * sign-in page does not load i18next and says its few answers itself. The English body stays
 * on `body` either way.
 */
export function setErrorLocalizer(localizer: ErrorLocalizer) {
  localizeError = localizer;
}

/** An error another protocol's client built (GraphQL's), said in the operator's language as an HTTP one is. */
export const localizeHttpError = (error: AppHttpError): AppHttpError => localizeError(error);

/**
 * Whether the last request got no answer at all (offline, the server down): the app says so once,
 * with a Retry (components/layout/connection-alert.tsx), until a request is answered again.
 */
let unreachable = false;
const connectionListeners = new Set<() => void>();
function setUnreachable(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of connectionListeners) listener();
}
export const connection = {
  subscribe(listener: () => void) {
    connectionListeners.add(listener);
    return () => void connectionListeners.delete(listener);
  },
  isUnreachable: () => unreachable,
};

httpClient.interceptors.response.use(
  (response) => {
    setUnreachable(false);
    return response;
  },
  (error: AxiosError) => {
    if (error.response) setUnreachable(false);
    else if (!axios.isCancel(error)) setUnreachable(true);
    return Promise.reject(localizeError(toHttpError(error)));
  },
);

export const isHttpError = (e: unknown): e is AppHttpError =>
  typeof e === "object" && e !== null && "statusCode" in e && typeof (e as { statusCode: unknown }).statusCode === "number";
