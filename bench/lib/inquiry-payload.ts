import type { Inquiry } from "@inquiry-hub/protocol";

/** A typical clarifying prompt, the body of every benchmarked send_inquiry. */
const BENCH_PROMPT =
  "I found three files named `config.yaml` (in /srv/app, /srv/app/legacy and /etc/app). " +
  "Which one should I update with the new database URL?";

/**
 * The question of the benchmark's `sample`-th send_inquiry: the prompt with the sample's number,
 * always as long. Each is a new question, as an agent's next question is: the same question
 * asked again within moments of its answer may be a client's retry of a call that timed out,
 * which the hub holds for up to a quarter second in case that call's cancel is on its way.
 */
export function benchPrompt(sample: number): string {
  return `${BENCH_PROMPT} (question ${String(sample).padStart(9, "0")})`;
}

/** Ready-made answers, so the payload carries options like a real inquiry card. */
export const BENCH_OPTIONS = ["/srv/app", "/srv/app/legacy", "/etc/app"];

/**
 * The record the baseline server broadcasts: the same shape and size as the hub's
 * `inquiry:new` payload for a `benchPrompt`, so both sides serialise the same bytes.
 */
export function benchInquiry(id: string, userId: string, now = new Date()): Inquiry {
  return {
    id,
    userId,
    type: "INQUIRY",
    question: benchPrompt(0),
    options: BENCH_OPTIONS,
    suggestedAnswer: "/srv/app",
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 120_000).toISOString(),
    status: "pending",
    resolution: null,
  };
}
