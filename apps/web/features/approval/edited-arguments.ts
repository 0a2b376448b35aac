import { z } from "zod";
import type { Translate } from "@/lib/i18n/translate";

const ArgumentsObjectSchema = z.record(z.string(), z.unknown());

/** The outcome of reading the "Arguments (JSON)" editor. */
export type EditedArguments =
  { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/**
 * Reads the person's edited arguments: a JSON object, as the tool receives it. Only the shape
 * is checked here; the hub judges the content against the tool's inputSchema and its reason
 * is shown if it refuses.
 *
 * @example parseEditedArguments('{"path":"notes.txt"}', t) // { ok: true, args: { path: "notes.txt" } }
 */
export function parseEditedArguments(text: string, t: Translate): EditedArguments {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: t("approval.invalidJson", { reason }) };
  }
  const parsed = ArgumentsObjectSchema.safeParse(value);
  return parsed.success
    ? { ok: true, args: parsed.data }
    : { ok: false, message: t("approval.notObject") };
}

/** The editor's starting text: the agent's arguments, pretty-printed. */
export function formatArguments(args: Record<string, unknown>): string {
  return JSON.stringify(args, null, 2);
}

/** One argument as table text: strings as they are, anything else as compact JSON. */
export function formatArgumentValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
