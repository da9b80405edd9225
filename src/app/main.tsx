import { LIGHT_SIGN_IN_PATHS } from "../domain/constants";
import { detectLanguage } from "./i18n/language";
import { LANGUAGE_PACKS } from "./i18n/language-packs";
import { startBootRequests } from "./lib/boot-requests";
import { warmIntl } from "./lib/warm-intl";

/**
 * The entry: it imports nothing but the early requests and the language's choice and loaders (which
 * import nothing), so a page pays only for what it loads. A hard load of /login gets the light sign-in page (React and the form,
 * no Refine, no antd: the 150 kB budget of issue 6); every other path gets the whole app. The app's own /login route still serves sign-ins reached by
 * navigating inside the app (signing out, a session that ended).
 */
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

const failed = () => {
  root.textContent = "Switchboard could not be loaded. Check your connection and reload the page.";
};
// Two functions, not one expression: merged into one, the build preloads both pages' chunks.
async function loadLogin(at: HTMLElement) {
  const { mountLogin } = await import("./login/light-login");
  mountLogin(at);
}
async function loadApp(at: HTMLElement) {
  // The layout's and this path's page's code, fetched beside the app's rather than after it has
  // been run (full-app asks for them again, with a record page's override, and waits for them).
  // Their loaders are imported, not bundled here: the entry and the sign-in page stay as small.
  // A failure here is full-app's to report (its own import fails alike): nothing is said twice.
  void import("./lib/route-modules").then(({ preloadPath }) => preloadPath(window.location.pathname)).catch(() => undefined);
  // So is the chosen language's file, if it is not English (i18n/index.ts waits for it).
  const language = detectLanguage();
  if (language !== "en") LANGUAGE_PACKS[language]().catch(() => undefined);
  // Intl's first formatter is slow to build: built now, while the main thread waits for the code.
  warmIntl();
  const { mountApp } = await import("./full-app");
  await mountApp(at);
}

const signIn = LIGHT_SIGN_IN_PATHS.includes(window.location.pathname);
// The session check and this address's data go out now, beside the app's code (lib/boot-requests.ts).
if (!signIn) startBootRequests();
(signIn ? loadLogin : loadApp)(root).catch(failed);
