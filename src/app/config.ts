/** Where the API lives. Same origin in production and in development (Vite is mounted by the server). */
export const API_URL = "/api";
/** The GraphQL endpoint, for an app started on that provider (`DATA_PROVIDER=graphql`). */
export const GRAPHQL_URL = `${API_URL}/graphql`;
export const APP_TITLE = "Switchboard";
