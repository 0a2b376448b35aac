import type { ServerContext } from "@modelcontextprotocol/server";

/**
 * The `progress` values of one client request, shared by everything that reports progress on
 * it: the hub's own notifications (the opened ticket, heartbeats, INQUIRY_CLOSED while a person
 * decides) and an upstream's progress the approval proxy relays. The client sees one token, so
 * MCP demands that its values rise strictly whoever sends them.
 */
export interface ProgressSequence {
  /** The value for a notification of the hub's own: 0 first, then one above the last. */
  next(): number;
  /**
   * Places an upstream's `progress` (and `total`) on this request's scale. Values pass
   * unchanged while they stay above the last one sent (an ungated call with nothing sent before
   * sees the upstream's exact numbers); otherwise both are shifted by the smallest offset that
   * keeps `progress` strictly rising, and later values keep that offset, so the steps between
   * upstream values and the remaining amount `total - progress` stay the upstream's own.
   */
  place(progress: number, total: number | undefined): { progress: number; total?: number };
}

/** One sequence per request handler context, dropped with it. */
const sequences = new WeakMap<ServerContext["mcpReq"], ProgressSequence>();

function createProgressSequence(): ProgressSequence {
  let last: number | undefined;
  let offset = 0;

  return {
    next() {
      last = last === undefined ? 0 : last + 1;
      return last;
    },
    place(progress, total) {
      let placed = progress + offset;
      if (last !== undefined && !(placed > last)) {
        offset = last + 1 - progress;
        placed = last + 1;
      }
      last = placed;
      return total === undefined
        ? { progress: placed }
        : { progress: placed, total: total + offset };
    },
  };
}

/** The progress sequence of the request `extra` handles, created on first use. */
export function progressSequenceOf(extra: ServerContext): ProgressSequence {
  const existing = sequences.get(extra.mcpReq);
  if (existing !== undefined) return existing;
  const created = createProgressSequence();
  sequences.set(extra.mcpReq, created);
  return created;
}
