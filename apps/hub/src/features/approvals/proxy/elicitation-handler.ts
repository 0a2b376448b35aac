import { QuestionsSchema, requestedSchemaToQuestions } from "@inquiry-hub/protocol";
import type { Inquiry, Question } from "@inquiry-hub/protocol";
import { ElicitResultSchema } from "@modelcontextprotocol/core";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/server";
import { ZodError } from "zod";
import type { CreateInquiryInput } from "../../inquiries/inquiry-service";
import { recordDelegatedInquiry } from "../../inquiries/yolo-inquiries";
import { awaitResolution } from "../../inquiries/mcp/await-resolution";
import type { ApprovalContext } from "./await-approval";
import type { ForwardedCalls } from "./elicitation-calls";
import type { ClientContext } from "@modelcontextprotocol/client";

/** The one option of an elicitation without fields: the person can only accept or decline. */
export const ACCEPT_OPTION = "Accept";

/** What a proxy session's upstream elicitations need. */
export interface ElicitationDeps {
  approvals: ApprovalContext;
  calls: ForwardedCalls;
  /** Aborts when the upstream connection closed: a waiting elicitation is withdrawn. */
  upstreamGone: AbortSignal;
}

/** The requestedSchema of a form-mode elicitation, as the SDK typed it. */
type ElicitRequestFormSchema = Extract<
  ElicitRequest["params"],
  { requestedSchema: unknown }
>["requestedSchema"];

function describeSchemaProblem(error: unknown): string {
  if (!(error instanceof ZodError)) return String(error);
  return error.issues
    .map((issue) => `${issue.path.map(String).join(".") || "requestedSchema"}: ${issue.message}`)
    .join("; ");
}

/**
 * The form of an elicitation: its requestedSchema as questions, or undefined for a schema
 * without properties (a plain "may I?"). A schema outside the flat subset a device can render
 * is an InvalidParams error, not a `decline` or `cancel`: those would claim the person
 * answered, while an error lets the upstream fall back (e.g. ask in its tool result).
 */
export function questionsOf(requestedSchema: ElicitRequestFormSchema): Question[] | undefined {
  if (Object.keys(requestedSchema.properties).length === 0) return undefined;
  try {
    return QuestionsSchema.parse(requestedSchemaToQuestions(requestedSchema));
  } catch (error) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `the approval proxy cannot show this elicitation form: ${describeSchemaProblem(error)}`,
    );
  }
}

/**
 * The elicitation result of a final inquiry: an answer is `accept` with exactly the values
 * the hub accepted (checked against the questions and the requestedSchema), a refusal is
 * `decline`, and so is a delegation ("Let the assistant answer"): nobody can invent the
 * person's values. A timeout or a withdrawn inquiry is `cancel`: the person never decided.
 */
export function elicitResultOf(inquiry: Inquiry): ElicitResult {
  const resolution = inquiry.resolution;
  switch (resolution?.status) {
    case "answered":
      if (resolution.delegated === true) return { action: "decline" };
      return ElicitResultSchema.parse({ action: "accept", content: resolution.values ?? {} });
    case "rejected":
      return { action: "decline" };
    case "timeout":
    case "cancelled":
    case undefined:
      return { action: "cancel" };
  }
}

/**
 * Handles an upstream's `elicitation/create` for one proxy session: the request becomes an
 * INQUIRY for the session's user, fanned out to their devices as a questionnaire built from
 * the requestedSchema, and announced on the agent's running tools/call like send_inquiry
 * (INQUIRY progress, heartbeats, INQUIRY_CLOSED), so the chat shows the card too. While the
 * person answers, that call's upstream deadline is held. YOLO resolves at once as `decline`,
 * recorded as delegated. An elicitation outside a forwarded tools/call is refused: there is
 * no agent request to announce it on or to bound its wait.
 */
export function createElicitationHandler(
  deps: ElicitationDeps,
): (request: ElicitRequest, extra: ClientContext) => Promise<ElicitResult> {
  const context = deps.approvals;
  return async (request, extra) => {
    const params = request.params;
    if (!("requestedSchema" in params))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "the approval proxy supports form elicitation only",
      );
    const call = deps.calls.latest();
    if (call === undefined)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        "the approval proxy relays elicitations only while it forwards a tools/call",
      );
    const questions = questionsOf(params.requestedSchema);
    const input: CreateInquiryInput = {
      question: params.message,
      ...(questions === undefined ? { options: [ACCEPT_OPTION] } : { questions }),
      elicitation: { upstream: context.upstream, requestedSchema: params.requestedSchema },
    };
    if (await context.yolo(context.userId, context.yoloOverride)) {
      await recordDelegatedInquiry(context.inquiries, context.userId, input);
      return { action: "decline" };
    }
    const release = call.hold();
    try {
      const inquiry = await context.inquiries.create(context.userId, input);
      const final = await awaitResolution(context, inquiry, {
        extra: call.extra,
        withdraw: AbortSignal.any([
          extra.mcpReq.signal,
          call.extra.mcpReq.signal,
          deps.upstreamGone,
        ]),
      });
      return elicitResultOf(final);
    } finally {
      release();
    }
  };
}
