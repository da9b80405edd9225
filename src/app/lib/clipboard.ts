/**
 * Copying and saving text the server shows once (recovery codes, a new API token). The async
 * clipboard needs a secure context (https, or localhost); elsewhere the older copy command of a
 * selected, off-screen text area does it. Neither is an inline script or eval, so both run under
 * the server's Content-Security-Policy.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, the page not focused): the copy command below may still do it.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.left = "-9999px";
  document.body.appendChild(area);
  const focused = document.activeElement as HTMLElement | null;
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  focused?.focus();
  if (!ok) throw new Error("copy refused");
}

/** A text file the browser saves, made in the page (nothing is sent anywhere). */
export function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
