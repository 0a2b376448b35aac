/**
 * Runs once when the Next.js server starts. Reading the environment here turns a malformed
 * variable (a PUBLIC_URL with a path, say) into one clear start-up error naming it, instead of
 * the same error on every request; and a stop request is given a deadline.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { readEnv } = await import("./lib/env");
  readEnv();
  const { boundShutdown } = await import("./lib/server/shutdown-deadline");
  boundShutdown();
}
