import { z } from "zod";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { configError, count, credentialCap, seconds } from "./env-fields";
import { credentialCapProblems } from "./credential-caps";
import type { CapPair } from "./credential-caps";

const { mcpSessionCaps, heldCallCaps, rateLimits } = DEFAULT_HUB_CONFIG;

/** How much one address, credential or user may do per minute or hold at once. */
export const LimitsEnvSchema = z.object({
  HUB_RATE_LIMIT_LOGIN_PER_MINUTE: count(rateLimits.loginPerMinute).meta({
    description:
      "Logins and registrations per client address per minute; over budget: 429 with `Retry-After`.",
  }),
  HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_PER_HOUR: count(
    rateLimits.loginFailuresPerAccountAddressPerHour,
  ).meta({
    description:
      "Failed logins (wrong password or unknown name) per account from one address per hour; the owner logging in elsewhere is not stopped by one guesser.",
  }),
  HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: count(
    rateLimits.loginFailuresPerAccountPerHour,
  ).meta({
    description:
      "Failed logins per account from all addresses per hour: the account-wide ceiling stops spread-out guessing for the rest of the hour.",
  }),
  HUB_RATE_LIMIT_PAIRING_PER_MINUTE: count(rateLimits.pairingPerMinute).meta({
    description: "Pairing codes created and claimed per client address per minute.",
  }),
  HUB_RATE_LIMIT_ANSWERS_PER_MINUTE: count(rateLimits.answersPerMinute).meta({
    description: "Answers per user per minute, over every transport.",
  }),
  HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: count(rateLimits.inquiriesPerMinute).meta({
    description: "Inquiries per user per minute.",
  }),
  HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE: credentialCap.meta({
    description:
      "Inquiries one credential creates per minute, spent before the per-user budget (so a refused key never spends the person's). Unset: a fifth of `HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE` (1000); set, it must be below it.",
  }),
  HUB_RATE_LIMIT_DELEGATED_PER_MINUTE: count(rateLimits.delegatedPerMinute).meta({
    description: "Delegated (YOLO) answers recorded per user per minute.",
  }),
  HUB_RATE_LIMIT_AGENT_CREDENTIALS_PER_MINUTE: count(rateLimits.agentCredentialsPerMinute).meta({
    description:
      "Agent credentials a person issues per minute (chat runs and agent keys together); at most 25 active agent keys per person.",
  }),
  HUB_RATE_LIMIT_CONVERSATION_WRITES_PER_MINUTE: count(rateLimits.conversationWritesPerMinute).meta(
    { description: "Conversations and messages a person creates per minute." },
  ),
  HUB_MCP_SESSION_IDLE_SECONDS: seconds(DEFAULT_HUB_CONFIG.mcpSessionIdleSeconds).meta({
    description:
      "An MCP or proxy session with no open request for this long is closed; one with a call in flight or an open GET stream is never idle.",
  }),
  HUB_MCP_SESSIONS_PER_CREDENTIAL: count(mcpSessionCaps.perCredential).meta({
    description: "Open `/mcp` sessions per credential, on this node.",
  }),
  HUB_MCP_SESSIONS_PER_USER: count(mcpSessionCaps.perUser).meta({
    description: "Open `/mcp` sessions per user, on this node.",
  }),
  HUB_MCP_SESSIONS_TOTAL: count(mcpSessionCaps.total).meta({
    description: "Open `/mcp` sessions on this node.",
  }),
  HUB_PENDING_INQUIRIES_PER_USER: count(DEFAULT_HUB_CONFIG.pendingInquiriesPerUser).meta({
    description: "Pending questions and approvals per user, checked atomically by the store.",
  }),
  HUB_PENDING_INQUIRIES_PER_CREDENTIAL: credentialCap.meta({
    description:
      "Pending questions and approvals one credential (agent key, chat run, device) asked, counted in the store like the per-user cap, so all nodes share it. Unset: the defaults' share of the per-user cap (a quarter, 25); set, it must be below the per-user cap, so one key at its cap leaves the person's other agents room.",
  }),
  HUB_HELD_CALLS_PER_CREDENTIAL: credentialCap.meta({
    description:
      "Tool calls one credential has waiting for a person (blocking `send_inquiry`, `request_approval`, gated proxy calls) at once on this node, over `/mcp` and every proxy. Unset: 30 % of `HUB_HELD_CALLS_PER_USER`; set, it must be below it.",
  }),
  HUB_HELD_CALLS_PER_USER: count(heldCallCaps.perUser).meta({
    description:
      "Tool calls a user has waiting for a person at once on this node, over `/mcp` and every proxy, both protocol generations.",
  }),
});

