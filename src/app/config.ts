/** Where the API lives. Same origin in production and in development (Vite is mounted by the server). */
export const API_URL = "/api";
export const APP_TITLE = "Switchboard";
