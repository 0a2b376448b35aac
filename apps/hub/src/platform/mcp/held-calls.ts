import { HubError } from "../../kernel/errors";

/**
 * How many tool calls waiting for a person (a blocking send_inquiry, request_approval or gated
 * proxy call) this node holds open at once (HUB_HELD_CALLS_*). The per-credential cap sits
 * below the per-user one, so one agent key filling its share still leaves room for the
 * person's other agents.
 */
export interface HeldCallCaps {
  /** Held calls of one credential (a device or an agent credential), over /mcp and every proxy. */
  perCredential: number;
  /** Held calls of one user, over all their credentials. */
  perUser: number;
}

/** Whose call a held slot is. */
export interface HeldCallOwner {
  userId: string;
  /** The credential that authenticated the call. */
  credentialId: string;
}

/** This node's count of held calls, by credential and by user. */
export interface HeldCalls {
  /**
   * Runs `waiting` (the part of a call that opens an inquiry and waits for its answer) in a
   * held slot of `owner`, freed when it settles. Throws RATE_LIMITED naming the cap and its
   * number, before `waiting` runs, when the owner's credential or user already fills its cap:
   * nothing is asked.
   */
  hold<T>(owner: HeldCallOwner, waiting: () => Promise<T>): Promise<T>;
}

/** Counts per key, dropping a key when its count returns to zero. */
function createCounter(): {
  count(key: string): number;
  add(key: string, delta: 1 | -1): void;
} {
  const counts = new Map<string, number>();
  return {
    count: (key) => counts.get(key) ?? 0,
    add(key, delta) {
      const next = (counts.get(key) ?? 0) + delta;
      if (next <= 0) counts.delete(key);
      else counts.set(key, next);
    },
  };
}

/**
 * Held calls are counted on the node that holds them: each is an open HTTP exchange here,
 * which is the resource the cap protects. Calls that do not hold (tasks, 2026-07-28
 * round trips, YOLO) are bounded by the store's pending caps instead.
 */
export function createHeldCalls(caps: HeldCallCaps): HeldCalls {
  const byCredential = createCounter();
  const byUser = createCounter();

  function refuseWhenFull(owner: HeldCallOwner, credentialKey: string): void {
    const full =
      byCredential.count(credentialKey) >= caps.perCredential
        ? { cap: "heldCallsPerCredential", limit: caps.perCredential, scope: "per credential" }
        : byUser.count(owner.userId) >= caps.perUser
          ? { cap: "heldCallsPerUser", limit: caps.perUser, scope: "per user" }
          : undefined;
    if (full === undefined) return;
    throw new HubError(
      "RATE_LIMITED",
      `held calls cap reached: at most ${full.limit} calls waiting for a person ${full.scope}; nothing was asked. Wait for an answer, or cancel a waiting call, then call again`,
      { details: { cap: full.cap, limit: full.limit } },
    );
  }

  return {
    async hold(owner, waiting) {
      const credentialKey = `${owner.userId}\n${owner.credentialId}`;
      refuseWhenFull(owner, credentialKey);
      byCredential.add(credentialKey, 1);
      byUser.add(owner.userId, 1);
      try {
        return await waiting();
      } finally {
        byCredential.add(credentialKey, -1);
        byUser.add(owner.userId, -1);
      }
    },
  };
}
