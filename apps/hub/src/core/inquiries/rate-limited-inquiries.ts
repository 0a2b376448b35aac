import type { AttemptLimiterFactory, RateLimits } from "../shared/ports";
import { HubError } from "../shared/errors";
import type { InquiryService } from "./inquiry-service";

/**
 * The inquiry service with per-user budgets on creating and answering, so every transport
 * (HTTP, Socket.IO, MCP, the approval proxy) is limited alike. An answer is counted before it
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

  return {
    ...inquiries,
    async create(userId, input) {
      await creations.consume(userId);
      if (input.announce === false) await spendDelegated(userId);
      return inquiries.create(userId, input);
    },
    async answer(userId, id, body, deviceId) {
      await answers.consume(userId);
      return inquiries.answer(userId, id, body, deviceId);
    },
  };
}
