/**
 * Project "api-pg": one throwaway PostgreSQL cluster for the whole run (scripts/lib/pg-cluster.ts),
 * removed afterwards; each test server makes a database of its own on it (helpers.ts).
 */
import type { TestProject } from "vitest/node";
import { startCluster } from "../../scripts/lib/pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The cluster's data directory owner commands (stop/start) go through the setup's own process. */
    pgClusterDir: string;
  }
}

export default async function setup(project: TestProject) {
  // fsync off: a crash of the test machine loses nothing anyone needs, and the suite runs faster.
  const cluster = await startCluster({ fsync: false });
  project.provide("pgAdminUrl", cluster.url());
  project.provide("pgClusterDir", cluster.dir);
  return async () => {
    await cluster.remove();
  };
}
