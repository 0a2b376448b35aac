"use client";

import { useId } from "react";
import { Badge } from "@/lib/ui/badge";
import { cn } from "@/lib/ui/cn";
import { useT } from "@/features/i18n";
import { ArgumentValue } from "./argument-value";
import { formatArgumentValue } from "./edited-arguments";
import type { ReadDrafts } from "./edited-arguments";

/**
 * "Approve will send": every argument exactly as Approve with these changes would send it,
 * the changed ones marked with what the agent asked for beside them. While a field does not
 * parse, or nothing changed yet, it says so instead.
 */
export function EditPreview({
  read,
  original,
}: {
  read: ReadDrafts;
  original: Record<string, unknown>;
}) {
  const t = useT();
  const headingId = useId();
  const entries = Object.entries(read.args);
  let body;
  if (read.errors.size > 0)
    body = <p className="text-sm text-muted-foreground">{t("approval.fixFirst")}</p>;
  else if (read.changed.size === 0)
    body = <p className="text-sm text-muted-foreground">{t("approval.noChanges")}</p>;
  else
    body = (
      <table className="w-full table-fixed border-collapse text-sm" aria-labelledby={headingId}>
        <tbody>
          {entries.map(([name, value]) => {
            const changed = read.changed.has(name);
            return (
              <tr
                key={name}
                data-changed={changed}
                className={cn("border-t first:border-t-0", changed && "bg-attention")}
              >
                <th
                  scope="row"
                  className="w-[32%] px-2 py-2 text-left align-top font-mono text-[0.8125rem] font-medium [overflow-wrap:anywhere] sm:w-40"
                >
                  {name}
                  {changed && (
                    <Badge
                      tone="attention"
                      className="mt-1 flex w-fit border border-attention-border font-sans"
                    >
                      {t("approval.changed")}
                    </Badge>
                  )}
                </th>
                <td className="px-2 py-2 align-top">
                  <ArgumentValue value={value} />
                  {changed && (
                    <p className="mt-1 text-xs text-muted-foreground line-through [overflow-wrap:anywhere] line-clamp-3">
                      {t("approval.was", { value: formatArgumentValue(original[name]) })}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  return (
    <section
      aria-labelledby={headingId}
      data-testid="approval-preview"
      className="grid gap-2 rounded-lg border border-dashed border-input p-3"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        {t("approval.willSend")}
      </h3>
      {body}
    </section>
  );
}
