/**
 * Refine's data provider over GraphQL (`DATA_PROVIDER=graphql`): `@refinedev/graphql` with its
 * urql client, given documents written from the definitions (documents.ts) and names from
 * src/domain/graphql-names.ts. The client's requests go through the app's one HTTP client (axios,
 * providers/http-client.ts), so the connection banner and request ids work as on REST; its errors
 * come out as the same HttpError (catalogue code, field errors, body) the REST provider throws.
 * Order transitions, the dashboard and "edit selected" are GraphQL calls too; the account,
 * import, trash and live calls stay on their REST routes, as sign-in and the live stream do.
 */
import type { BaseRecord, CustomParams, DataProvider, GetListParams } from "@refinedev/core";
import createGraphqlProvider from "@refinedev/graphql";
import { Client, CombinedError, fetchExchange, mapExchange, type OperationResult } from "@urql/core";
import { GraphQLError } from "graphql";
import { ERROR_STATUS, isErrorCode, type ErrorBody } from "../../../domain/errors";
import { allFields, getEntity, isResourceName, type ResourceName } from "../../../domain/entities";
import { isNumeric, type FieldDef } from "../../../domain/fields";
import { graphqlNames } from "../../../domain/graphql-names";
import { canDo } from "../../../domain/policy";
import { API_URL, GRAPHQL_URL } from "../../config";
import { httpClient, isHttpError, localizeHttpError, type AppHttpError } from "../http-client";
import { currentAbility } from "../session";
import { DASHBOARD, documentFor, transitionDocument, type DocumentKind } from "./documents";

/** urql's fetch, over the app's one HTTP client: every status is an answer GraphQL reads itself. */
const viaHttpClient: typeof fetch = async (input, init) => {
  const response = await httpClient.request<string>({
    url: String(input),
    method: init?.method ?? "POST",
    data: init?.body,
    headers: { "Content-Type": "application/json", Accept: "application/graphql-response+json, application/json" },
    responseType: "text",
    transformResponse: (x: string) => x,
    validateStatus: () => true,
    signal: init?.signal ?? undefined,
  });
  return new Response(response.data, { status: response.status, headers: { "Content-Type": String(response.headers["content-type"] ?? "application/json") } });
};

/**
 * `@refinedev/graphql` turns an error into a message string; the app needs its code, status and
 * field errors. Each failed result leaves its error here under a token, and the message carries
 * the token out to `rethrow` below, which throws the error itself.
 */
const pending = new Map<string, AppHttpError>();
let tokens = 0;

export function toHttpError(error: CombinedError): AppHttpError {
  if (error.networkError && isHttpError(error.networkError)) return error.networkError;
  const first = error.graphQLErrors[0];
  const ext = (first?.extensions ?? {}) as Record<string, unknown>;
  const code = isErrorCode(ext.code) ? ext.code : undefined;
  const { code: _c, status, errors, http: _h, ...detail } = ext;
  const message = first?.message ?? error.networkError?.message ?? "Can't reach the server — check your connection";
  const body: Partial<ErrorBody> = { ...detail, ...(code ? { code } : {}), message, ...(errors ? { errors: errors as ErrorBody["errors"] } : {}) };
  return {
    message,
    statusCode: typeof status === "number" ? status : code ? ERROR_STATUS[code] : first ? 400 : 0,
    code,
    errors: errors as AppHttpError["errors"],
    body,
  };
}

const carryErrors = mapExchange({
  onResult(result: OperationResult) {
    if (!result.error) return result;
    const token = `#sb-error-${++tokens}`;
    pending.set(token, localizeHttpError(toHttpError(result.error)));
    return { ...result, error: new CombinedError({ graphQLErrors: [new GraphQLError(token)] }) };
  },
});

function rethrow(err: unknown): never {
  const token = err instanceof Error ? /#sb-error-\d+/.exec(err.message)?.[0] : undefined;
  const carried = token ? pending.get(token) : undefined;
  if (token) pending.delete(token);
  throw carried ?? err;
}

export const graphqlClient = new Client({
  url: GRAPHQL_URL,
  exchanges: [carryErrors, fetchExchange],
  fetch: viaHttpClient,
  // Refine's react-query cache is the one cache; urql asks the server every time.
  requestPolicy: "network-only",
  preferGetMethod: false,
});

const names = (resource: string) => graphqlNames(getEntity(resource));

/** GraphQL answers null for a field a record does not have; REST leaves it out, and the app reads it so. */
const record = (value: unknown) =>
  value && typeof value === "object" ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) : (value as Record<string, unknown>);
const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);

const base = createGraphqlProvider(graphqlClient, {
  getList: {
    dataMapper: (response, params) => records(response.data?.[names(params.resource).list]?.nodes),
    getTotalCount: (response, params) => response.data?.[names(params.resource).list]?.totalCount ?? 0,
    buildVariables: listVariables,
  },
  getMany: { dataMapper: (response, params) => records(response.data?.[names(params.resource).list]?.nodes) },
  getOne: { dataMapper: (response, params) => record(response.data?.[names(params.resource).one]) },
  create: {
    dataMapper: (response, params) => record(response.data?.[names(params.resource).createOne]),
    buildVariables: (params) => ({ input: { [names(params.resource).createInputKey]: params.variables } }),
  },
  update: { dataMapper: (response, params) => record(response.data?.[names(params.resource).updateOne]) },
  deleteOne: { dataMapper: (response, params) => record(response.data?.[names(params.resource).deleteOne]) },
});

