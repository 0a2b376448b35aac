import { ApprovalRulesExportSchema } from "@inquiry-hub/protocol";
import type { ApprovalRulesExport } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

/** Rules read from a file or pasted text, or why they cannot be imported, in plain words. */
export type ReadRules = { rules: ApprovalRulesExport } | { problem: string };

/**
 * Reads an import before it is sent: JSON first, then the proxy config's policy format, so a
 * typo is named where it is ("At upstreams.demo.tools.write_file.allow.0: …") rather than as
 * the hub's bare 400.
 */
export function readRulesText(text: string, t: Translate): ReadRules {
  if (text.trim() === "") return { problem: t("rules.importEmpty") };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      problem: t("rules.importNotJson", {
        problem: error instanceof Error ? error.message : String(error),
      }),
    };
  }
  const parsed = ApprovalRulesExportSchema.safeParse(json);
  if (parsed.success) return { rules: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    problem: t("rules.importWrongShape", {
      where: issue === undefined || issue.path.length === 0 ? "/" : issue.path.join("."),
      problem: issue?.message ?? "",
    }),
  };
}
