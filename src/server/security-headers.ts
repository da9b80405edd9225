/**
 * The headers every answer carries (helmet): a Content-Security-Policy that runs no inline script
 * but the built index.html's own, by their hashes (antd's CSS-in-JS needs inline styles, so
 * styles are allowed inline; scripts never are); no framing (clickjacking); no referrer; and,
 * behind HTTPS (PUBLIC_URL https://…), Strict-Transport-Security.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** The SHA-256 sources of the inline scripts of an HTML page, as CSP wants them. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (m[1].trim()) out.push(`'sha256-${createHash("sha256").update(m[1], "utf8").digest("base64")}'`);
  }
  return out;
}

export interface SecurityOptions {
  /** The built index.html, whose inline scripts are allowed by hash; absent: none are. */
  indexHtml?: string;
  /** Served behind HTTPS: HSTS on. */
  https: boolean;
  /** Vite's development server injects its own inline scripts and a websocket: no CSP there. */
  dev?: boolean;
}

export function securityHeaders({ indexHtml, https, dev }: SecurityOptions): RequestHandler {
  const hashes = indexHtml && fs.existsSync(indexHtml) ? inlineScriptHashes(fs.readFileSync(indexHtml, "utf8")) : [];
  return helmet({
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...hashes],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:"],
            fontSrc: ["'self'", "data:"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    // Cross-origin isolation headers would refuse nothing here and break nothing; only the headers that protect this app are sent.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
  });
}
