import { z } from "zod";

/**
 * How a device may say its answer came: `push`, a push notification's action button (the
 * service worker's request). Only how, never who: the hub records the presenting credential's
 * person and device whatever the body says, and `mcp-client` is the hub's own to set. One of
 * `AnswerVia`'s values (not imported: inquiry.ts reaches this file through questionnaire.ts).
 */
const DeviceAnswerViaSchema = z.enum(["push"]);

const SenderFields = {
  /** The device sending the answer, recorded as `byDeviceId`. */
  deviceId: z.string().min(1).max(200).optional(),
  /** Set by a push notification's action (`POST /api/inquiries/:id/answer`), recorded as `via`. */
  via: DeviceAnswerViaSchema.optional(),
};

/** Longest free-text answer or reason accepted, in characters. */
export const MAX_ANSWER_LENGTH = 20_000;

const AnswerActionSchema = z
  .object({
    action: z.literal("answer"),
    /** Free-text answer. */
    response: z.string().max(MAX_ANSWER_LENGTH).optional(),
    /** Structured values, e.g. a questionnaire form. */
    values: z.record(z.string(), z.unknown()).optional(),
    ...SenderFields,
  })
  .refine((body) => body.response !== undefined || body.values !== undefined, {
    message: "an answer needs `response` or `values`",
    path: ["response"],
  });

const RejectActionSchema = z.object({
  action: z.literal("reject"),
  reason: z.string().max(MAX_ANSWER_LENGTH).optional(),
  ...SenderFields,
});

const TimeoutActionSchema = z.object({
  action: z.literal("timeout"),
  ...SenderFields,
});

/** The person hands the decision to the agent ("Let the assistant answer"). */
const DelegateActionSchema = z.object({
  action: z.literal("delegate"),
  ...SenderFields,
});

const ApproveActionSchema = z.object({
  action: z.literal("approve"),
  ...SenderFields,
});

const EditActionSchema = z.object({
  action: z.literal("edit"),
  args: z.record(z.string(), z.unknown()),
  ...SenderFields,
});

/**
 * Body of `POST /api/inquiries/:id/answer` and of the socket event `inquiry:answer`.
 * A bare `{response}` without `action` means `action: "answer"`.
 *
 * @example { action: "answer", response: "Hangzhou" }
 * @example { action: "reject", reason: "not now" }
 * @example { action: "answer", values: { party_size: 4 } }
 * @example { action: "delegate" }
 */
export const AnswerBodySchema = z.preprocess(
  (input) =>
    input !== null && typeof input === "object" && !("action" in input) && "response" in input
      ? { ...input, action: "answer" }
      : input,
  z.discriminatedUnion("action", [
    AnswerActionSchema,
    RejectActionSchema,
    TimeoutActionSchema,
    DelegateActionSchema,
    ApproveActionSchema,
    EditActionSchema,
  ]),
);
export type AnswerBody = z.infer<typeof AnswerBodySchema>;
export type AnswerAction = AnswerBody["action"];
