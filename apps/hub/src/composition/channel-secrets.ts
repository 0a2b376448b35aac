import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PRIVATE_FILE_MODE, ensurePrivateFolder } from "@inquiry-hub/logging";
import webPush from "web-push";
import { z } from "zod";
import type { HubConfig } from "../config/hub-config";
import type { Logger } from "../kernel/ports";
import { MIN_REQUEST_STATE_SECRET_LENGTH } from "../features/approvals/request-state-seal";

/** File under the data directory holding the generated channel secrets. */
const SECRETS_FILE = "channel-secrets.json";

/** The request-state key is optional on read: files written before it existed lack it. */
const StoredSecretsSchema = z.object({
  vapidPublicKey: z.base64url(),
  vapidPrivateKey: z.base64url(),
  webhookSecret: z.string().min(32),
  requestStateSecret: z.string().min(MIN_REQUEST_STATE_SECRET_LENGTH).optional(),
});
type ChannelSecrets = Required<z.infer<typeof StoredSecretsSchema>>;

/** A configuration whose channel secrets are all present. */
export type ConfigWithSecrets = HubConfig & {
  vapidKeys: NonNullable<HubConfig["vapidKeys"]>;
  webhookSecret: string;
  requestStateSecret: string;
};

const newKey = () => randomBytes(32).toString("base64url");

/** A fresh VAPID key pair, webhook signing secret and request-state key. */
function generateChannelSecrets(): ChannelSecrets {
  const vapid = webPush.generateVAPIDKeys();
  return {
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    webhookSecret: newKey(),
    requestStateSecret: newKey(),
  };
}

/** Writes `file` owner-only; `chmod` too, since `mode` applies only when the file is created. */
function writeSecrets(file: string, secrets: ChannelSecrets, flag: "wx" | "w"): void {
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag });
  chmodSync(file, PRIVATE_FILE_MODE);
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
    requestStateSecret: config.requestStateSecret ?? secrets.requestStateSecret,
  };
}

/** The secrets kept in `file`; undefined when there is no such file yet. */
function readStoredSecrets(file: string): z.infer<typeof StoredSecretsSchema> | undefined {
  try {
    return StoredSecretsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw new Error(`cannot read ${file}; fix or delete it`, { cause: error });
  }
}

/** The configuration's secrets when the environment gave every one of them. */
function configuredSecrets(config: HubConfig): ConfigWithSecrets | undefined {
  const { vapidKeys, webhookSecret, requestStateSecret } = config;
  if (vapidKeys === undefined || webhookSecret === undefined || requestStateSecret === undefined)
    return undefined;
  return { ...config, vapidKeys, webhookSecret, requestStateSecret };
}

/**
 * For a hub started by main.ts: secrets not given by the environment are read from
 * `<dataDir>/channel-secrets.json`, or generated and written there on first start (the
 * folder 0700, the file 0600: only the hub's OS user reads them), so browsers' push
 * subscriptions, issued links and request states survive restarts.
 * A file from before the request-state key gains one. Several nodes must share the secrets,
 * so a cluster sets them in the environment instead; a Redis node without
 * HUB_REQUEST_STATE_SECRET is warned that retries reaching another node will be refused.
 */
export function withPersistedSecrets(config: HubConfig, logger: Logger): ConfigWithSecrets {
  const configured = configuredSecrets(config);
  if (configured !== undefined) return configured;
  if (config.redis !== undefined && config.requestStateSecret === undefined)
    logger.warn(
      { variable: "HUB_REQUEST_STATE_SECRET" },
      "Redis without HUB_REQUEST_STATE_SECRET: each node seals requestState with its own key",
    );
  const file = path.resolve(config.dataDir, SECRETS_FILE);
  ensurePrivateFolder(path.dirname(file));
  const read = readStoredSecrets(file);
  if (read === undefined) {
    const generated = generateChannelSecrets();
    writeSecrets(file, generated, "wx");
    logger.info({ file }, "generated Web Push (VAPID) keys, a webhook secret, a request-state key");
    return fillSecrets(config, generated);
  }
  if (read.requestStateSecret !== undefined)
    return fillSecrets(config, { ...read, requestStateSecret: read.requestStateSecret });
  const upgraded = { ...read, requestStateSecret: newKey() };
  writeSecrets(file, upgraded, "w");
  logger.info({ file }, "generated a request-state key");
  return fillSecrets(config, upgraded);
}

/** For hubs built without main.ts (tests): throwaway secrets for whatever is not configured. */
export function withEphemeralSecrets(config: HubConfig): ConfigWithSecrets {
  return configuredSecrets(config) ?? fillSecrets(config, generateChannelSecrets());
}
