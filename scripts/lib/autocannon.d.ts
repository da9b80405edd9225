/** The part of autocannon 9 the benchmarks use (it ships no types, and @types/autocannon lags). */
declare module "autocannon" {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?(req: Request, context: Record<string, unknown>): Request | null | undefined;
      onResponse?(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>): void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      mean: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram & { total: number };
      non2xx: number;
      errors: number;
      timeouts: number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
