import { StrictMode, useEffect, useRef, useState, type FormEvent } from "react";
import { createRoot } from "react-dom/client";
import { DEMO_ACCOUNT_EMAILS, DEMO_PASSWORD } from "../../domain/constants";
import { API_URL, APP_TITLE } from "../config";
import { forgetBootReads } from "../lib/boot-requests";
import { safeReturnPath } from "../lib/return-path";
import { detectLanguage, intlLocale, LANGUAGES, storeLanguage, type Language } from "../i18n/language";
import { LOGIN_EN, LOGIN_ES } from "../i18n/login-catalogue";
import { makeTranslate } from "../i18n/lookup";
import { loginErrorMessage } from "../providers/auth-messages";
import { httpClient, isHttpError } from "../providers/http-client";
import "./light-login.css";

/** The app's language choice (stored, else the browser's), over the login part of its catalogue. */
const translator = (language: Language) => makeTranslate(language === "es" ? LOGIN_ES : LOGIN_EN, LOGIN_EN, intlLocale(language));

/**
 * After signing in, a full page load of the page that was asked for: that load brings the app.
 * `replace`, so Back does not return to the form. The reads an earlier session's pages made (a
 * session that ended without a sign-out) are not sent early on this one's.
 */
const leave = () => {
  forgetBootReads();
  window.location.replace(safeReturnPath(new URLSearchParams(window.location.search).get("to")));
};

/**
 * The sign-in page as a hard load of /login shows it: plain React and a little CSS, through the
 * app's own HTTP client and messages (the same answers as the in-app page, pages/login-page.tsx).
 */
function LightLogin() {
  const [language, setLanguage] = useState<Language>(detectLanguage);
  const t = translator(language);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${t("pages.login.documentTitle")} | ${APP_TITLE}`;
  }, [language, t]);
  const [checking, setChecking] = useState(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: string; password?: string; code?: string }>({});
  // The second step of a two-factor sign-in: the password was right, a code is owed.
  // What was typed stays in memory only, to be sent again with the code.
  const [second, setSecond] = useState<{ email: string; password: string } | null>(null);
  const [recovery, setRecovery] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Signed in already: on to the page that was asked for.
    httpClient.get(`${API_URL}/auth/me`).then(leave, () => setChecking(false));
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const wanting = {
      ...(email ? {} : { email: t("pages.login.errors.requiredEmail") }),
      ...(password ? {} : { password: t("pages.login.errors.requiredPassword") }),
    };
    setMissing(wanting);
    setError(null);
    if (wanting.email || wanting.password) return;
    setPending(true);
    try {
      await httpClient.post(`${API_URL}/auth/login`, { email, password });
      leave();
    } catch (err) {
      setPending(false);
      if (isHttpError(err) && err.code === "TWO_FACTOR_REQUIRED") {
        setSecond({ email, password });
        setRecovery(false);
        return;
      }
      setError(isHttpError(err) ? loginErrorMessage(err, t) : t("auth.failed"));
    }
  }

  async function submitCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!second) return;
    const typed = String(new FormData(e.currentTarget).get("code") ?? "").trim();
    // An authenticator shows "123 456"; a recovery code is sent as typed (the server reads either way).
    const code = recovery ? typed : typed.replace(/\s+/g, "");
    setError(null);
    setMissing(code ? {} : { code: t("pages.login.twoFactor.requiredCode") });
    if (!code) {
      codeInput.current?.focus();
      return;
    }
    setPending(true);
    try {
      await httpClient.post(`${API_URL}/auth/login`, { ...second, code });
      leave();
    } catch (err) {
      setPending(false);
      setError(isHttpError(err) ? loginErrorMessage(err, t, recovery) : t("auth.failed"));
      // A wrong code is cleared for the next one; the form stays on this step.
      if (codeInput.current) codeInput.current.value = "";
      codeInput.current?.focus();
    }
  }

  const switchKind = () => {
    setRecovery((r) => !r);
    setMissing({});
    setError(null);
  };
  const startOver = () => {
    setSecond(null);
    setMissing({});
    setError(null);
  };

  if (checking) return <div className="sb-login-page" />;
  return (
    <main className="sb-login-page">
      <section className="sb-login-card">
        <div className="sb-login-head">
          <h2>{APP_TITLE}</h2>
          <select
            aria-label={t("language.label")}
            value={language}
            onChange={(e) => {
              const chosen = e.currentTarget.value as Language;
              storeLanguage(chosen);
              setLanguage(chosen);
              setMissing({});
              setError(null);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <p className="sb-login-muted">{second ? t("pages.login.twoFactor.title") : t("pages.login.title")}</p>
        {error && (
          <div className="sb-login-alert" role="alert">
            {error}
          </div>
        )}
        {second ? (
          <>
            <form onSubmit={submitCode} noValidate aria-label={t("pages.login.twoFactor.title")}>
              <p id="sb-code-help" className="sb-login-help">
                {t(recovery ? "pages.login.twoFactor.recoveryHelp" : "pages.login.twoFactor.help")}
              </p>
              <label htmlFor="sb-code">{t(recovery ? "pages.login.twoFactor.recoveryCode" : "pages.login.twoFactor.code")}</label>
              <input
                // A new input for each kind, so the browser's one-time-code autofill is offered only for the app's code.
                key={recovery ? "recovery" : "totp"}
                ref={codeInput}
                id="sb-code"
                name="code"
                className="sb-login-code"
                type="text"
                autoComplete={recovery ? "off" : "one-time-code"}
                inputMode={recovery ? "text" : "numeric"}
                pattern={recovery ? undefined : "[0-9 ]*"}
                maxLength={recovery ? 20 : 7}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                autoFocus
                aria-invalid={!!missing.code}
                aria-describedby={missing.code ? "sb-code-help sb-code-error" : "sb-code-help"}
              />
              {missing.code && (
                <div id="sb-code-error" className="sb-login-field-error">
                  {missing.code}
                </div>
              )}
              <button type="submit" disabled={pending} aria-busy={pending}>
                {t("pages.login.twoFactor.submit")}
              </button>
            </form>
            <div className="sb-login-links">
              <button type="button" className="sb-login-link" onClick={switchKind}>
                {t(recovery ? "pages.login.twoFactor.useApp" : "pages.login.twoFactor.useRecovery")}
              </button>
              <button type="button" className="sb-login-link" onClick={startOver}>
                {t("pages.login.twoFactor.startOver")}
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <label htmlFor="sb-email">{t("pages.login.fields.email")}</label>
            <input
              id="sb-email"
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              aria-invalid={!!missing.email}
              aria-describedby={missing.email ? "sb-email-error" : undefined}
            />
            {missing.email && (
              <div id="sb-email-error" className="sb-login-field-error">
                {missing.email}
              </div>
            )}
            <label htmlFor="sb-password">{t("pages.login.fields.password")}</label>
            <input
              id="sb-password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={!!missing.password}
              aria-describedby={missing.password ? "sb-password-error" : undefined}
            />
            {missing.password && (
              <div id="sb-password-error" className="sb-login-field-error">
                {missing.password}
              </div>
            )}
            <button type="submit" disabled={pending} aria-busy={pending}>
              {t("pages.login.buttons.submit")}
            </button>
          </form>
        )}
        <p className="sb-login-muted sb-login-small">
          {t("pages.login.demo", { emails: DEMO_ACCOUNT_EMAILS.join(", ") })} <code>{DEMO_PASSWORD}</code>
        </p>
      </section>
    </main>
  );
}

export function mountLogin(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <LightLogin />
    </StrictMode>,
  );
}
