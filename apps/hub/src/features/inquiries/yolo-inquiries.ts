import type { Inquiry } from "@inquiry-hub/protocol";
import type { CreateInquiryInput, InquiryService } from "./inquiry-service";

/**
 * Whether the person has handed their decisions to the agent right now: the session's own
 * choice when the agent made one (`?yolo=1` / `?yolo=0` on the MCP URL, from the chat
 * request), else the user's YOLO setting (which may have expired).
 */
export type YoloGate = (userId: string, sessionOverride: boolean | undefined) => Promise<boolean>;

/**
 * Records an inquiry that nobody is asked: stored (so history and audit show it), never
 * announced to devices, and resolved at once as `answered` with `delegated: true` through
 * the same compare-and-set as every other resolution. No `byDeviceId`: the hub resolved it,
 * on the person's standing instruction.
 */
export async function recordDelegatedInquiry(
  inquiries: InquiryService,
  userId: string,
  input: CreateInquiryInput,
  now: () => Date = () => new Date(),
): Promise<Inquiry> {
  const inquiry = await inquiries.create(userId, { ...input, announce: false });
  const { inquiry: final } = await inquiries.resolve(inquiry.id, {
    status: "answered",
    delegated: true,
    resolvedAt: now().toISOString(),
  });
  return final;
}
