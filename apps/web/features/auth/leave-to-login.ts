import { logOut } from "./auth-client";

let leaving = false;

/**
 * Ends this browser's session and opens the login page; used when the hub no longer accepts
 * this device (revoked elsewhere). Runs once per page.
 */
export function leaveToLogin(): void {
  if (leaving) return;
  leaving = true;
  void logOut().finally(() => window.location.replace("/login"));
}
