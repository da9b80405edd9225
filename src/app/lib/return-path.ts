/** Only same-app paths: `?to=https://elsewhere` or `?to=//evil` must not send a fresh session away. */
export function safeReturnPath(to: unknown): string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") && !to.startsWith("/login") ? to : "/";
}

/** Where to come back to after signing in again: the page that was being looked at. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  return here === "/" || location.pathname === "/login" ? "/login" : `/login?to=${encodeURIComponent(here)}`;
}
