import { expect } from "vitest";
import { z } from "zod";

const WireErrorSchema = z.object({
  error: z.object({ code: z.string().min(1), message: z.string().min(1) }),
});

/**
 * Asserts one refused request: a 4xx (never a 5xx, never a 2xx) whose body is the wire error
 * shape `{error: {code, message}}` with a non-empty message naming the problem.
 */
export async function expectClientError(response: Response): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBeGreaterThanOrEqual(400);
  expect(response.status, text).toBeLessThan(500);
  expect(WireErrorSchema.safeParse(JSON.parse(text)).success, text).toBe(true);
}
