"use client";

import { useT } from "@/features/i18n";
import { formatArgumentValue } from "./edited-arguments";
import "./approval.css";

/** The tool call's arguments as a two-column table, so a person can read what will run. */
export function ArgumentsTable({ args }: { args: Record<string, unknown> }) {
  const t = useT();
  const entries = Object.entries(args);
  if (entries.length === 0) return <p className="hint">{t("approval.noArguments")}</p>;
  return (
    <table className="approval-card__arguments" aria-label={t("approval.arguments")}>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>
              <pre>{formatArgumentValue(value)}</pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
