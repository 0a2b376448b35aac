import type { HistoryFilter } from "@inquiry-hub/protocol";

/** The filter keys in the order they appear in a query string. */
const FILTER_KEYS = ["q", "credential", "tool", "status", "device", "from", "to"] as const;

/**
 * The query string of a history filter, set filters only, plus `extra` (paging, format). The
 * list, the export links and the route handlers that forward to the hub all build it here, so
 * an export carries exactly the filters of the list on screen.
 *
 * @example historySearchParams({ q: "deploy" }, { format: "csv" }).toString() // "q=deploy&format=csv"
 */
export function historySearchParams(
  filter: HistoryFilter,
  extra: Record<string, string | undefined> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== "") params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value);
  return params;
}
