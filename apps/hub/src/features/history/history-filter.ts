import { historyDateBounds } from "@inquiry-hub/protocol";
import type { HistoryFilter, Inquiry } from "@inquiry-hub/protocol";
import { decidingDeviceId } from "./history-decision";

/**
 * The text `q` searches in one inquiry: question, answer text, answer values, reason, tool
 * name and the approval's arguments (as JSON). The owner saw those arguments on their device
 * when deciding, so searching them reveals nothing new to the only person who can search.
 */
function searchableText(inquiry: Inquiry): string {
  const resolution = inquiry.resolution;
  return [
    inquiry.question,
    resolution?.response,
    resolution?.values === undefined ? undefined : JSON.stringify(resolution.values),
    resolution?.reason,
    inquiry.approval?.tool,
    inquiry.approval === undefined ? undefined : JSON.stringify(inquiry.approval.arguments),
  ]
    .filter((part) => part !== undefined)
    .join("\n")
    .toLowerCase();
}

/**
 * Whether `inquiry` passes every filter that is set (AND). `byDeviceName` is the current name
 * of the device whose person decided (none for a timeout), so `device` matches an id or a
 * name (case-insensitive).
 *
 * @example matchesHistoryFilter(inquiry, { q: "deploy", tool: "write_file" }, "Laptop")
 */
export function matchesHistoryFilter(
  inquiry: Inquiry,
  filter: HistoryFilter,
  byDeviceName: string | null,
): boolean {
  if (filter.status !== undefined && inquiry.status !== filter.status) return false;
  if (filter.tool !== undefined && inquiry.approval?.tool !== filter.tool) return false;
  if (filter.credential !== undefined && inquiry.askedByCredentialId !== filter.credential)
    return false;
  if (filter.device !== undefined) {
    const wanted = filter.device.toLowerCase();
    const byDeviceId = decidingDeviceId(inquiry);
    if (byDeviceId !== filter.device && byDeviceName?.toLowerCase() !== wanted) return false;
  }
  const created = Date.parse(inquiry.createdAt);
  if (filter.from !== undefined && created < historyDateBounds(filter.from).start) return false;
  if (filter.to !== undefined && created > historyDateBounds(filter.to).end) return false;
  return filter.q === undefined || searchableText(inquiry).includes(filter.q.toLowerCase());
}
