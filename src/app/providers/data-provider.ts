import type { DataProvider } from "@refinedev/core";
import dataProviderSimpleRest from "@refinedev/simple-rest";
import { API_URL } from "../config";
import { httpClient } from "./http-client";
import { withPageReferences } from "./page-references";

/** simple-rest conventions: the default, and what the GraphQL provider leaves on REST (account, import, trash). */
const restDataProvider = dataProviderSimpleRest(API_URL, httpClient);

/**
 * Which provider the app talks through, as the server was started (`DATA_PROVIDER=graphql`): the
 * server writes it into the page as `<meta name="switchboard-data-provider">`. Anything else is REST.
 */
export const dataProviderKind = (): "rest" | "graphql" =>
  typeof document !== "undefined" && document.querySelector('meta[name="switchboard-data-provider"]')?.getAttribute("content") === "graphql"
    ? "graphql"
    : "rest";

/** The GraphQL provider's code (urql, graphql-js) is fetched only by an app started on GraphQL. */
function lazyGraphql(): DataProvider {
  let loaded: Promise<DataProvider> | null = null;
  const provider = () => (loaded ??= import("./graphql/data-provider").then((m) => m.graphqlDataProvider(restDataProvider)));
  const method =
    <K extends keyof DataProvider>(name: K) =>
    async (params: unknown) => {
      const p = await provider();
      return (p[name] as (params: unknown) => Promise<unknown>)(params);
    };
  return {
    getApiUrl: () => API_URL,
    getList: method("getList"),
    getMany: method("getMany"),
    getOne: method("getOne"),
    create: method("create"),
    update: method("update"),
    deleteOne: method("deleteOne"),
    updateMany: method("updateMany"),
    deleteMany: method("deleteMany"),
    custom: method("custom"),
  } as DataProvider;
}

/** Swapping the backend means replacing this one module; REST and GraphQL are both here. */
export const dataProvider: DataProvider = dataProviderKind() === "graphql" ? lazyGraphql() : withPageReferences(restDataProvider, API_URL);
