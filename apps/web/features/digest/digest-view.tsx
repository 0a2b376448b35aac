"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { Digest, DigestItem } from "@inquiry-hub/protocol";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useI18n } from "@/features/i18n";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import type { MessageKey } from "@/lib/i18n/translate";
import { Button } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { FieldError, Input, Label } from "@/lib/ui/input";
import { browserTimeZone, fetchDigest, localDay, shiftDay } from "./digest-client";
import { openingDay } from "./digest-day";
import { DigestItemRow } from "./digest-item-row";

/** The day's numbers, one tile each. */
function Totals({ digest }: { digest: Digest }) {
  const { t, locale } = useI18n();
  const tiles: [MessageKey, number][] = [
    ["digest.asked", digest.totals.asked],
    ["digest.approved", digest.totals.approved + digest.totals.answered],
    ["digest.rejected", digest.totals.rejected],
    ["digest.timedOut", digest.totals.timedOut],
    ["digest.pending", digest.totals.pending],
  ];
  const number = new Intl.NumberFormat(locale);
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="digest-totals">
      {tiles.map(([key, value]) => (
        <Card key={key} className="grid gap-0.5 p-3">
          <dt className="text-xs text-muted-foreground">{t(key)}</dt>
          <dd className="text-xl font-semibold tabular-nums">{number.format(value)}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** Who asked, by the agent key's (or run's) name. */
function Askers({ digest }: { digest: Digest }) {
  const { t } = useI18n();
  if (digest.askers.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{t("digest.askers")}</h2>
      <ul className="grid gap-1 text-sm">
        {digest.askers.map((asker) => (
          <li key={asker.credentialId ?? ""} className="flex justify-between gap-3">
            <span className="truncate">{asker.name ?? t("digest.unknownAsker")}</span>
            <span className="shrink-0 text-muted-foreground">
              {t("digest.askerCounts", {
                questions: asker.questions,
                approvals: asker.approvals,
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Section({ title, items }: { title: MessageKey; items: DigestItem[] }) {
  const { t } = useI18n();
  if (items.length === 0) return null;
  return (
    <section className="grid gap-2" data-testid="digest-section">
      <h2 className="text-lg font-semibold">
        {t(title)} <span className="text-muted-foreground">({items.length})</span>
      </h2>
      <ul className="grid gap-2">
        {items.map((item) => (
          <DigestItemRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One day of what agents asked and how each ended, in the browser's time zone: the numbers,
 * who asked, then the decided, timed-out and pending items, each opening its history page.
 * It opens on `dayParam` (the `?day=` of a digest notification's link) when that names a day
 * that has begun, else on yesterday; the address follows the day shown, so a reload keeps it.
 */
export function DigestView({ dayParam }: { dayParam?: string | string[] | undefined }) {
  const { t } = useI18n();
  const [timeZone] = useState(browserTimeZone);
  const [opening] = useState(() => openingDay(dayParam, localDay(0), localDay(1)));
  const [day, setShownDay] = useState(opening.day);
  const today = localDay(0);
  const setDay = (next: string) => {
    setShownDay(next);
    window.history.replaceState(
      null,
      "",
      `/digest?${new URLSearchParams({ day: next }).toString()}`,
    );
  };
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.digest(day, timeZone),
    queryFn: () => fetchDigest(day, timeZone),
  });
  useLeaveToLoginOnUnauthorized(error);

  return (
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-4 p-3 sm:p-6">
      <h1 className="text-2xl font-semibold">{t("digest.title")}</h1>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          type="button"
          variant="secondary"
          aria-label={t("digest.previousDay")}
          onClick={() => setDay(shiftDay(day, -1))}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <div className="grid gap-1">
          <Label htmlFor="digest-day">{t("digest.day")}</Label>
          <Input
            id="digest-day"
            type="date"
            value={day}
            max={today}
            onChange={(event) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setDay(event.target.value);
            }}
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          aria-label={t("digest.nextDay")}
          disabled={day >= today}
          onClick={() => setDay(shiftDay(day, 1))}
        >
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        <p className="text-xs text-muted-foreground sm:ml-auto">
          {t("digest.timeZone", { zone: timeZone })}
        </p>
      </div>
      {opening.refused && day === opening.day && (
        <p className="text-sm text-muted-foreground" data-testid="digest-bad-day">
          {t("digest.badDay")}
        </p>
      )}
      {isPending && <p className="text-sm text-muted-foreground">{t("common.loading")}</p>}
      {error !== null && (
        <FieldError>
          {describeApiError(error, t, "digest.loadFailed", { unreachable: "history.unreachable" })}
        </FieldError>
      )}
      {data !== undefined && (
        <>
          <Totals digest={data} />
          {data.totals.asked === 0 && (
            <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              {t("digest.empty")}
            </p>
          )}
          <Askers digest={data} />
          <Section title="digest.decided" items={data.decided} />
          <Section title="digest.timedOutSection" items={data.timedOut} />
          <Section title="digest.pendingSection" items={data.pending} />
          {data.truncated && (
            <p className="text-xs text-muted-foreground">{t("digest.truncated")}</p>
          )}
        </>
      )}
    </main>
  );
}
