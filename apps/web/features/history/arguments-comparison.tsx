"use client";

import type { HistoryItem } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { Badge } from "@/lib/ui/badge";
import { cn } from "@/lib/ui/cn";
import { changedArgumentNames } from "@/features/approval";

/** A value in full, as it was sent: strings as they are, others as indented JSON. */
function FullValue({ value }: { value: unknown }) {
  const text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "");
  return (
    <pre className="max-h-60 overflow-auto font-mono text-xs break-words whitespace-pre-wrap">
      {text}
    </pre>
  );
}

/** A column's name over its value where the table header is hidden (a phone). */
function PhoneLabel({ children }: { children: string }) {
  return <span className="block text-xs text-muted-foreground sm:hidden">{children}</span>;
}

/**
 * The call's arguments, one row each: what the agent asked for and, after an edit, what ran
 * instead beside it, the changed rows marked. On a phone the two values stack in the row.
 */
export function ArgumentsComparison({
  approval,
}: {
  approval: NonNullable<HistoryItem["approval"]>;
}) {
  const t = useT();
  const edited = approval.editedArguments;
  const names = [...new Set([...Object.keys(approval.arguments), ...Object.keys(edited ?? {})])];
  const changed = new Set(
    edited === undefined ? [] : changedArgumentNames(approval.arguments, edited),
  );
  if (names.length === 0)
    return <p className="text-sm text-muted-foreground">{t("history.noArguments")}</p>;
  return (
    <table
      className="w-full table-fixed border-collapse text-sm"
      data-testid="history-argument-table"
    >
      <thead className="sr-only sm:not-sr-only">
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="w-28 pb-2 font-medium sm:w-36">
            {t("history.argumentName")}
          </th>
          <th scope="col" className="pb-2 font-medium">
            {t("history.askedValue")}
          </th>
          {edited !== undefined && (
            <th scope="col" className="pb-2 font-medium">
              {t("history.ranValue")}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {names.map((name) => {
          const isChanged = changed.has(name);
          return (
            <tr
              key={name}
              data-changed={isChanged}
              className={cn(
                "grid grid-cols-1 gap-1 border-t py-2 sm:table-row",
                isChanged && "bg-accent/40",
              )}
            >
              <th
                scope="row"
                className="text-left align-top font-mono text-xs font-semibold sm:py-2 sm:pr-3"
              >
                {name}
                {isChanged && (
                  <Badge tone="info" className="ml-2 font-sans">
                    {t("history.changed")}
                  </Badge>
                )}
              </th>
              <td
                className={cn("align-top sm:py-2 sm:pr-3", isChanged && "text-muted-foreground")}
                data-testid="history-asked-value"
              >
                {edited !== undefined && <PhoneLabel>{t("history.askedValue")}</PhoneLabel>}
                {Object.hasOwn(approval.arguments, name) && (
                  <FullValue value={approval.arguments[name]} />
                )}
              </td>
              {edited !== undefined && (
                <td className="align-top sm:py-2" data-testid="history-ran-value">
                  <PhoneLabel>{t("history.ranValue")}</PhoneLabel>
                  {Object.hasOwn(edited, name) && <FullValue value={edited[name]} />}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
