/**
 * Salted, slow password hashes with Node's built-in scrypt: no native addon to build, and the
 * parameters travel with the hash so they can be raised later without breaking old ones.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { MessageKey } from "../domain/messages";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** `salt` is for the deterministic seed only; everything else lets it be random. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that matches no password: compared against when the email is unknown, so both take as long. */
export const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

// The 49k most common passwords of zxcvbn-ts's list, read once when first needed (a few MB).
let common: Set<string> | null = null;
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    common = new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  }
  return common;
}

/**
 * Why a new password is refused beyond its length (the definition's rule), or null: one of the
 * most common passwords, or one holding the name of the account's email (the part before the @,
 * three letters or more), either way round in case.
 */
export async function passwordProblem(password: string, email: unknown): Promise<MessageKey | null> {
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return "passwordCommon";
  const name = typeof email === "string" ? email.split("@")[0].toLowerCase() : "";
  if (name.length >= 3 && lower.includes(name)) return "passwordHasEmail";
  return null;
}
