import type { AttemptLimiterFactory, RateLimits } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";
import type { InquiryService } from "./inquiry-service";

/**
 * The inquiry service with per-user budgets on creating and answering, so every transport
 * (HTTP, Socket.IO, MCP, the approval proxy) is limited alike. A creation that names its
 * asking credential spends that credential's smaller budget first, and only then the user's:
 * a credential refused by its own budget never spends the user's, so one agent key flooding
 * leaves the person's other agents their share. An answer is counted before it
 * is judged: a limiter outage refuses every answer (UNAVAILABLE), so no approval slips through
 * while the limiter's store is down. A delegated (YOLO) record — a creation nobody is asked
 * about (`announce: false`) — also spends the delegated budget: YOLO answers at machine speed,
 * and each answer is a stored record, so this budget is what bounds the stored ones.
 */
export function withRateLimits(
  inquiries: InquiryService,
  limiters: AttemptLimiterFactory,
  limits: RateLimits,
): InquiryService {
  const creations = limiters("inquiry", { points: limits.inquiriesPerMinute, windowSeconds: 60 });
  const credentialCreations = limiters("inquiry-credential", {
    points: limits.inquiriesPerCredentialPerMinute,
    windowSeconds: 60,
  });
  const answers = limiters("answer", { points: limits.answersPerMinute, windowSeconds: 60 });
  const delegated = limiters("delegated", {
    points: limits.delegatedPerMinute,
    windowSeconds: 60,
  });

  async function spendDelegated(userId: string): Promise<void> {
    try {
      await delegated.consume(userId);
    } catch (error) {
      if (!(error instanceof HubError) || error.code !== "RATE_LIMITED") throw error;
      throw new HubError(
        "RATE_LIMITED",
        `delegated (YOLO) answers cap reached: at most ${limits.delegatedPerMinute} per user per minute; retry later`,
        { details: error.details, cause: error },
      );
    }
  }

  async function spendCredential(userId: string, credentialId: string): Promise<void> {
    try {
      await credentialCreations.consume(`${userId}:${credentialId}`);
    } catch (error) {
      if (!(error instanceof HubError) || error.code !== "RATE_LIMITED") throw error;
      throw new HubError(
        "RATE_LIMITED",
        `inquiry creation rate cap reached: at most ${limits.inquiriesPerCredentialPerMinute} per credential (this agent key or device) per minute; retry later`,
        { details: error.details, cause: error },
      );
    }
  }

  return {
    ...inquiries,
    async create(userId, input) {
      if (input.askedByCredentialId !== undefined)
        await spendCredential(userId, input.askedByCredentialId);
      await creations.consume(userId);
      if (input.announce === false) await spendDelegated(userId);
      return inquiries.create(userId, input);
    },
    async answer(userId, id, body, deviceId, via, options) {
      await answers.consume(userId);
      return inquiries.answer(userId, id, body, deviceId, via, options);
    },
  };
}
