/**
 * `node --import tsx src/server/main.ts` as a child process, as npm start runs it: for the tests
 * that need a real process to stop or kill.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { ROOT } from "../../src/server/paths";

// node itself with tsx's loader, not the tsx wrapper: a signal must reach the server process,
// and the wrapper does not pass SIGKILL on.
export const NODE_ARGS = ["--import", "tsx", "src/server/main.ts"];

const children = new Set<ChildProcess>();

/** Every child still running; a test file's afterAll kills them. */
export function killChildren() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
}

export function spawnServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, NODE_ARGS, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  return child;
}

export function launch(dbFile: string): Promise<{ child: ChildProcess; url: string; stdout: () => string }> {
  const child = spawnServer({ PORT: "0", HOST: "127.0.0.1", DB_FILE: dbFile });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; stdout: ${out} stderr: ${err}`)), 20_000);
    child.stdout!.on("data", () => {
      const m = /^Switchboard listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
      if (m && Number(m[2]) > 0) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stdout: () => out });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}; stdout: ${out} stderr: ${err}`));
    });
  });
}

export const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