type LimitsEnv = z.infer<typeof LimitsEnvSchema>;

/**
 * A per-credential cap left unset: the same share of its per-user cap as the defaults have
 * (25 of 100 pending, 30 of 100 held, 1000 of 5000 per minute), at least 1. So an operator
 * who lowers only a per-user cap gets a per-credential one below it, not a refusal to start.
 *
 * @example shareOf(undefined, { perCredential: 25, perUser: 100 }, 20) // 5
 */
function shareOf(
  set: number | undefined,
  defaults: { perCredential: number; perUser: number },
  perUser: number,
): number {
  return set ?? Math.max(1, Math.floor((perUser * defaults.perCredential) / defaults.perUser));
}

/** One per-credential cap beside its per-user one, as the environment sets or derives it. */
function capPair(
  variables: { credential: string; user: string },
  set: number | undefined,
  perUser: number,
  defaults: { perCredential: number; perUser: number },
): CapPair {
  return {
    credentialVariable: variables.credential,
    explicit: set !== undefined,
    perCredential: shareOf(set, defaults, perUser),
    userVariable: variables.user,
    perUser,
  };
}

/** The limit settings; an Error naming every per-credential cap set at or above its user's. */
export function limitSettings(
  env: LimitsEnv,
): Pick<
  HubConfig,
  | "rateLimits"
  | "mcpSessionIdleSeconds"
  | "mcpSessionCaps"
  | "pendingInquiriesPerUser"
  | "pendingInquiriesPerCredential"
  | "heldCallCaps"
> {
  const pending = capPair(
    { credential: "HUB_PENDING_INQUIRIES_PER_CREDENTIAL", user: "HUB_PENDING_INQUIRIES_PER_USER" },
    env.HUB_PENDING_INQUIRIES_PER_CREDENTIAL,
    env.HUB_PENDING_INQUIRIES_PER_USER,
    {
      perCredential: DEFAULT_HUB_CONFIG.pendingInquiriesPerCredential,
      perUser: DEFAULT_HUB_CONFIG.pendingInquiriesPerUser,
    },
  );
  const rate = capPair(
    {
      credential: "HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE",
      user: "HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE",
    },
    env.HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE,
    env.HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE,
    {
      perCredential: rateLimits.inquiriesPerCredentialPerMinute,
      perUser: rateLimits.inquiriesPerMinute,
    },
  );
  const held = capPair(
    { credential: "HUB_HELD_CALLS_PER_CREDENTIAL", user: "HUB_HELD_CALLS_PER_USER" },
    env.HUB_HELD_CALLS_PER_CREDENTIAL,
    env.HUB_HELD_CALLS_PER_USER,
    heldCallCaps,
  );
  const starving = credentialCapProblems([pending, rate, held]);
  if (starving.length > 0) throw configError(starving.join("; "));
  return {
    rateLimits: {
      loginPerMinute: env.HUB_RATE_LIMIT_LOGIN_PER_MINUTE,
      loginFailuresPerAccountAddressPerHour:
        env.HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_PER_HOUR,
      loginFailuresPerAccountPerHour: env.HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
      pairingPerMinute: env.HUB_RATE_LIMIT_PAIRING_PER_MINUTE,
      answersPerMinute: env.HUB_RATE_LIMIT_ANSWERS_PER_MINUTE,
      inquiriesPerMinute: env.HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE,
      inquiriesPerCredentialPerMinute: rate.perCredential,
      delegatedPerMinute: env.HUB_RATE_LIMIT_DELEGATED_PER_MINUTE,
      agentCredentialsPerMinute: env.HUB_RATE_LIMIT_AGENT_CREDENTIALS_PER_MINUTE,
      conversationWritesPerMinute: env.HUB_RATE_LIMIT_CONVERSATION_WRITES_PER_MINUTE,
    },
    mcpSessionIdleSeconds: env.HUB_MCP_SESSION_IDLE_SECONDS,
    mcpSessionCaps: {
      perCredential: env.HUB_MCP_SESSIONS_PER_CREDENTIAL,
      perUser: env.HUB_MCP_SESSIONS_PER_USER,
      total: env.HUB_MCP_SESSIONS_TOTAL,
    },
    pendingInquiriesPerUser: env.HUB_PENDING_INQUIRIES_PER_USER,
    pendingInquiriesPerCredential: pending.perCredential,
    heldCallCaps: { perCredential: held.perCredential, perUser: env.HUB_HELD_CALLS_PER_USER },
  };
}
