/** The environment, read and validated in one place (bulletproof-react style). */
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DB_FILE: z.string().min(1).default("data/db.json"),
  /** PostgreSQL instead of the JSON data file (docs/decisions/050). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must start with postgres:// or postgresql://" })
    .optional(),
  /** Where users reach the app; https://… turns on Secure cookies, HSTS and trusting one proxy hop. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** Seals two-factor secrets at rest (AES-256-GCM); without it they are stored as they are. */
  SECRET_KEY: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /** The data provider the app talks through: simple-rest (default) or GraphQL (/api/graphql). Both APIs answer either way. */
  DATA_PROVIDER: z.enum(["rest", "graphql"], { error: "must be rest or graphql" }).default("rest"),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse({
    PORT: env.PORT || undefined,
    HOST: env.HOST || undefined,
    DB_FILE: env.DB_FILE || undefined,
    DATABASE_URL: env.DATABASE_URL || undefined,
    PUBLIC_URL: env.PUBLIC_URL || undefined,
    SECRET_KEY: env.SECRET_KEY || undefined,
    DATA_PROVIDER: env.DATA_PROVIDER || undefined,
  });
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${detail}`);
  }
  return { ...parsed.data, DB_FILE: path.resolve(parsed.data.DB_FILE) };
}
