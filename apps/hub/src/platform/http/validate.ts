import type { z } from "zod";
import { HubError } from "../../kernel/errors";

/**
 * Parses untrusted input at a boundary. On failure throws BAD_REQUEST whose message names the
 * first offending field by its path, e.g. "response: Invalid input: expected string".
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  label = "body",
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? label : issue.path.join(".");
  throw new HubError("BAD_REQUEST", `${where}: ${issue?.message ?? "invalid input"}`, {
    details: result.error.issues.map((each) => ({
      path: each.path.join("."),
      message: each.message,
    })),
  });
}
