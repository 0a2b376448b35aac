import { z } from "zod";
import { MAX_TIMEOUT_SECONDS } from "../../kernel/timeout-limits";
import { parseInput } from "../http/validate";
import type { HoldOverride } from "./hold-budget";

const SessionQuerySchema = z.object({
  /** Client auto-reply deadline in seconds for inquiries of this session. */
  timeout: z.coerce.number().positive().max(MAX_TIMEOUT_SECONDS).optional(),
  /**
   * How long each call may hold before it returns "not answered yet", in seconds, or `none` to
   * hold until the question is final; for a client whose timeout the hub cannot know.
   */
  hold: z
    .union([z.literal("none"), z.coerce.number().positive().max(MAX_TIMEOUT_SECONDS)], {
      error: `hold must be a number of seconds (above 0, at most ${MAX_TIMEOUT_SECONDS}) or "none"`,
    })
    .optional(),
  /** Replaces send_inquiry's description in tools/list. */
  description: z.string().min(1).max(4000).optional(),
  /** Replaces the description of send_inquiry's `prompt` parameter in tools/list. */
  prompt_description: z.string().min(1).max(4000).optional(),
  /**
   * `0`: always ask in this session, even while the person's YOLO is on. A session may only
   * make the gate stricter: YOLO is switched on by the person, in their settings, never by the
   * agent's URL.
   */
  yolo: z
    .enum(["0", "false"], {
      error:
        "only yolo=0 (always ask) is accepted: YOLO is turned on by the person in their settings, not by the agent",
    })
    .optional(),
});

/** Per-session settings taken from the query string of the initialize request. */
export interface SessionOptions {
  timeoutMs?: number;
  /** `?hold=`: this session's hold budget (hold-budget.ts). */
  hold?: HoldOverride;
  description?: string;
  promptDescription?: string;
  /** Always `false` when set: the session asks even while the person's YOLO is on. */
  yoloOverride?: false;
}

/**
 * Validates `?timeout=&hold=&description=&prompt_description=&yolo=`; BAD_REQUEST naming the
 * parameter otherwise (e.g. "timeout: Too big: expected number to be <=86400").
 */
export function parseSessionOptions(query: unknown): SessionOptions {
  const parsed = parseInput(SessionQuerySchema, query, "query");
  return {
    ...(parsed.timeout === undefined ? {} : { timeoutMs: parsed.timeout * 1000 }),
    ...(parsed.hold === undefined
      ? {}
      : { hold: parsed.hold === "none" ? "none" : parsed.hold * 1000 }),
    ...(parsed.description === undefined ? {} : { description: parsed.description }),
    ...(parsed.prompt_description === undefined
      ? {}
      : { promptDescription: parsed.prompt_description }),
    ...(parsed.yolo === undefined ? {} : { yoloOverride: false }),
  };
}
