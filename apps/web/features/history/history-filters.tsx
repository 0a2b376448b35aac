"use client";

import { useState } from "react";
import type { FormEvent } from "react";
import { Download, Search, SlidersHorizontal } from "lucide-react";
import { HistoryFilterSchema, InquiryStatusSchema } from "@inquiry-hub/protocol";
import type { HistoryFilter } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { cn } from "@/lib/ui/cn";
import { Field, FieldError, Input, Label } from "@/lib/ui/input";
import { AuditExport } from "./audit-export";
import { STATUS_LABELS } from "./describe-history";
import { historyExportUrl } from "./history-client";

/** A native select with the text fields' look (the e2e suite and screen readers know it). */
const SELECT =
  "min-h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground sm:text-sm";

/** The filter a form holds: every field as typed, empty ones left out. */
function filterOf(form: HTMLFormElement): Record<string, string> {
  const entries = [...new FormData(form).entries()].flatMap(([key, value]) =>
    typeof value === "string" && value.trim() !== "" ? [[key, value.trim()] as const] : [],
  );
  return Object.fromEntries(entries);
}

/**
 * Search box and filters of the history list, export links carrying the same filters, and the
 * audit log's export (whole, unfiltered).
 * Text fields apply on Enter or "Apply"; the status and the dates apply as soon as they change.
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
  // A phone shows the search alone until asked; the filters would fill its first screen.
  const [filtersShown, setFiltersShown] = useState(false);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = HistoryFilterSchema.safeParse(filterOf(event.currentTarget));
    setInvalid(!parsed.success);
    if (parsed.success) onChange(parsed.data);
  }
  const applyNow = (event: { currentTarget: { form: HTMLFormElement | null } }) =>
    event.currentTarget.form?.requestSubmit();

  return (
    <form
      role="search"
      onSubmit={apply}
      className="grid gap-3 rounded-xl border bg-card p-3 sm:p-4"
    >
      <Field label={t("history.search")} htmlFor="history-q">
        <div className="flex gap-2">
          <Input
            id="history-q"
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={200}
          />
          <Button type="submit">
            <Search aria-hidden />
            {t("history.searchButton")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="icon"
            className="sm:hidden"
            aria-label={t("history.filters")}
            aria-expanded={filtersShown}
            aria-controls="history-more-filters"
            onClick={() => setFiltersShown((shown) => !shown)}
          >
            <SlidersHorizontal aria-hidden />
          </Button>
        </div>
      </Field>
      <div
        id="history-more-filters"
        className={cn("grid-cols-2 gap-3 sm:grid sm:grid-cols-3", filtersShown ? "grid" : "hidden")}
      >
        <Field label={t("history.status")} htmlFor="history-status">
          <select
            id="history-status"
            name="status"
            defaultValue={filter.status ?? ""}
            onChange={applyNow}
            className={SELECT}
          >
            <option value="">{t("history.all")}</option>
            {InquiryStatusSchema.options.map((each) => (
              <option key={each} value={each}>
                {t(STATUS_LABELS[each])}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("history.toolFilter")} htmlFor="history-tool">
          <Input id="history-tool" name="tool" defaultValue={filter.tool ?? ""} maxLength={200} />
        </Field>
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="history-device">{t("history.device")}</Label>
          <Input
            id="history-device"
            name="device"
            defaultValue={filter.device ?? ""}
            maxLength={200}
          />
        </div>
        <Field label={t("history.from")} htmlFor="history-from">
          <Input
            id="history-from"
            type="date"
            name="from"
            defaultValue={filter.from ?? ""}
            onChange={applyNow}
          />
        </Field>
        <Field label={t("history.to")} htmlFor="history-to">
          <Input
            id="history-to"
            type="date"
            name="to"
            defaultValue={filter.to ?? ""}
            onChange={applyNow}
          />
        </Field>
      </div>
      {invalid && <FieldError>{t("history.badFilter")}</FieldError>}
      <div className={cn("gap-2 sm:grid", filtersShown ? "grid" : "hidden")}>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">{t("history.export")}</span>
          <Button asChild variant="secondary" size="sm">
            <a href={historyExportUrl(filter, "csv")} download>
              <Download aria-hidden />
              {t("history.exportCsv")}
            </a>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <a href={historyExportUrl(filter, "jsonl")} download>
              <Download aria-hidden />
              {t("history.exportJsonl")}
            </a>
          </Button>
        </div>
        <AuditExport />
      </div>
    </form>
  );
}
