import type { WebhookConfig } from "@inquiry-hub/protocol";

/** One webhook configuration per user. */
export interface WebhookConfigStore {
  get(userId: string): Promise<WebhookConfig | undefined>;
  put(userId: string, config: WebhookConfig): Promise<void>;
  /** True when there was a configuration to remove. */
  remove(userId: string): Promise<boolean>;
}

/**
 * How one POST to a webhook went; `httpStatus` is absent when nothing answered, and
 * `permanent` marks failures no retry can fix (the URL's address is not allowed).
 */
export type WebhookPostResult =
  | { ok: true; httpStatus: number }
  | { ok: false; httpStatus?: number; error: string; permanent?: boolean };

/** Sends one JSON message to an incoming-webhook URL (one try; retries are the caller's). */
export interface WebhookPoster {
  post(url: string, body: unknown): Promise<WebhookPostResult>;
}

/** The single-use record behind a link's nonce: which inquiry of whom it may decide. */
export interface LinkNonce {
  inquiryId: string;
  userId: string;
}

/** The pseudo-device a decision made through a webhook link is recorded as. */
export const WEBHOOK_DEVICE_ID = "webhook";
/** How history and "answered on …" messages name that pseudo-device. */
export const WEBHOOK_DEVICE_NAME = "Webhook link";
