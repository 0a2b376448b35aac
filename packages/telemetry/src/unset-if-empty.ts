import { z } from "zod";

/**
 * An optional variable where set-but-empty (`METRICS_PORT=` in a .env file) means unset, so
 * an app reading the raw environment and one that drops empty values first agree.
 */
export const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
