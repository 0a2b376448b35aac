import type { Inquiry } from "@inquiry-hub/protocol";

/** The question every benchmarked send_inquiry asks: a typical clarifying prompt. */
export const BENCH_PROMPT =
  "I found three files named `config.yaml` (in /srv/app, /srv/app/legacy and /etc/app). " +
  "Which one should I update with the new database URL?";

/** Ready-made answers, so the payload carries options like a real inquiry card. */
export const BENCH_OPTIONS = ["/srv/app", "/srv/app/legacy", "/etc/app"];

/**
 * The record the baseline server broadcasts: the same shape and size as the hub's
 * `inquiry:new` payload for `BENCH_PROMPT`, so both sides serialise the same bytes.
 */
export function benchInquiry(id: string, userId: string, now = new Date()): Inquiry {
  return {
    id,
    userId,
    type: "INQUIRY",
    question: BENCH_PROMPT,
    options: BENCH_OPTIONS,
    suggestedAnswer: "/srv/app",
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 120_000).toISOString(),
    status: "pending",
    resolution: null,
  };
}
