import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TOTP_PERIOD_S } from "../domain/constants";
import { deviceName } from "./account-routes";
import { APP_ROOT } from "./paths";
import { inlineScriptHashes } from "./security-headers";
import {
  codeFor,
  currentStep,
  matchRecoveryCode,
  hashRecoveryCode,
  newRecoveryCodes,
  newSecret,
  openSecret,
  sealSecret,
  SecretKeyError,
  verifyTotp,
} from "./two-factor";

const STEP = TOTP_PERIOD_S * 1000;

describe("TOTP codes", () => {
  const secret = newSecret();
  const now = Date.UTC(2026, 10, 24, 12, 0, 10);

  it("accepts this step's code and one step of drift either way, not two", () => {
    for (const drift of [-1, 0, 1]) expect(verifyTotp(secret, codeFor(secret, now + drift * STEP), now, null)).toBe(currentStep(now) + drift);
    for (const drift of [-2, 2]) expect(verifyTotp(secret, codeFor(secret, now + drift * STEP), now, null)).toBeNull();
  });

  it("refuses a code for a step already used, or an earlier one", () => {
    const step = currentStep(now);
    expect(verifyTotp(secret, codeFor(secret, now), now, step)).toBeNull();
    expect(verifyTotp(secret, codeFor(secret, now - STEP), now, step)).toBeNull();
    expect(verifyTotp(secret, codeFor(secret, now + STEP), now, step)).toBe(step + 1);
  });

  it("refuses what is not six digits", () => {
    for (const code of ["", "12345", "1234567", "12345a", " 123456"]) expect(verifyTotp(secret, code, now, null)).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are 10 different codes a person can type; each matches once, however it is typed", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = codes.map((c) => ({ hash: hashRecoveryCode(c), usedAt: null as string | null }));
    expect(matchRecoveryCode(` ${codes[2].toUpperCase().replace(/-/g, " ")} `, stored)).toBe(2);
    stored[2].usedAt = "2026-11-24T00:00:00.000Z";
    expect(matchRecoveryCode(codes[2], stored)).toBe(-1);
    expect(matchRecoveryCode("aaaa-bbbb-cccc", stored)).toBe(-1);
  });
});

describe("the secret at rest", () => {
  it("is sealed with the key, opened only with the same key", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP", "the right key, long enough");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed, "the right key, long enough")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => openSecret(sealed, "another key, also long enough")).toThrow(SecretKeyError);
    expect(() => openSecret(sealed, undefined)).toThrow(SecretKeyError);
  });

  it("is kept plain, and says so, without a key", () => {
    expect(sealSecret("JBSWY3DPEHPK3PXP", undefined)).toBe("plain:JBSWY3DPEHPK3PXP");
    expect(openSecret("plain:JBSWY3DPEHPK3PXP", "any key at all here")).toBe("JBSWY3DPEHPK3PXP");
  });
});

describe("the CSP's script hashes", () => {
  it("cover each inline script of index.html, and no script with a src", () => {
    const html = fs.readFileSync(path.join(APP_ROOT, "index.html"), "utf8");
    const inline = [...html.matchAll(/<script>/g)].length;
    const hashes = inlineScriptHashes(html);
    expect(inline).toBeGreaterThan(0);
    expect(hashes).toHaveLength(inline);
    for (const h of hashes) expect(h).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});

describe("a session's device in words", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131 on Windows 10"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128 on Linux"],
    ["curl/8.5.0", null],
    [undefined, null],
  ])("%s → %s", (ua, words) => expect(deviceName(ua)).toBe(words));
});
