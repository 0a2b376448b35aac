import { z } from "zod";
import { FINAL_INQUIRY_STATUSES, InquiryTypeSchema, IsoTimestampSchema } from "../inquiry";

/** Loopback hosts, the only ones a plain-http push endpoint may name (local test servers). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Push services are https; plain http is accepted for loopback only, so tests can listen. */
function isPushEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  return (
    url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
  );
}

/**
 * A browser's `PushSubscription.toJSON()`, as `POST /api/push/subscriptions` accepts it.
 * `p256dh` is the browser's P-256 public key, `auth` its 16-byte secret, both base64url.
 */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .url()
    .max(2000)
    .refine(isPushEndpoint, "must be an https URL (plain http only on loopback)"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.base64url().min(80).max(100),
    auth: z.base64url().min(16).max(32),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** `DELETE /api/push/subscriptions` body: which subscription of this device to forget. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.url().max(2000) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

/** `GET /api/push/key` → the VAPID public key a browser subscribes with (base64url). */
export const PushKeyResponseSchema = z.object({ publicKey: z.base64url() });
export type PushKeyResponse = z.infer<typeof PushKeyResponseSchema>;

/** Chrome shows at most two notification actions (`Notification.maxActions`). */
export const MAX_PUSH_ACTIONS = 2;

/**
 * A button on a pushed question's notification. The service worker sends `approve` /
 * `reject` / `option` through the web app's answer route with this device's own cookie (never
 * a credential in the payload); `open` only opens the card (edits, free text, questionnaires).
 * The hub offers a deciding button only when the body shows everything the decision rests on
 * uncut (an approval's whole summary); otherwise the only button is `open`.
 */
export const PushActionSchema = z.discriminatedUnion("type", [
  /** Approve the gated call; offered only when the approval's policy allows `approve`. */
  z.object({ type: z.literal("approve") }),
  /** Reject the gated call; offered only when the policy allows `reject`. */
  z.object({ type: z.literal("reject") }),
  /** Answer with this ready-made option (one of the question's first options). */
  z.object({ type: z.literal("option"), value: z.string().min(1).max(100) }),
  /** Open the card in the app ("Answer"). */
  z.object({ type: z.literal("open") }),
]);
export type PushAction = z.infer<typeof PushActionSchema>;

/**
 * The most a notification's body holds, in characters: push services cap payloads at about
 * 4 KB, and a phone shows little more. A longer body is cut and ends with
 * `PUSH_TRUNCATION_MARK`; a cut body never comes with a decision button (see `PushActionSchema`).
 */
export const MAX_PUSH_BODY_LENGTH = 200;

/** How a cut notification body ends. */
export const PUSH_TRUNCATION_MARK = "…";

/** What a pushed notification shows of its inquiry. */
const PushedInquirySchema = z.object({
  id: z.uuid(),
  type: InquiryTypeSchema,
  /**
   * The notification's body. For an approval it opens with the hub's own summary (tool,
   * upstream or `request_approval` source, every argument), never with the agent's words.
   */
  question: z.string().max(MAX_PUSH_BODY_LENGTH),
  expiresAt: IsoTimestampSchema,
});

/**
 * The (encrypted) payload of a Web Push message, read by the service worker. `inquiry:new`
 * shows a notification tagged with the inquiry id, with `actions` as its buttons;
 * `inquiry:expiring` replaces it (same tag, same buttons) when a fifth of the time is left;
 * `inquiries:grouped` stands for a burst of one credential's questions; `digest:daily` is the
 * day's summary; `inquiry:withdrawn` closes an inquiry's tag.
 */
export const PushMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("inquiry:new"),
    inquiry: PushedInquirySchema,
    /** The notification's buttons, at most two; absent on payloads from older hubs. */
    actions: z.array(PushActionSchema).max(MAX_PUSH_ACTIONS).optional(),
    /** The receiving device's own name, for "Approved on <name>"; absent when unknown. */
    deviceName: z.string().max(200).optional(),
  }),
  z.object({
    type: z.literal("inquiry:expiring"),
    /** The inquiry as `inquiry:new` showed it, with the deadline that is now close. */
    inquiry: PushedInquirySchema,
    /** The same buttons as `inquiry:new`, so the person can still decide from the notification. */
    actions: z.array(PushActionSchema).max(MAX_PUSH_ACTIONS),
    /** The receiving device's own name, for "Approved on <name>"; absent when unknown. */
    deviceName: z.string().max(200).optional(),
  }),
  z.object({
    /**
     * Several questions one credential asked within a short window, shown as one notification
     * tagged `credential:<credentialId>` (a newer group replaces it) that only opens the inbox.
     */
    type: z.literal("inquiries:grouped"),
    /** The credential (an agent key, or a device) that asked them. */
    credentialId: z.string().min(1).max(200),
    /** That credential's name, as the person named it ("" when unknown). */
    agentName: z.string().max(200),
    /** How many questions the notification stands for. */
    count: z.number().int().min(1),
    /**
     * Set when they are the approvals of one batch, gathered briefly so the batch buzzes once:
     * "5 approvals from <agent>", tagged `batch:<batchId>`, opening the inbox.
     */
    batchId: z.string().min(1).max(100).optional(),
  }),
  z.object({
    /**
     * The daily digest's one line ("Yesterday: 12 asked, 9 approved, 1 timed out"), tagged
     * `digest:<day>`, opening `link` (the digest page of that day).
     */
    type: z.literal("digest:daily"),
    day: z.iso.date(),
    text: z.string().min(1).max(200),
    link: z.url(),
  }),
  z.object({
    type: z.literal("inquiry:withdrawn"),
    inquiryId: z.uuid(),
    status: z.enum(FINAL_INQUIRY_STATUSES),
  }),
]);
export type PushMessage = z.infer<typeof PushMessageSchema>;
