import type { AttemptLimiter, AttemptLimiterFactory, RateLimits } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";

/**
 * Per-account limits on password guessing, beside the per-address limit on every login.
 *
 * Policy: only failed logins count (a wrong password, or an unknown username, which looks the
 * same). Each account has two budgets per hour: a small one per client address, so one
 * guesser is stopped early while the owner elsewhere still logs in; and a larger one over all
 * addresses together, the ceiling for a guesser spread over many addresses. When that ceiling
 * is reached the account is refused to everyone (429 with Retry-After) until the hour ends:
 * at worst an attacker can lock one account out for a while, never guess on.
 */
export interface LoginThrottle {
  /**
   * Runs `login` unless a budget of `username` is spent (HubError RATE_LIMITED), counting it
   * as a failure when it throws UNAUTHORIZED. The attempt is counted before `login` runs and
   * given back when it did not fail, so parallel guesses cannot slip past the budget.
   */
  attempt<T>(username: string, address: string, login: () => Promise<T>): Promise<T>;
}

const HOUR_SECONDS = 60 * 60;

/** Gives an attempt back; a store outage leaves it counted, which errs on the safe side. */
async function refund(limiter: AttemptLimiter, key: string): Promise<void> {
  await limiter.refund(key).catch(() => undefined);
}

/** Builds the login throttle on the hub's limiter store, so every node counts alike. */
export function createLoginThrottle(
  limiters: AttemptLimiterFactory,
  limits: RateLimits,
): LoginThrottle {
  const perAccountAddress = limiters("account-address-login", {
    points: limits.loginFailuresPerAccountAddressPerHour,
    windowSeconds: HOUR_SECONDS,
  });
  const perAccount = limiters("account-login", {
    points: limits.loginFailuresPerAccountPerHour,
    windowSeconds: HOUR_SECONDS,
  });

  return {
    async attempt(username, address, login) {
      const accountKey = username.toLowerCase();
      const pairKey = JSON.stringify([accountKey, address]);
      await perAccountAddress.consume(pairKey);
      try {
        await perAccount.consume(accountKey);
      } catch (error) {
        await refund(perAccountAddress, pairKey);
        throw error;
      }
      let failed = false;
      try {
        return await login();
      } catch (error) {
        failed = error instanceof HubError && error.code === "UNAUTHORIZED";
        throw error;
      } finally {
        if (!failed)
          await Promise.all([refund(perAccountAddress, pairKey), refund(perAccount, accountKey)]);
      }
    },
  };
}
