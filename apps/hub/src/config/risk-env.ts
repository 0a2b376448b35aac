import { z } from "zod";
import type { HubConfig } from "./hub-config";
import { bothOrNeither, configError, secondsUpTo } from "./env-fields";

/** Default budget of one model label, in seconds: every gated call waits for it. */
export const DEFAULT_RISK_TIMEOUT_SECONDS = 3;

/**
 * The model that may raise the risk labels of gated calls (HUB_RISK_*), configured like the
 * answer-drafting model. It only labels: no label ever lets a call pass.
 */
export const RiskEnvSchema = z.object({
  HUB_RISK_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "OpenAI-compatible API root of the model that labels the risk of gated calls; with `HUB_RISK_MODEL`, both or neither. Unset: the hub's rules label alone. The model can raise a label, never lower it, and never lets a call pass.",
    }),
  HUB_RISK_API_KEY: z.string().optional().meta({
    description:
      "Bearer key of the risk-labelling model (only with `HUB_RISK_BASE_URL` and `HUB_RISK_MODEL`; servers without keys need none).",
  }),
  HUB_RISK_MODEL: z.string().min(1).optional().meta({
    description:
      "Model that labels the risk of gated calls; with `HUB_RISK_BASE_URL`, both or neither.",
  }),
  HUB_RISK_TIMEOUT_SECONDS: secondsUpTo(30, DEFAULT_RISK_TIMEOUT_SECONDS).meta({
    description:
      "Budget of one model label; every gated call waits for it before its card goes out, and a slower or failed model leaves the rules' label.",
  }),
});

type RiskEnv = z.infer<typeof RiskEnvSchema>;

/**
 * The risk-labelling model: base URL and model together or neither; the API key only with
 * them. An Error when it is set by halves.
 */
export function riskSettings(env: RiskEnv): Pick<HubConfig, "riskModel"> {
  const pair = bothOrNeither(
    { name: "HUB_RISK_BASE_URL", value: env.HUB_RISK_BASE_URL },
    { name: "HUB_RISK_MODEL", value: env.HUB_RISK_MODEL },
  );
  if (pair === undefined) {
    if (env.HUB_RISK_API_KEY === undefined) return { riskModel: undefined };
    throw configError("HUB_RISK_API_KEY needs HUB_RISK_BASE_URL and HUB_RISK_MODEL");
  }
  const [baseUrl, model] = pair;
  return {
    riskModel: {
      baseUrl,
      apiKey: env.HUB_RISK_API_KEY,
      model,
      timeoutMs: env.HUB_RISK_TIMEOUT_SECONDS * 1000,
    },
  };
}
