/** One limit that exists per credential and per user, as its env variables name it. */
export interface CapPair {
  /** The per-credential variable, e.g. HUB_PENDING_INQUIRIES_PER_CREDENTIAL. */
  credentialVariable: string;
  /** Whether the operator set it; unset, it is derived below the per-user cap (limits-env.ts). */
  explicit: boolean;
  perCredential: number;
  /** The per-user variable it must stay below, e.g. HUB_PENDING_INQUIRIES_PER_USER. */
  userVariable: string;
  perUser: number;
}

/**
 * Every per-credential limit the operator sets must be strictly below its per-user one:
 * otherwise one agent key at its limit fills the person's whole allowance and their other
 * agents are refused, which is the starvation these caps exist to prevent. Returns one
 * sentence per pair out of order, naming the variables and their values; empty when all are
 * in order. A derived value is never refused (it can only reach a per-user cap of 1).
 */
export function credentialCapProblems(pairs: readonly CapPair[]): string[] {
  return pairs
    .filter((pair) => pair.explicit && pair.perCredential >= pair.perUser)
    .map(
      (pair) =>
        `${pair.credentialVariable} (${pair.perCredential}) must be below ${pair.userVariable} (${pair.perUser}), so one credential can never use up what the person's other agents need`,
    );
}
