import { InquiryResolutionSchema, InquirySchema, InquiryStatusSchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { TraceCarrier } from "../inquiry-tracing";
import { TraceCarrierSchema } from "../adapters/trace-carrier";

/**
 * How an inquiry sits in its Redis hash. `body` is the JSON of everything but the resolution
 * (what changes while pending, `expiresAt` and `agentWaiting`, is replaced by a compare-and-set
 * of the whole body); `status` and `resolution` (JSON, `null` while pending) are separate
 * fields so the resolve script can compare and set them without parsing JSON in Lua.
 */
export interface StoredInquiry {
  body: string;
  status: string;
  resolution: string;
}

const BodySchema = InquirySchema.omit({ status: true, resolution: true });

/**
 * `body` also carries the creating call's trace context under `traceContext`, an internal
 * field: `decodeInquiry` strips it (BodySchema knows no such key), only
 * `decodeTraceContext` reads it.
 */
const TraceContextOfBodySchema = z.object({ traceContext: TraceCarrierSchema.optional() });

/** Splits a record into its stored fields, with the creating call's trace context if any. */
export function encodeInquiry(inquiry: Inquiry, traceContext?: TraceCarrier): StoredInquiry {
  const { status, resolution, ...body } = inquiry;
  return {
    body: JSON.stringify(traceContext === undefined ? body : { ...body, traceContext }),
    status,
    resolution: JSON.stringify(resolution),
  };
}

/** The trace context stored in `body` by `encodeInquiry`; undefined when it has none. */
export function decodeTraceContext(body: string): TraceCarrier | undefined {
  return TraceContextOfBodySchema.parse(JSON.parse(body)).traceContext;
}

/**
 * Rebuilds the record, validated against the protocol schema so a corrupted or foreign
 * value fails loudly here instead of leaking malformed inquiries to clients.
 */
export function decodeInquiry(stored: StoredInquiry): Inquiry {
  return {
    ...BodySchema.parse(JSON.parse(stored.body)),
    status: InquiryStatusSchema.parse(stored.status),
    resolution: InquiryResolutionSchema.nullable().parse(JSON.parse(stored.resolution)),
  };
}
