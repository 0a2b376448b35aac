import { z } from "zod";
import { MAX_ANSWER_LENGTH, questionsToRequestedSchema } from "@inquiry-hub/protocol";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import { ElicitRequestFormParamsSchema } from "@modelcontextprotocol/core";
import { PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type {
  ClientCapabilities,
  ElicitRequestFormParams,
  ServerContext,
} from "@modelcontextprotocol/server";
import type { InquiryService } from "../../core/inquiries/inquiry-service";
import { HubError } from "../../core/shared/errors";
import type { Logger } from "../../core/shared/ports";

/** What asking the caller's own client needs from its send_inquiry session. */
export interface InlineElicitationContext {
  inquiries: InquiryService;
  userId: string;
  /** The session's credential: the answer is recorded as given through it (`byDeviceId`). */
  credentialId: string;
  logger: Logger;
}

/** The form's one field when the inquiry is a plain question (with or without options). */
const ANSWER_FIELD = "answer";

/**
 * The elicitation request's own SDK timer is set this far out (the largest delay `setTimeout`
 * accepts): the form lives exactly as long as the held call, which ends it (see the disposer).
 */
const NO_SDK_TIMEOUT_MS = 2_147_483_647;

/**
 * Form elicitation as a client declares it: `elicitation.form`, or an empty `elicitation: {}`,
 * which the spec reads as form (clients from before the modes). URL-only clients get no form.
 */
const FormElicitationSchema = z.object({
  elicitation: z
    .looseObject({ form: z.looseObject({}).optional(), url: z.unknown().optional() })
    .refine((elicitation) => elicitation.form !== undefined || elicitation.url === undefined),
});

/** The accepted content of a plain question's form. */
const PlainAnswerContentSchema = z.object({
  [ANSWER_FIELD]: z.string().trim().min(1).max(MAX_ANSWER_LENGTH),
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
 * The inquiry as an elicitation form: its questionnaire, or one answer field (a choice among
 * its options when it has some, the suggested answer as the default when it fits). Checked
 * against the spec's form schema; undefined for a form the spec's flat subset cannot express.
 */
function formOf(inquiry: Inquiry): ElicitRequestFormParams | undefined {
  const suggested = inquiry.suggestedAnswer;
  const offered = inquiry.options.length > 0 ? inquiry.options : undefined;
  const fitsDefault =
    suggested !== undefined && (offered === undefined || offered.includes(suggested));
  const requestedSchema =
    inquiry.questions === undefined
      ? {
          type: "object",
          properties: {
            [ANSWER_FIELD]: {
              type: "string",
              title: "Your answer",
              ...(offered === undefined ? {} : { enum: offered }),
              ...(fitsDefault ? { default: suggested } : {}),
            },
          },
          required: [ANSWER_FIELD],
        }
      : questionsToRequestedSchema(inquiry.questions);
  const form = ElicitRequestFormParamsSchema.safeParse({
    mode: "form",
    message: inquiry.question,
    requestedSchema,
  });
  return form.success ? form.data : undefined;
}

/** The answer an accepted form gives, in the shape a device would send it. */
function answerOf(inquiry: Inquiry, content: Record<string, unknown>): AnswerBody {
  if (inquiry.questions !== undefined) return { action: "answer", values: content };
  const parsed = PlainAnswerContentSchema.safeParse(content);
  if (!parsed.success)
    throw new HubError("BAD_REQUEST", `the client's form answer does not fit: ${parsed.error.message}`);
  return { action: "answer", response: parsed.data[ANSWER_FIELD] };
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
 */
export function askInClient(
  context: InlineElicitationContext,
  capabilities: ClientCapabilities | undefined,
  ctx: ServerContext,
  inquiry: Inquiry,
): () => void {
  const form = answerableInClient(inquiry) ? formOf(inquiry) : undefined;
  if (
    form === undefined ||
    isModernRequest(ctx) ||
    !FormElicitationSchema.safeParse(capabilities).success
  )
    return () => undefined;
  const ended = new AbortController();
  const log = { inquiryId: inquiry.id, credentialId: context.credentialId };
  const answerInClient = async (): Promise<void> => {
    const result = await ctx.mcpReq.send(
      { method: "elicitation/create", params: form },
      { signal: ended.signal, timeout: NO_SDK_TIMEOUT_MS },
    );
    if (result.action !== "accept") return;
    await context.inquiries.answer(
      context.userId,
      inquiry.id,
      answerOf(inquiry, result.content ?? {}),
      context.credentialId,
      "mcp-client",
    );
  };
  answerInClient().catch((error: unknown) => {
    console.log("DEBUG inline error", error);
    if (ended.signal.aborted || (error instanceof HubError && error.code === "CONFLICT")) return;
    context.logger.warn({ ...log, err: error }, "the client's in-line answer was not taken");
  });
  return () => ended.abort("the send_inquiry call this form belongs to has ended");
}
