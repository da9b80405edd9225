import { QueryClient } from "@tanstack/react-query";

/** Refine's react-query client, held here so the session can drop one user's cache before the next. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});
