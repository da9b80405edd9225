/**
 * The entry: it imports nothing itself, so a page pays only for what it loads. A hard load of
 * /login gets the light sign-in page (React and the form, no Refine, no antd: the 150 kB budget
 * of issue 6); every other path gets the whole app. The app's own /login route still serves
 * sign-ins reached by navigating inside the app (signing out, a session that ended).
 */
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

const failed = () => {
  root.textContent = "Switchboard could not be loaded. Check your connection and reload the page.";
};
const path = window.location.pathname;
if (path === "/login" || path === "/login/") import("./login/light-login").then((m) => m.mountLogin(root), failed);
else import("./full-app").then((m) => m.mountApp(root), failed);
