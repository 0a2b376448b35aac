import { z } from "zod";
import type { Inquiry } from "@inquiry-hub/protocol";
import { PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type { ClientCapabilities, ServerContext } from "@modelcontextprotocol/server";
import type { InquiryService } from "../inquiry-service";
import { HubError } from "../../../kernel/errors";
import type { Logger } from "../../../kernel/ports";
import {
  INQUIRY_INPUT_KEY,
  answerFromInputResponse,
  inquiryInputRequests,
} from "./tasks/inquiry-input-request";

/** What asking the caller's own client needs from its send_inquiry session. */
export interface InlineElicitationContext {
  inquiries: InquiryService;
  userId: string;
  /** The session's credential: the answer is recorded as given through it (`byDeviceId`). */
  credentialId: string;
  logger: Logger;
}

/** How long the client gets to answer the ping that precedes a form (see askInClient). */
const PING_TIMEOUT_MS = 10_000;

/**
 * Form elicitation as a client declares it: `elicitation.form`, or an empty `elicitation: {}`,
 * which the spec reads as form (clients from before the modes). URL-only clients get no form.
 */
const FormElicitationSchema = z.object({
  elicitation: z
    .looseObject({ form: z.looseObject({}).optional(), url: z.unknown().optional() })
    .refine((elicitation) => elicitation.form !== undefined || elicitation.url === undefined),
});

/**
 * Only a person's free question may be answered in the asking agent's client. An approval
 * (request_approval, a gated proxy call) and an upstream's relayed elicitation never are: the
 * agent's own client must not decide its own gated call, whoever sits in front of it.
 */
function answerableInClient(inquiry: Inquiry): boolean {
  return (
    inquiry.type === "INQUIRY" &&
    inquiry.status === "pending" &&
    inquiry.approval === undefined &&
    inquiry.sharedApproval === undefined &&
    inquiry.elicitation === undefined
  );
}

/** A 2026-07-28 request carries its protocol version in the per-request `_meta` envelope. */
function isModernRequest(ctx: ServerContext): boolean {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  return envelope[PROTOCOL_VERSION_META_KEY] !== undefined;
}

/**
 * Asks the caller's own MCP client for one pending send_inquiry question in-line, as an
 * `elicitation/create` form on the call's own stream, racing the person's devices; returns
 * the disposer the held call runs when it ends. Only a 2025-era session whose client declared
 * form elicitation is asked (2026-07-28 requests have no server→client request), and only a
 * free question (see answerableInClient); otherwise nothing is sent.
 *
 * The first answer wins through the service's compare-and-set answer path:
 * - accepted in the client: answered as from the session's credential, `via: "mcp-client"`;
 *   the resolution broadcast withdraws the card from every device, and the held call returns
 *   that answer. An answer the questions refuse leaves the question open on the devices.
 * - answered on a device (or timed out, withdrawn): the held call ends and its disposer
 *   aborts the elicitation, so the SDK tells the client `notifications/cancelled`.
 * - dismissed in the client (`decline`, `cancel`, an error): nothing; the person was not
 *   asked to decline, and the question stays open on the devices.
 *
 * The form is the one a task's input request shows (inquiry-input-request.ts). A `ping` goes
 * first: the official TypeScript SDK v1 client ignores `notifications/cancelled` for request
 * id 0, which a session's first server→client request gets, so without it a device's answer
 * could not withdraw the first form of a session. The ping also shows the client listens on
 * the call's stream before any form is shown.
 */
export function askInClient(
  context: InlineElicitationContext,
  capabilities: ClientCapabilities | undefined,
  ctx: ServerContext,
  inquiry: Inquiry,
): () => void {
  const form = inquiryInputRequests(inquiry)[INQUIRY_INPUT_KEY];
  if (
    form === undefined ||
    !answerableInClient(inquiry) ||
    isModernRequest(ctx) ||
    !FormElicitationSchema.safeParse(capabilities).success
  )
    return () => undefined;
  const ended = new AbortController();
  const answerInClient = async (): Promise<void> => {
    await ctx.mcpReq.send({ method: "ping" }, { signal: ended.signal, timeout: PING_TIMEOUT_MS });
    const response = await ctx.mcpReq.send(form, {
      signal: ended.signal,
      timeout: Math.max(1, Date.parse(inquiry.expiresAt) - Date.now()),
    });
    const answer = answerFromInputResponse(inquiry, response);
    if (answer === undefined) return;
    await context.inquiries.answer(
      context.userId,
      inquiry.id,
      answer,
      context.credentialId,
      "mcp-client",
    );
  };
  answerInClient().catch((error: unknown) => {
    if (ended.signal.aborted || (error instanceof HubError && error.code === "CONFLICT")) return;
    context.logger.info(
      { err: error, inquiryId: inquiry.id, credentialId: context.credentialId },
      "the client's in-line answer to a question was not taken",
    );
  });
  return () => ended.abort("the send_inquiry call this form belongs to has ended");
}
