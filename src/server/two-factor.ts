/**
 * Two-factor sign-in by TOTP (RFC 6238, with `otpauth`): 6 digits, 30-second steps, one step of
 * clock drift either way. A code is accepted once: the step it was for is kept, and a code of that
 * step or an earlier one is refused, so a code seen over someone's shoulder cannot be replayed.
 * Recovery codes are random (about 59 bits each), shown once and kept as SHA-256 hashes: their entropy,
 * not a slow hash, is what protects them.
 *
 * The TOTP secret must be readable by the server, so it cannot be hashed. With SECRET_KEY set it
 * is stored sealed with AES-256-GCM under a key derived from it, so a copy of the data file or the
 * database alone does not give it away; without SECRET_KEY it is stored as it is (README).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_WINDOW, RECOVERY_CODES } from "../domain/constants";

export const ISSUER = "Switchboard";

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

const totp = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: OTPAuth.Secret.fromBase32(secret) });

export const otpauthUrl = (secret: string, label: string) => totp(secret, label).toString();

/** The otpauth URL as a QR code, an SVG data URL the profile page shows as an image. */
export async function qrCode(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export const currentStep = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_S);

/** The code for a step: for tests and for the e2e suite's authenticator. */
export const codeFor = (secret: string, at: number) => totp(secret, "x").generate({ timestamp: at });

export const isTotpShaped = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/**
 * The step a TOTP code is valid for (now, or one step either side), or null. `after`: the last
 * step already used; a code for it or before is refused (no replay within the window).
 */
export function verifyTotp(secret: string, code: string, now: number, after: number | null): number | null {
  if (!isTotpShaped(code)) return null;
  const delta = totp(secret, "x").validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = currentStep(now) + delta;
  return after !== null && step <= after ? null : step;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** 10 codes like `k7pq-x2mf-c9ad`: typed by a person, so no 0/o or 1/l. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("")).join("-"),
  );
}

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");
export const hashRecoveryCode = (code: string) => createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");

export const isRecoveryShaped = (code: string) => /^[a-z0-9]{12}$/.test(normaliseRecoveryCode(code));

/** The index of the unused recovery code that matches, or -1. */
export function matchRecoveryCode(code: string, stored: { hash: string; usedAt?: string | null }[]): number {
  const want = Buffer.from(hashRecoveryCode(code), "hex");
  let found = -1;
  stored.forEach((c, i) => {
    const have = Buffer.from(c.hash, "hex");
    if (!c.usedAt && have.length === want.length && timingSafeEqual(have, want)) found = i;
  });
  return found;
}

// ---- the secret at rest ---------------------------------------------------------------------

const SEALED = "aes256gcm";

const keyFrom = (secretKey: string) => createHash("sha256").update(`switchboard two-factor\0${secretKey}`).digest();

/** The TOTP secret as stored: sealed when a key is configured, else plain (`plain:`). */
export function sealSecret(secret: string, secretKey: string | undefined): string {
  if (!secretKey) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secretKey), iv);
  const ct = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [SEALED, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ct.toString("base64")].join(":");
}

export class SecretKeyError extends Error {}

export function openSecret(stored: string, secretKey: string | undefined): string {
  if (stored.startsWith("plain:")) return stored.slice(6);
  const [scheme, iv, tag, ct] = stored.split(":");
  if (scheme !== SEALED || !iv || !tag || !ct) throw new SecretKeyError("a two-factor secret is stored in a form this server does not know");
  if (!secretKey) throw new SecretKeyError("a two-factor secret is sealed, but SECRET_KEY is not set");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secretKey), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(ct, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretKeyError("a two-factor secret cannot be opened with this SECRET_KEY");
  }
}
