import { z } from "zod";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { bothOrNeither, flag, seconds, secondsUpTo } from "./env-fields";

/** The channels that reach a person away from the app: Web Push and webhooks. */
export const ChannelsEnvSchema = z.object({
  HUB_VAPID_PUBLIC_KEY: z.base64url().optional().meta({
    description:
      "Web Push VAPID public key (base64url); both keys or neither. Unset: generated and persisted in `HUB_DATA_DIR`.",
  }),
  HUB_VAPID_PRIVATE_KEY: z.base64url().optional().meta({
    description:
      "Web Push VAPID private key (base64url); both keys or neither. Unset: generated and persisted in `HUB_DATA_DIR`.",
  }),
  HUB_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https: URL")
    .default(DEFAULT_HUB_CONFIG.vapidSubject)
    .meta({ description: "Contact the push services may use (`mailto:` or `https:`)." }),
  HUB_WEBHOOK_SECRET: z.string().min(32, "at least 32 characters").optional().meta({
    description:
      "HMAC-SHA256 key of webhook decision links (at least 32 characters). Unset: generated and persisted; several nodes must share one.",
  }),
  HUB_WEBHOOK_LINK_SECONDS: seconds(DEFAULT_HUB_CONFIG.webhookLinkSeconds).meta({
    description: "How long a webhook decision link stays usable.",
  }),
  HUB_WEBHOOK_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10)
    .default(DEFAULT_HUB_CONFIG.webhookAttempts)
    .meta({ description: "Tries per webhook message, the first included." }),
  HUB_WEBHOOK_RETRY_BASE_SECONDS: secondsUpTo(60, DEFAULT_HUB_CONFIG.webhookRetryBaseSeconds).meta({
    description: "Wait before the first webhook retry; doubled before each further one.",
  }),
  HUB_WEBHOOK_ALLOW_PRIVATE: flag(DEFAULT_HUB_CONFIG.webhookAllowPrivate).meta({
    description:
      "`1` lets webhooks reach loopback and private addresses (local test receivers only).",
  }),
  HUB_PUSH_ALLOW_PRIVATE: flag(DEFAULT_HUB_CONFIG.pushAllowPrivate).meta({
    description:
      "`1` lets Web Push reach loopback and private addresses (local test receivers only).",
  }),
  HUB_PUSH_BURST_SECONDS: secondsUpTo(300, DEFAULT_HUB_CONFIG.pushBurstSeconds).meta({
    description:
      "Push burst window: a credential's further questions within it after a first one are held and sent as one grouped notification.",
  }),
});

type ChannelsEnv = z.infer<typeof ChannelsEnvSchema>;

/** The configured VAPID pair; both keys or neither, since half a pair cannot sign. */
function vapidKeys(env: ChannelsEnv): HubConfig["vapidKeys"] {
  const pair = bothOrNeither(
    { name: "HUB_VAPID_PUBLIC_KEY", value: env.HUB_VAPID_PUBLIC_KEY },
    { name: "HUB_VAPID_PRIVATE_KEY", value: env.HUB_VAPID_PRIVATE_KEY },
  );
  return pair === undefined ? undefined : { publicKey: pair[0], privateKey: pair[1] };
}

/** The channel settings; an Error when only one VAPID key is set. */
export function channelSettings(
  env: ChannelsEnv,
): Pick<
  HubConfig,
  | "vapidKeys"
  | "vapidSubject"
  | "webhookSecret"
  | "webhookLinkSeconds"
  | "webhookAttempts"
  | "webhookRetryBaseSeconds"
  | "webhookAllowPrivate"
  | "pushAllowPrivate"
  | "pushBurstSeconds"
> {
  return {
    vapidKeys: vapidKeys(env),
    vapidSubject: env.HUB_VAPID_SUBJECT,
    webhookSecret: env.HUB_WEBHOOK_SECRET,
    webhookLinkSeconds: env.HUB_WEBHOOK_LINK_SECONDS,
    webhookAttempts: env.HUB_WEBHOOK_ATTEMPTS,
    webhookRetryBaseSeconds: env.HUB_WEBHOOK_RETRY_BASE_SECONDS,
    webhookAllowPrivate: env.HUB_WEBHOOK_ALLOW_PRIVATE,
    pushAllowPrivate: env.HUB_PUSH_ALLOW_PRIVATE,
    pushBurstSeconds: env.HUB_PUSH_BURST_SECONDS,
  };
}
