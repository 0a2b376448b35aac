"use client";

import { useT } from "@/features/i18n";
import { ArgumentValue } from "./argument-value";

/**
 * The tool call's arguments as a two-column table (name, value), so a person reads what
 * will run; it keeps to the card's width however long a name or value is.
 */
export function ArgumentsTable({
  args,
  label,
}: {
  args: Record<string, unknown>;
  /** The table's name for screen readers; "Arguments" unless said. */
  label?: string;
}) {
  const t = useT();
  const entries = Object.entries(args);
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">{t("approval.noArguments")}</p>;
  return (
    <div className="overflow-hidden rounded-lg border">
      <table
        className="w-full table-fixed border-collapse text-sm"
        aria-label={label ?? t("approval.arguments")}
        data-testid="approval-arguments"
      >
        <tbody>
          {entries.map(([name, value]) => (
            <tr key={name} className="border-t first:border-t-0">
              <th
                scope="row"
                className="w-[32%] bg-muted/60 px-3 py-2 text-left align-top font-mono text-[0.8125rem] font-medium [overflow-wrap:anywhere] sm:w-40"
              >
                {name}
              </th>
              <td className="px-3 py-2 align-top">
                <ArgumentValue value={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
