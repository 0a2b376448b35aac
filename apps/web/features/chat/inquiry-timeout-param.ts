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

/**
 * The chat page's `?yolo=0` ("always ask in this chat", even while YOLO is on) as true.
 * A URL can only make a chat stricter: `?yolo=1` and anything else read as false, so a
 * link never switches the approval gate off; only the person's own setting does that.
 */
export function parseAlwaysAskParam(value: string | string[] | undefined): boolean {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw === "0" || raw === "false";
}
