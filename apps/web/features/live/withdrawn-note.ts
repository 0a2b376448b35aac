import type { InquiryWithdrawn } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";

type Where = "here" | "named" | "elsewhere" | "unknown";

function whereResolved(withdrawn: InquiryWithdrawn, thisDeviceId: string | undefined): Where {
  if (withdrawn.byDeviceId !== undefined && withdrawn.byDeviceId === thisDeviceId) return "here";
  if (withdrawn.byDeviceName !== undefined && withdrawn.byDeviceName !== "") return "named";
  return withdrawn.byDeviceId === undefined ? "unknown" : "elsewhere";
}

/**
 * The short line a card leaves behind when the hub withdraws it: who resolved it and how.
 *
 * @example withdrawnNote({ status: "answered", byDeviceName: "Pixel 7", … }, "d-1")
 * // { key: "note.answeredOn", params: { device: "Pixel 7" } } → "Answered on Pixel 7"
 */
export function withdrawnNote(
  withdrawn: InquiryWithdrawn,
  thisDeviceId: string | undefined,
): Message {
  if (withdrawn.status === "timeout") return { key: "note.timedOut" };
  if (withdrawn.status === "cancelled") return { key: "note.cancelled" };
  const answered = withdrawn.status === "answered";
  switch (whereResolved(withdrawn, thisDeviceId)) {
    case "here":
      return { key: answered ? "note.answeredHere" : "note.declinedHere" };
    case "named":
      return {
        key: answered ? "note.answeredOn" : "note.declinedOn",
        params: { device: withdrawn.byDeviceName ?? "" },
      };
    case "elsewhere":
      return { key: answered ? "note.answeredElsewhere" : "note.declinedElsewhere" };
    case "unknown":
      return { key: answered ? "note.answered" : "note.declined" };
  }
}
