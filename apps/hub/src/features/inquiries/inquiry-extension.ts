import type { Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { InquiryEventBus, InquiryStore } from "./ports";

/**
 * What a person's Extend adds to `expiresAt` (`stepMs`), and the most `expiresAt - createdAt`
 * may become by extending (`maxLifetimeMs`, the waiting call's timeout chain).
 */
export interface ExtensionRules {
  stepMs: number;
  maxLifetimeMs: number;
}

/** How many times Extend re-reads a record another device moved meanwhile before giving up. */
const MAX_ATTEMPTS = 5;

/** The next `expiresAt` Extend gives `inquiry`, or CONFLICT when no more time may be given. */
export function extendedDeadline(inquiry: Inquiry, rules: ExtensionRules | undefined): string {
  if (rules === undefined) throw new HubError("CONFLICT", "extending is switched off");
  const current = Date.parse(inquiry.expiresAt);
  const latest = Date.parse(inquiry.createdAt) + rules.maxLifetimeMs;
  const next = Math.min(current + rules.stepMs, latest);
  if (next <= current)
    throw new HubError(
      "CONFLICT",
      `inquiry ${inquiry.id} cannot be extended further: its waiting call allows at most ` +
        `${Math.round(rules.maxLifetimeMs / 1000)} s from when it was asked`,
    );
  return new Date(next).toISOString();
}

/**
 * A person's Extend of a pending inquiry: a store compare-and-set from the `expiresAt` it read
 * to one step later, re-read and retried when another device extended first, then
 * `inquiry.extended` on the bus. `conflict` names who resolved it when it is no longer pending;
 * `extended` lets the service move its backstop.
 */
export function createInquiryExtension(
  deps: {
    store: InquiryStore;
    bus: InquiryEventBus;
    conflict: (inquiry: Inquiry) => Promise<HubError>;
    extended: (inquiry: Inquiry) => void;
  },
  rules: ExtensionRules | undefined,
): (inquiry: Inquiry, deviceId: string) => Promise<Inquiry> {
  return async function extendPending(inquiry, deviceId) {
    let current = inquiry;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (current.status !== "pending") throw await deps.conflict(current);
      const outcome = await deps.store.extend(current.id, {
        from: current.expiresAt,
        to: extendedDeadline(current, rules),
      });
      switch (outcome.kind) {
        case "not-found":
          throw new HubError("NOT_FOUND", `inquiry ${current.id} not found`);
        case "already-final":
          throw await deps.conflict(outcome.inquiry);
        case "stale":
          current = outcome.inquiry;
          continue;
        case "extended":
          deps.extended(outcome.inquiry);
          await deps.bus.publish({
            type: "inquiry.extended",
            inquiry: outcome.inquiry,
            byDeviceId: deviceId,
          });
          return outcome.inquiry;
      }
    }
    throw new HubError("CONFLICT", `inquiry ${inquiry.id} is being extended elsewhere; try again`);
  };
}
