import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";
import { z } from "zod";
import type { HubConfig } from "../../config/hub-config";
import type { Logger } from "../../core/shared/ports";

/** File under the data directory holding the generated channel secrets. */
const SECRETS_FILE = "channel-secrets.json";

const ChannelSecretsSchema = z.object({
  vapidPublicKey: z.base64url(),
  vapidPrivateKey: z.base64url(),
  webhookSecret: z.string().min(32),
});
type ChannelSecrets = z.infer<typeof ChannelSecretsSchema>;

/** A configuration whose channel secrets are all present. */
export type ConfigWithSecrets = HubConfig & {
  vapidKeys: NonNullable<HubConfig["vapidKeys"]>;
  webhookSecret: string;
};

/** A fresh VAPID key pair and webhook signing secret. */
function generateChannelSecrets(): ChannelSecrets {
  const vapid = webPush.generateVAPIDKeys();
  return {
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    webhookSecret: randomBytes(32).toString("base64url"),
  };
}

/** `config` with its missing secrets taken from `secrets`; configured ones win. */
function fillSecrets(config: HubConfig, secrets: ChannelSecrets): ConfigWithSecrets {
  return {
    ...config,
    vapidKeys: config.vapidKeys ?? {
      publicKey: secrets.vapidPublicKey,
      privateKey: secrets.vapidPrivateKey,
    },
    webhookSecret: config.webhookSecret ?? secrets.webhookSecret,
  };
}

/**
 * For a hub started by main.ts: secrets not given by the environment are read from
 * `<dataDir>/channel-secrets.json`, or generated and written there (mode 0600) on first
 * start, so browsers' push subscriptions and issued links survive restarts. Several nodes
 * must share the secrets, so a cluster sets them in the environment instead.
 */
export function withPersistedSecrets(config: HubConfig, logger: Logger): ConfigWithSecrets {
  const { vapidKeys, webhookSecret } = config;
  if (vapidKeys !== undefined && webhookSecret !== undefined)
    return { ...config, vapidKeys, webhookSecret };
  const file = path.resolve(config.dataDir, SECRETS_FILE);
  let stored: ChannelSecrets;
  try {
    stored = ChannelSecretsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT"))
      throw new Error(`cannot read ${file}; fix or delete it`, { cause: error });
    stored = generateChannelSecrets();
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    logger.info({ file }, "generated Web Push (VAPID) keys and a webhook secret");
  }
  return fillSecrets(config, stored);
}

/** For hubs built without main.ts (tests): throwaway secrets for whatever is not configured. */
export function withEphemeralSecrets(config: HubConfig): ConfigWithSecrets {
  const { vapidKeys, webhookSecret } = config;
  if (vapidKeys !== undefined && webhookSecret !== undefined)
    return { ...config, vapidKeys, webhookSecret };
  return fillSecrets(config, generateChannelSecrets());
}
