import { z } from "zod";
import { DEFAULT_HUB_CONFIG, DEFAULT_SUGGEST_TIMEOUT_SECONDS } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { bothOrNeither, configError, seconds, secondsUpTo } from "./env-fields";
import { timeoutChainProblems } from "./timeout-chain";
import { MAX_TIMEOUT_SECONDS } from "../kernel/timeout-limits";

/**
 * An inquiry's clock (its deadline, the backstop, heartbeats, holds, Extend, the delivery
 * confirm window) and the model that drafts suggested answers.
 */
export const InquiryEnvSchema = z.object({
  HUB_INQUIRY_TIMEOUT_SECONDS: seconds(DEFAULT_HUB_CONFIG.inquiryTimeoutSeconds).meta({
    description:
      "Default client auto-reply deadline (`expiresAt`); `?timeout=` on `/mcp` overrides it per session.",
  }),
  HUB_TIMEOUT_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(MAX_TIMEOUT_SECONDS)
    .default(DEFAULT_HUB_CONFIG.timeoutGraceSeconds)
    .meta({
      description:
        "The hub's backstop resolves `timeout` this long after `expiresAt` if no device did; must be above 0.",
    }),
  HUB_HEARTBEAT_SECONDS: seconds(DEFAULT_HUB_CONFIG.heartbeatSeconds).meta({
    description: "Interval of heartbeat progress notifications while a call waits.",
  }),
  HUB_HOLD_SECONDS: seconds(DEFAULT_HUB_CONFIG.holdSeconds).meta({
    description:
      'How long a call from a client the hub does not know is held before it returns "not answered yet"; `?hold=` on the URL overrides it.',
  }),
  HUB_EXTEND_STEP_SECONDS: seconds(DEFAULT_HUB_CONFIG.extendStepSeconds).meta({
    description: "What one **More time** (Extend) adds to a pending inquiry's deadline.",
  }),
  HUB_EXTEND_MAX_SECONDS: seconds(DEFAULT_HUB_CONFIG.extendMaxSeconds).meta({
    description:
      "Latest deadline Extend reaches, counted from the question; with `HUB_TIMEOUT_GRACE_SECONDS` at most 86400.",
  }),
  HUB_DELIVERY_CONFIRM_SECONDS: secondsUpTo(30, DEFAULT_HUB_CONFIG.deliveryConfirmSeconds).meta({
    description:
      "How long an answer returned to a call without an idempotency key waits for that call's cancel before it counts as delivered; a client whose timeout fired as the answer went out gets it on its repeat instead of a second card.",
  }),
  HUB_SUGGEST_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "OpenAI-compatible API root of the model that drafts suggested answers; with `HUB_SUGGEST_MODEL`, both or neither. Unset: no drafting.",
    }),
  HUB_SUGGEST_API_KEY: z.string().optional().meta({
    description:
      "Bearer key of the drafting model (only with `HUB_SUGGEST_BASE_URL` and `HUB_SUGGEST_MODEL`; servers without keys need none).",
  }),
  HUB_SUGGEST_MODEL: z.string().min(1).optional().meta({
    description:
      "Model that drafts suggested answers; with `HUB_SUGGEST_BASE_URL`, both or neither.",
  }),
  HUB_SUGGEST_TIMEOUT_SECONDS: secondsUpTo(60, DEFAULT_SUGGEST_TIMEOUT_SECONDS).meta({
    description:
      "Budget of one draft; the hub waits for it before announcing the inquiry, and a slower or failed draft means no suggestion.",
  }),
});

type InquiryEnv = z.infer<typeof InquiryEnvSchema>;

/**
 * The suggested-answer drafting model: base URL and model together or neither (half of it
 * cannot draft); the API key is optional, for servers that need none, but only with them.
 */
function answerDrafting(env: InquiryEnv): HubConfig["answerDrafting"] {
  const pair = bothOrNeither(
    { name: "HUB_SUGGEST_BASE_URL", value: env.HUB_SUGGEST_BASE_URL },
    { name: "HUB_SUGGEST_MODEL", value: env.HUB_SUGGEST_MODEL },
  );
  if (pair === undefined) {
    if (env.HUB_SUGGEST_API_KEY === undefined) return undefined;
    throw configError("HUB_SUGGEST_API_KEY needs HUB_SUGGEST_BASE_URL and HUB_SUGGEST_MODEL");
  }
  const [baseUrl, model] = pair;
  return {
    baseUrl,
    apiKey: env.HUB_SUGGEST_API_KEY,
    model,
    timeoutMs: env.HUB_SUGGEST_TIMEOUT_SECONDS * 1000,
  };
}

/** The timeout chain's problems, as one Error naming each; none: undefined. */
export function timeoutChainError(env: InquiryEnv): Error | undefined {
  const chain = timeoutChainProblems({
    inquiryTimeoutSeconds: env.HUB_INQUIRY_TIMEOUT_SECONDS,
    timeoutGraceSeconds: env.HUB_TIMEOUT_GRACE_SECONDS,
    extendMaxSeconds: env.HUB_EXTEND_MAX_SECONDS,
  });
  return chain.length > 0 ? configError(chain.join("; ")) : undefined;
}

/** The inquiry settings; an Error when the drafting model is set by halves. */
export function inquirySettings(
  env: InquiryEnv,
): Pick<
  HubConfig,
  | "inquiryTimeoutSeconds"
  | "timeoutGraceSeconds"
  | "heartbeatSeconds"
  | "holdSeconds"
  | "extendStepSeconds"
  | "extendMaxSeconds"
  | "deliveryConfirmSeconds"
  | "answerDrafting"
> {
  return {
    inquiryTimeoutSeconds: env.HUB_INQUIRY_TIMEOUT_SECONDS,
    timeoutGraceSeconds: env.HUB_TIMEOUT_GRACE_SECONDS,
    heartbeatSeconds: env.HUB_HEARTBEAT_SECONDS,
    holdSeconds: env.HUB_HOLD_SECONDS,
    extendStepSeconds: env.HUB_EXTEND_STEP_SECONDS,
    extendMaxSeconds: env.HUB_EXTEND_MAX_SECONDS,
    deliveryConfirmSeconds: env.HUB_DELIVERY_CONFIRM_SECONDS,
    answerDrafting: answerDrafting(env),
  };
}
