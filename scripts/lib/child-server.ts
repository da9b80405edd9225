/**
 * Servers in child processes, for the crash test, the load test and the benchmarks: each listens
 * on 127.0.0.1 on a free port, is known by its PID, and is stopped by that PID when the script
 * ends, on success or failure alike.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD, SESSION_COOKIE } from "../../src/domain/constants";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ChildServer {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const killRunning = () => {
  for (const c of running) if (c.pid && c.exitCode === null && c.signalCode === null) process.kill(c.pid, "SIGKILL");
  // A stopped benchmark must not leave its data sets behind (100k orders are ~400 MB each).
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
};

/** A temporary folder of the script's own, removed when the process ends, even on Ctrl-C. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}
process.on("exit", killRunning);
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    killRunning();
    process.exit(130);
  });

/**
 * Start a child that prints `… listening on http://127.0.0.1:PORT` once it listens.
 * @param args node arguments; the default is our server as npm start runs it, through node
 *   itself with tsx's loader (the tsx wrapper does not pass SIGKILL on to the server).
 */
export function spawnServer(opts: { dbFile: string; args?: string[]; env?: Record<string, string>; timeoutMs?: number }): Promise<ChildServer> {
  const args = opts.args ?? ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DB_FILE: opts.dbFile, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no listening line within ${opts.timeoutMs ?? 60_000} ms; stdout: ${out} stderr: ${err}`));
    }, opts.timeoutMs ?? 60_000);
    child.stdout!.on("data", () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))\s*$/m.exec(out);
      if (m && Number(m[2]) > 0) {
        clearTimeout(timer);
        resolve({
          child,
          pid: child.pid!,
          url: m[1],
          exited,
          stop(signal = "SIGTERM") {
            if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening; stdout: ${out} stderr: ${err}`));
    });
  });
}

/**
 * Our server as production runs it, on a data file, for the browser benchmarks: the app's build
 * served by the server itself (built first when it is out of date, hence the long timeout).
 */
export function startBenchServer(dbFile: string): Promise<ChildServer> {
  console.log("starting the server (builds the app first when it is out of date)…");
  return spawnServer({
    dbFile,
    args: ["--import", "tsx", "src/server/main.ts", "--build-if-needed"],
    env: { NODE_ENV: "production" },
    timeoutMs: 300_000,
  });
}

/** Sign in as a demo account; the Cookie header value to send from then on. */
export async function signIn(url: string, email = "manager@example.com"): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie.split(";")[0];
}

/** Median of numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A figure as the benches print it: the median, then the least and the most in brackets ("812 ms (640 – 1020)"). */
export function medianAndRange(values: number[]): string {
  return `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)} – ${Math.max(...values).toFixed(0)})`;
}

/** The machine's load averages over 1, 5 and 15 minutes, as figures are printed beside them. */
export function machineLoad(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
}

/** A one-line description of the machine, for the figures a script prints. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
}
