import type {
  AnswerBody,
  AnswerVia,
  ApprovalDetails,
  ElicitationDetails,
  Inquiry,
  InquiryResolution,
  InquiryType,
  Question,
  SharedApproval,
  SuggestedBy,
} from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";

/** What a caller must supply to open an inquiry; the machine fills in the rest. */
export interface NewInquiry {
  id: string;
  userId: string;
  type: InquiryType;
  question: string;
  options: string[];
  suggestedAnswer?: string | undefined;
  /** Who wrote `suggestedAnswer`; the agent unless the hub's assistant drafted it. */
  suggestedBy?: SuggestedBy | undefined;
  /** A questionnaire; answers are checked against it. */
  questions?: Question[] | undefined;
  /** The gated tool call of an APPROVAL inquiry; kept on the record so any node can check answers. */
  approval?: ApprovalDetails | undefined;
  /** A team's rule when the approval is routed to a team instead of only its owner. */
  sharedApproval?: SharedApproval | undefined;
  /** The upstream elicitation this inquiry relays; answers must also fit its requestedSchema. */
  elicitation?: ElicitationDetails | undefined;
  /** The credential whose MCP call opened it. */
  askedByCredentialId?: string | undefined;
  createdAt: Date;
  expiresAt: Date;
}

/** A fresh pending inquiry record (plain JSON data). */
export function openInquiry(input: NewInquiry): Inquiry {
  return {
    id: input.id,
    userId: input.userId,
    type: input.type,
    question: input.question,
    options: input.options,
    ...(input.suggestedAnswer === undefined
      ? {}
      : { suggestedAnswer: input.suggestedAnswer, suggestedBy: input.suggestedBy ?? "agent" }),
    ...(input.questions === undefined ? {} : { questions: input.questions }),
    createdAt: input.createdAt.toISOString(),
    expiresAt: input.expiresAt.toISOString(),
    status: "pending",
    resolution: null,
    ...(input.approval === undefined ? {} : { approval: input.approval }),
    ...(input.sharedApproval === undefined ? {} : { sharedApproval: input.sharedApproval }),
    ...(input.elicitation === undefined ? {} : { elicitation: input.elicitation }),
    ...(input.askedByCredentialId === undefined
      ? {}
      : { askedByCredentialId: input.askedByCredentialId }),
  };
}

const ACTIONS_BY_TYPE: Record<InquiryType, ReadonlySet<AnswerBody["action"]>> = {
  INQUIRY: new Set(["answer", "reject", "timeout", "delegate"]),
  APPROVAL: new Set(["approve", "edit", "reject"]),
};

/**
 * Turns a person's answer into a resolution, or throws BAD_REQUEST when the action does not
 * fit the inquiry type (approve/edit only for APPROVAL; answer/timeout only for INQUIRY).
 * `approve` and `edit` resolve as `answered` with `response` naming the decision; `edit`
 * carries the edited arguments in `values`. `delegate` resolves as `answered` with
 * `delegated: true`: the person handed the decision to the agent.
 *
 * @param deviceId the authenticated device that answered, recorded as `byDeviceId`. A body's
 *   own `deviceId` is ignored: only the credential says which device is speaking, and an
 *   absent `byDeviceId` always means the hub itself resolved it.
 * @param via where the person answered when not on the device itself (recorded as `via`).
 */
export function resolutionFromAnswer(
  type: InquiryType,
  body: AnswerBody,
  resolvedAt: Date,
  deviceId: string,
  via?: AnswerVia,
): InquiryResolution {
  if (!ACTIONS_BY_TYPE[type].has(body.action)) {
    throw new HubError(
      "BAD_REQUEST",
      `action: "${body.action}" is not valid for an ${type} inquiry`,
    );
  }
  const common = {
    byDeviceId: deviceId,
    ...(via === undefined ? {} : { via }),
    resolvedAt: resolvedAt.toISOString(),
  };
  switch (body.action) {
    case "answer":
      return {
        status: "answered",
        ...(body.response === undefined ? {} : { response: body.response }),
        ...(body.values === undefined ? {} : { values: body.values }),
        ...common,
      };
    case "reject":
      return {
        status: "rejected",
        ...(body.reason === undefined ? {} : { reason: body.reason }),
        ...common,
      };
    case "timeout":
      return { status: "timeout", ...common };
    case "delegate":
      return { status: "answered", delegated: true, ...common };
    case "approve":
      return { status: "answered", response: "approve", ...common };
    case "edit":
      return { status: "answered", response: "edit", values: body.args, ...common };
  }
}

/** A resolution the hub makes itself (backstop timeout, cancelled call): no device. */
export function hubResolution(
  status: "timeout" | "cancelled",
  resolvedAt: Date,
): InquiryResolution {
  return { status, resolvedAt: resolvedAt.toISOString() };
}

/** Outcome of applying a resolution: `applied` is false when the inquiry was already final. */
export type ApplyOutcome =
  { applied: true; inquiry: Inquiry } | { applied: false; inquiry: Inquiry };

/**
 * The only transition: pending → final, exactly once. Applying to a final inquiry changes
 * nothing and returns it as is, which is what makes store-level compare-and-set possible.
 */
export function applyResolution(inquiry: Inquiry, resolution: InquiryResolution): ApplyOutcome {
  if (inquiry.status !== "pending") return { applied: false, inquiry };
  return { applied: true, inquiry: { ...inquiry, status: resolution.status, resolution } };
}

const VERBS = {
  answered: "answered",
  rejected: "rejected",
  timeout: "closed as timed out",
  cancelled: "cancelled",
} as const;

/**
 * The CONFLICT error for a second resolution attempt: says how and by whom the inquiry was
 * closed, e.g. `inquiry already answered on "Pixel 7" (device 3f…)`; without a known device
 * name "by device <id>", and "by the hub" for backstop timeouts and cancellations.
 */
export function alreadyResolvedError(inquiry: Inquiry, deviceName?: string): HubError {
  const resolution = inquiry.resolution;
  if (resolution === null)
    return new HubError("INTERNAL", `inquiry ${inquiry.id} is still pending`);
  const deviceId = resolution.byDeviceId;
  const by =
    deviceId === undefined
      ? "by the hub"
      : deviceName === undefined
        ? `by device ${deviceId}`
        : `on ${JSON.stringify(deviceName)} (device ${deviceId})`;
  return new HubError("CONFLICT", `inquiry already ${VERBS[resolution.status]} ${by}`, {
    details: {
      status: resolution.status,
      byDeviceId: deviceId ?? null,
      ...(deviceName === undefined ? {} : { byDeviceName: deviceName }),
      resolvedAt: resolution.resolvedAt,
    },
  });
}
