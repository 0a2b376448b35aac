import { z } from "zod";
import { AnswerBodySchema, DeviceReceiptKindSchema } from "../inquiry";

/** Socket payload of `inquiry:answer`: the answer body plus the inquiry it answers. */
export const SocketAnswerPayloadSchema = z
  .object({ inquiryId: z.uuid() })
  .loose()
  .transform((payload, context) => {
    const { inquiryId, ...rest } = payload;
    const body = AnswerBodySchema.safeParse(rest);
    if (!body.success) {
      for (const issue of body.error.issues) context.addIssue({ ...issue, code: "custom" });
      return z.NEVER;
    }
    return { inquiryId, body: body.data };
  });
export type SocketAnswerPayload = z.infer<typeof SocketAnswerPayloadSchema>;

/**
 * Client→server `inquiry:receipt`: this device got the card (`delivered`) or shows it in a
 * focused tab (`seen`); `via: "notification"` when the person opened it from a notification.
 */
export const SocketReceiptPayloadSchema = z.object({
  inquiryId: z.uuid(),
  kind: DeviceReceiptKindSchema,
  via: z.enum(["app", "notification"]).optional(),
});
export type SocketReceiptPayload = z.infer<typeof SocketReceiptPayloadSchema>;
