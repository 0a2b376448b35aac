/** Signing in and out: the login form, the session's end, and the signed-in navigation. */
export { SessionStartedSchema } from "./auth-client";
export { leaveToLogin } from "./leave-to-login";
export { LoginForm } from "./login-form";
export { LogoutButton } from "./logout-button";
export { NavLinks } from "./nav-links";
export { returnPath } from "./return-path";
export { SessionForm } from "./session-form";
export { useLeaveToLoginOnUnauthorized } from "./use-leave-to-login-on-unauthorized";
