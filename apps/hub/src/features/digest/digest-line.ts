import type { Digest } from "@inquiry-hub/protocol";

/**
 * The digest in one line, as its push and webhook post say it: "Yesterday: 12 asked,
 * 9 approved, 1 timed out". What did not happen is left out (nothing rejected, no "0
 * rejected"), so the line stays short; a quiet day reads "Yesterday: nothing asked".
 */
export function digestLine(digest: Digest): string {
  const { asked, approved, answered, rejected, timedOut, pending } = digest.totals;
  if (asked === 0) return "Yesterday: nothing asked";
  const outcomes: [number, string][] = [
    [approved, "approved"],
    [answered, "answered"],
    [rejected, "rejected"],
    [timedOut, "timed out"],
    [pending, "pending"],
  ];
  const told = outcomes.filter(([count]) => count !== 0).map(([count, word]) => `${count} ${word}`);
  return `Yesterday: ${[`${asked} asked`, ...told].join(", ")}`;
}
