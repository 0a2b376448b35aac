import { InquiryResolutionSchema, InquirySchema, InquiryStatusSchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";

/**
 * How an inquiry sits in its Redis hash. `body` is the JSON of everything that never changes
 * after creation; `status` and `resolution` (JSON, `null` while pending) are separate fields
 * so the resolve script can compare and set them without parsing JSON in Lua.
 */
export interface StoredInquiry {
  body: string;
  status: string;
  resolution: string;
}

const BodySchema = InquirySchema.omit({ status: true, resolution: true });

/** Splits a record into its stored fields. */
export function encodeInquiry(inquiry: Inquiry): StoredInquiry {
  const { status, resolution, ...body } = inquiry;
  return { body: JSON.stringify(body), status, resolution: JSON.stringify(resolution) };
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
