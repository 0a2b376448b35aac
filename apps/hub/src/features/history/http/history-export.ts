import type { Response } from "express";
import { HISTORY_EXPORT_COLUMNS } from "@inquiry-hub/protocol";
import type { HistoryExportFormat, HistoryExportRecord } from "@inquiry-hub/protocol";
import { csvLine } from "../csv";

const CONTENT_TYPES: Record<HistoryExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/jsonl; charset=utf-8",
};

/** One cell's text: null empty, objects (values, arguments) as JSON. */
function cellText(value: HistoryExportRecord[keyof HistoryExportRecord]): string {
  if (value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The lines of an export: a header and one row per record (CSV), or one object a line. */
function* exportLines(
  format: HistoryExportFormat,
  records: readonly HistoryExportRecord[],
): Generator<string> {
  switch (format) {
    case "csv":
      yield csvLine(HISTORY_EXPORT_COLUMNS);
      for (const record of records)
        yield csvLine(HISTORY_EXPORT_COLUMNS.map((column) => cellText(record[column])));
      return;
    case "jsonl":
      for (const record of records) yield `${JSON.stringify(record)}\n`;
      return;
  }
}

/**
 * Writes `records` as a download (`Content-Disposition: attachment`) named after the day,
 * line by line, honouring back-pressure so a slow client does not make the hub buffer it all.
 */
export async function sendHistoryExport(
  res: Response,
  format: HistoryExportFormat,
  records: readonly HistoryExportRecord[],
  now = new Date(),
): Promise<void> {
  const filename = `inquiry-history-${now.toISOString().slice(0, 10)}.${format}`;
  res.status(200);
  res.setHeader("content-type", CONTENT_TYPES[format]);
  res.setHeader("content-disposition", `attachment; filename="${filename}"`);
  res.setHeader("cache-control", "no-store");
  res.setHeader("x-content-type-options", "nosniff");
  for (const line of exportLines(format, records)) {
    if (!res.write(line)) await new Promise<void>((resolve) => res.once("drain", resolve));
    if (res.destroyed) return;
  }
  res.end();
}