/**
 * Refine's filters as the list's `filter` argument. Two comparisons of one field (a date range's
 * from and to) are kept together; `@refinedev/graphql`'s own builder keeps only the last.
 */
export function listVariables(params: GetListParams) {
  const fields = allFields(getEntity(params.resource));
  const filter: Record<string, Record<string, unknown>> = {};
  const op: Record<string, string> = { eq: "eq", ne: "neq", gte: "gte", lte: "lte", in: "in" };
  for (const f of params.filters ?? []) {
    if (!("field" in f) || f.value === undefined || f.value === null || f.value === "" || (Array.isArray(f.value) && !f.value.length)) continue;
    const comparison = (filter[f.field] ??= {});
    if (f.field === "q") comparison.eq = f.value;
    else if (f.operator === "contains") comparison.iLike = `%${String(f.value)}%`;
    else if (op[f.operator]) comparison[op[f.operator]] = typed(fields[f.field], f.value);
    else throw new Error(`The ${f.operator} filter has no GraphQL form here`);
  }
  const { pagination } = params;
  const paging =
    pagination?.mode === "off" ? undefined : { limit: pagination?.pageSize ?? 10, offset: ((pagination?.currentPage ?? 1) - 1) * (pagination?.pageSize ?? 10) };
  return {
    filter,
    sorting: (params.sorters ?? []).map((s) => ({ field: s.field, direction: s.order.toUpperCase() })),
    ...(paging ? { paging } : {}),
  };
}

/**
 * A filter's value as its field's GraphQL type: a REST query string carries "12" and "true" as
 * text, and the app hands such values over (a record page's id from its address); GraphQL's Int
 * and Boolean refuse text.
 */
function typed(field: FieldDef | undefined, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => typed(field, v));
  if (!field || typeof value !== "string") return value;
  if ((isNumeric(field) || field.type === "reference") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (field.type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** A list the role may not read is not in its schema: the answer REST gives, without asking. */
function requireReadable(resource: string) {
  if (isResourceName(resource) && canDo(currentAbility(), "read", resource)) return resource;
  const error: AppHttpError = { message: "Your role may not read these records", statusCode: 403, code: "FORBIDDEN" };
  throw localizeHttpError(error);
}

const withDocument = <P extends { resource: string; meta?: Record<string, unknown> }>(params: P, kind: DocumentKind, key: "gqlQuery" | "gqlMutation"): P => ({
  ...params,
  meta: { ...params.meta, [key]: documentFor(currentAbility(), requireReadable(params.resource) as ResourceName, kind) },
});

/** What stays on REST when the data provider is GraphQL (account, import, trash, a record's history). */
type RestCustom = NonNullable<DataProvider["custom"]>;

/** The custom calls GraphQL answers: an order's transition, the dashboard, edit selected. */
async function custom(params: CustomParams, rest: RestCustom) {
  const path = params.url.startsWith(API_URL) ? params.url.slice(API_URL.length) : null;
  const transition = path ? /^\/orders\/(\d+)\/transitions$/.exec(path) : null;
  if (transition && params.method === "post") {
    const { data } = await base.custom({
      url: "",
      method: "post",
      meta: { gqlMutation: transitionDocument(currentAbility()), gqlVariables: { input: { id: transition[1], ...(params.payload as object) } } },
    });
    return { data: record((data as { transitionOrder: BaseRecord }).transitionOrder) };
  }
  if (path === "/stats/dashboard" && params.method === "get") {
    const { data } = await base.custom({ url: "", method: "get", meta: { gqlQuery: DASHBOARD } });
    return { data: (data as { dashboard: BaseRecord }).dashboard };
  }
  const bulk = path ? /^\/([a-z-]+)$/.exec(path) : null;
  if (bulk && isResourceName(bulk[1]) && params.method === "patch") {
    const { ids, changes } = params.payload as { ids: number[]; changes: Record<string, unknown> };
    const n = names(bulk[1]);
    const { data } = await base.custom({
      url: "",
      method: "post",
      meta: { gqlMutation: documentFor(currentAbility(), bulk[1], "updateMany"), gqlVariables: { input: { filter: { id: { in: ids } }, update: changes } } },
    });
    const results = (data as Record<string, { results: Record<string, unknown>[] }>)[n.updateMany].results;
    return { data: { results: results.map(record) } };
  }
  return rest(params);
}

export function graphqlDataProvider(rest: DataProvider): DataProvider {
  const restCustom = rest.custom!.bind(rest);
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await call(...args);
      } catch (err) {
        rethrow(err);
      }
    };
  return {
    getApiUrl: () => API_URL,
    getList: guard((params) => base.getList(withDocument(params, "list", "gqlQuery"))),
    getMany: guard((params) => base.getMany(withDocument(params, "list", "gqlQuery"))),
    getOne: guard((params) => base.getOne(withDocument(params, "one", "gqlQuery"))),
    create: guard((params) => base.create(withDocument(params, "create", "gqlMutation"))),
    update: guard((params) => base.update(withDocument(params, "update", "gqlMutation"))),
    deleteOne: guard((params) => base.deleteOne(withDocument(params, "delete", "gqlMutation"))),
    updateMany: guard((params) => base.updateMany(withDocument(params, "updateMany", "gqlMutation"))),
    deleteMany: guard((params) => base.deleteMany(withDocument(params, "deleteMany", "gqlMutation"))),
    custom: guard((params) => custom(params, restCustom)),
  } as DataProvider;
}
