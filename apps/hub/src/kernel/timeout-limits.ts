/**
 * Longest client deadline a caller may ask for: one day. It bounds `send_inquiry`'s
 * `timeout`, HUB_INQUIRY_TIMEOUT_SECONDS and the proxy's `timeout_seconds` alike, so it lives
 * here, below both the hub's config and the proxy's schemas, and neither has to import the other.
 */
export const MAX_TIMEOUT_SECONDS = 86_400;
