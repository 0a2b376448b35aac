import type { Inquiry, LinkDecision } from "@inquiry-hub/protocol";
import type { OneTimeSecretStore } from "../../kernel/ports";
import { hashSecret, newSecret } from "../../kernel/secrets";
import type { LinkNonce } from "./ports";
import { signLinkToken } from "./webhook-token";

/** Ready-made options offered as links at most; more would drown the message. */
const MAX_OPTION_LINKS = 5;

/** One link of a channel message. */
export interface DecisionLink {
  label: string;
  url: string;
}

/**
 * The decisions a link can make for this inquiry (free text needs the app). An approval that
 * needs a fresh look (high risk) gets none: it is decided on its card, not from a channel.
 */
function decisionsFor(inquiry: Inquiry): { label: string; decision: LinkDecision }[] {
  if (inquiry.approval?.freshLook === true) return [];
  if (inquiry.type === "APPROVAL") {
    const allowed = inquiry.approval?.allowedDecisions ?? [];
    return [
      ...(allowed.includes("approve")
        ? [{ label: "Approve", decision: { action: "approve" } as const }]
        : []),
      ...(allowed.includes("reject")
        ? [{ label: "Reject", decision: { action: "reject" } as const }]
        : []),
    ];
  }
  return [
    ...inquiry.options.slice(0, MAX_OPTION_LINKS).map((option) => ({
      label: `Answer "${option}"`,
      decision: { action: "answer", response: option.slice(0, 500) } as const,
    })),
    { label: "Reject", decision: { action: "reject" } as const },
  ];
}

/**
 * Mints the signed, single-use, short-lived decision links of a channel message: each gets
 * its own nonce, whose hash waits in `nonces` until the link is used or expires. The links
 * point at the web app's confirmation page (`/webhook/decide?t=…`), never at an endpoint
 * that acts on GET, so link previews and mail scanners change nothing.
 */
export function createLinkIssuer(deps: {
  secret: string;
  nonces: OneTimeSecretStore<LinkNonce>;
  /** The web app's public origin, e.g. https://hub.example.com. */
  webPublicUrl: string;
  ttlMs: number;
  now?: () => Date;
}): { issue(inquiry: Inquiry): Promise<DecisionLink[]>; openUrl(inquiry: Inquiry): string } {
  const now = deps.now ?? (() => new Date());

  async function link(inquiry: Inquiry, label: string, decision: LinkDecision) {
    const nonce = newSecret();
    const expiresAt = new Date(now().getTime() + deps.ttlMs);
    await deps.nonces.put(
      hashSecret(nonce),
      { inquiryId: inquiry.id, userId: inquiry.userId },
      expiresAt,
    );
    const token = signLinkToken(
      { inquiryId: inquiry.id, userId: inquiry.userId, decision, expiresAt, nonce },
      deps.secret,
    );
    const url = new URL("/webhook/decide", deps.webPublicUrl);
    url.searchParams.set("t", token);
    return { label, url: url.toString() };
  }

  return {
    issue(inquiry) {
      return Promise.all(
        decisionsFor(inquiry).map(({ label, decision }) => link(inquiry, label, decision)),
      );
    },
    openUrl(inquiry) {
      return new URL(`/inbox#${inquiry.id}`, deps.webPublicUrl).toString();
    },
  };
}
