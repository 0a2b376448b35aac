/**
 * The `?inquiryTimeout=<seconds>` of the chat page's URL as a positive number of seconds,
 * or undefined when absent or not a positive number.
 */
export function parseInquiryTimeoutParam(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === "") return undefined;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The chat page's `?yolo=1|0` as this chat's YOLO override; undefined when absent or other. */
export function parseYoloParam(value: string | string[] | undefined): boolean | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  return undefined;
}
