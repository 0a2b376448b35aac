/** Signing in and out: the login form and the session's end. */
export { SessionStartedSchema } from "./auth-client";
export { leaveToLogin } from "./leave-to-login";
export { LoginForm } from "./login-form";
export { returnPath } from "./return-path";
export { SessionForm } from "./session-form";
export { useLeaveToLoginOnUnauthorized } from "./use-leave-to-login-on-unauthorized";
export { useLogOut } from "./use-log-out";
