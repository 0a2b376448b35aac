"use client";

import { useState } from "react";
import type { FormEvent } from "react";
import { HistoryFilterSchema, InquiryStatusSchema } from "@inquiry-hub/protocol";
import type { HistoryFilter } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { STATUS_LABELS } from "./describe-history";
import { historyExportUrl } from "./history-client";

/** The filter a form holds: every field as typed, empty ones left out. */
function filterOf(form: HTMLFormElement): Record<string, string> {
  const entries = [...new FormData(form).entries()].flatMap(([key, value]) =>
    typeof value === "string" && value.trim() !== "" ? [[key, value.trim()] as const] : [],
  );
  return Object.fromEntries(entries);
}

/**
 * Search box and filters of the history list, and export links carrying the same filters.
 * Text fields apply on Enter or "Search"; the status and the dates apply as soon as they change.
 */
export function HistoryFilters({
  filter,
  onChange,
}: {
  filter: HistoryFilter;
  onChange: (next: HistoryFilter) => void;
}) {
  const t = useT();
  const [invalid, setInvalid] = useState(false);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = HistoryFilterSchema.safeParse(filterOf(event.currentTarget));
    setInvalid(!parsed.success);
    if (parsed.success) onChange(parsed.data);
  }
  const applyNow = (event: { currentTarget: { form: HTMLFormElement | null } }) =>
    event.currentTarget.form?.requestSubmit();

  return (
    <form className="history__filters" role="search" onSubmit={apply}>
      <label>
        {t("history.search")}
        <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={200} />
      </label>
      <label>
        {t("history.status")}
        <select name="status" defaultValue={filter.status ?? ""} onChange={applyNow}>
          <option value="">{t("history.all")}</option>
          {InquiryStatusSchema.options.map((each) => (
            <option key={each} value={each}>
              {t(STATUS_LABELS[each])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("history.toolFilter")}
        <input name="tool" defaultValue={filter.tool ?? ""} maxLength={200} />
      </label>
      <label>
        {t("history.device")}
        <input name="device" defaultValue={filter.device ?? ""} maxLength={200} />
      </label>
      <label>
        {t("history.from")}
        <input type="date" name="from" defaultValue={filter.from ?? ""} onChange={applyNow} />
      </label>
      <label>
        {t("history.to")}
        <input type="date" name="to" defaultValue={filter.to ?? ""} onChange={applyNow} />
      </label>
      <button type="submit">{t("history.searchButton")}</button>
      {invalid && (
        <p role="alert" className="error">
          {t("history.badFilter")}
        </p>
      )}
      <p className="history__exports">
        <a href={historyExportUrl(filter, "csv")} download>
          {t("history.exportCsv")}
        </a>
        <a href={historyExportUrl(filter, "jsonl")} download>
          {t("history.exportJsonl")}
        </a>
      </p>
    </form>
  );
}
