"use client";

import { useT } from "@/features/i18n";

/** Longest argument value shown in an example before it is cut, in characters. */
const MAX_VALUE_LENGTH = 80;

/** One argument's value as a short line: strings as they are, anything else as JSON. */
function shortValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** An example call of the rule's tool, one `name: value` line per argument. */
export function ExampleCall({
  args,
  testId,
}: {
  args: Readonly<Record<string, unknown>>;
  testId: string;
}) {
  const t = useT();
  const entries = Object.entries(args);
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">{t("rules.noArguments")}</p>;
  return (
    <dl className="grid gap-0.5 font-mono text-xs" data-testid={testId}>
      {entries.map(([name, value]) => (
        <div key={name} className="flex min-w-0 gap-2">
          <dt className="shrink-0 text-muted-foreground">{name}:</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]" dir="auto">
            {shortValue(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
