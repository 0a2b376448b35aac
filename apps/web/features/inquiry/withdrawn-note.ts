import type { InquiryWithdrawn } from "@inquiry-hub/protocol";

function onDevice(withdrawn: InquiryWithdrawn, thisDeviceId: string | undefined): string {
  if (withdrawn.byDeviceId !== undefined && withdrawn.byDeviceId === thisDeviceId) {
    return " on this device";
  }
  if (withdrawn.byDeviceName !== undefined && withdrawn.byDeviceName !== "") {
    return ` on ${withdrawn.byDeviceName}`;
  }
  return withdrawn.byDeviceId === undefined ? "" : " on another device";
}

/**
 * The short line a card leaves behind when the hub withdraws it: who resolved it and how.
 *
 * @example withdrawnNote({ status: "answered", byDeviceName: "Pixel 7", … }, "d-1")
 * // "Answered on Pixel 7"
 */
export function withdrawnNote(
  withdrawn: InquiryWithdrawn,
  thisDeviceId: string | undefined,
): string {
  switch (withdrawn.status) {
    case "answered":
      return `Answered${onDevice(withdrawn, thisDeviceId)}`;
    case "rejected":
      return `Declined${onDevice(withdrawn, thisDeviceId)}`;
    case "timeout":
      return "Timed out";
    case "cancelled":
      return "Cancelled";
  }
}
