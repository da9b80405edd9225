/**
 * What the sign-in pages say, in every language. Its own module so the light /login page can
 * carry it without i18next: the full catalogues include it whole (pages.login, auth).
 */
export const LOGIN_EN = {
  pages: {
    login: {
      title: "Sign in to your account",
      signin: "Sign in",
      signup: "Sign up",
      divider: "or",
      documentTitle: "Sign in",
      fields: { email: "Email", password: "Password" },
      errors: {
        requiredEmail: "Enter your email",
        requiredPassword: "Enter your password",
        validEmail: "Invalid email address",
      },
      buttons: {
        submit: "Sign in",
        rememberMe: "Remember me",
        forgotPassword: "Forgot password?",
        noAccount: "Don’t have an account?",
        haveAccount: "Have an account?",
      },
      demo: "Demo accounts: {{emails}} — password",
      twoFactor: {
        title: "Two-factor sign-in",
        help: "Enter the 6-digit code your authenticator app shows for Switchboard.",
        recoveryHelp: "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.",
        code: "Code from your app",
        recoveryCode: "Recovery code",
        requiredCode: "Enter the code",
        useRecovery: "Use a recovery code instead",
        useApp: "Use a code from your app instead",
        submit: "Verify and sign in",
        startOver: "Sign in as someone else",
      },
    },
  },
  auth: {
    invalidCredentials: "Wrong email or password.",
    accountDisabled: "This account is disabled. Ask an administrator to reactivate it.",
    rateLimited: "Too many attempts, try again in {{wait}}.",
    rateLimitedLater: "Too many attempts, try again later.",
    invalidCode: "That code is wrong or was used already. Try the next one your app shows.",
    invalidRecoveryCode: "That recovery code is wrong or was used already.",
    missing: "Enter your email and password.",
    failed: "Signing in failed. Try again.",
    unreachable: "The server cannot be reached. Try again.",
    seconds_one: "{{count}} second",
    seconds_other: "{{count}} seconds",
    minutes_one: "{{count}} minute",
    minutes_other: "{{count}} minutes",
  },
  language: { label: "Language", en: "English", es: "Español" },
};

export type LoginCatalogue = typeof LOGIN_EN;

export const LOGIN_ES: LoginCatalogue = {
  pages: {
    login: {
      title: "Inicie sesión en su cuenta",
      signin: "Iniciar sesión",
      signup: "Registrarse",
      divider: "o",
      documentTitle: "Iniciar sesión",
      fields: { email: "Correo electrónico", password: "Contraseña" },
      errors: {
        requiredEmail: "Escriba su correo electrónico",
        requiredPassword: "Escriba su contraseña",
        validEmail: "Correo electrónico no válido",
      },
      buttons: {
        submit: "Iniciar sesión",
        rememberMe: "Recordarme",
        forgotPassword: "¿Olvidó su contraseña?",
        noAccount: "¿No tiene cuenta?",
        haveAccount: "¿Ya tiene cuenta?",
      },
      demo: "Cuentas de demostración: {{emails}} — contraseña",
      twoFactor: {
        title: "Inicio de sesión en dos pasos",
        help: "Escriba el código de 6 dígitos que muestra su aplicación de autenticación para Switchboard.",
        recoveryHelp: "Escriba uno de los códigos de recuperación que guardó al configurar el inicio de sesión en dos pasos. Cada uno sirve una vez.",
        code: "Código de su aplicación",
        recoveryCode: "Código de recuperación",
        requiredCode: "Escriba el código",
        useRecovery: "Usar un código de recuperación",
        useApp: "Usar un código de la aplicación",
        submit: "Verificar e iniciar sesión",
        startOver: "Iniciar sesión con otra cuenta",
      },
    },
  },
  auth: {
    invalidCredentials: "Correo electrónico o contraseña incorrectos.",
    accountDisabled: "Esta cuenta está desactivada. Pida a un administrador que la reactive.",
    rateLimited: "Demasiados intentos; vuelva a intentarlo dentro de {{wait}}.",
    rateLimitedLater: "Demasiados intentos; vuelva a intentarlo más tarde.",
    invalidCode: "Ese código es incorrecto o ya se usó. Pruebe con el siguiente que muestre su aplicación.",
    invalidRecoveryCode: "Ese código de recuperación es incorrecto o ya se usó.",
    missing: "Escriba su correo electrónico y su contraseña.",
    failed: "No se pudo iniciar sesión. Inténtelo de nuevo.",
    unreachable: "No se puede contactar con el servidor. Inténtelo de nuevo.",
    seconds_one: "{{count}} segundo",
    seconds_other: "{{count}} segundos",
    minutes_one: "{{count}} minuto",
    minutes_other: "{{count}} minutos",
  },
  language: { label: "Idioma (Language)", en: "English", es: "Español" },
};
