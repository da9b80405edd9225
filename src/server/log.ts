/** Server-side log lines. Stacks go here, with the request id, and never into a response. */
export function logError(requestId: string, err: unknown) {
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  console.error(`[${new Date().toISOString()}] request ${requestId} failed: ${detail}`);
}
