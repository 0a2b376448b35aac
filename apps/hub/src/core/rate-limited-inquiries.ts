import type { AttemptLimiterFactory, RateLimits } from "./attempt-limiter-ports";
import type { InquiryService } from "./inquiry-service";

/**
 * The inquiry service with per-user budgets on creating and answering, so every transport
 * (HTTP, Socket.IO, MCP, the approval proxy) is limited alike. An answer is counted before it
 * is judged: a limiter outage refuses every answer (UNAVAILABLE), so no approval slips through
 * while the limiter's store is down.
 */
export function withRateLimits(
  inquiries: InquiryService,
  limiters: AttemptLimiterFactory,
  limits: RateLimits,
): InquiryService {
  const creations = limiters("inquiry", { points: limits.inquiriesPerMinute, windowSeconds: 60 });
  const answers = limiters("answer", { points: limits.answersPerMinute, windowSeconds: 60 });
  return {
    ...inquiries,
    async create(userId, input) {
      await creations.consume(userId);
      return inquiries.create(userId, input);
    },
    async answer(userId, id, body, deviceId) {
      await answers.consume(userId);
      return inquiries.answer(userId, id, body, deviceId);
    },
  };
}
