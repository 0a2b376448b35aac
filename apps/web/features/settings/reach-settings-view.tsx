"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateSettingsBody, UserSettings } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { fieldErrorsOf, refusedFieldsOf } from "@/lib/client/describe-api-error-fields";
import type { FieldErrors } from "@/lib/client/describe-api-error-fields";
import { queryKeys } from "@/lib/client/query-keys";
import { Button } from "@/lib/ui/button";
import { FieldError } from "@/lib/ui/input";
import { useToast } from "@/lib/ui/toast";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useT } from "@/features/i18n";
import { bodyOf, formOf, REACH_FIELDS } from "./reach-form";
import type { ReachForm } from "./reach-form";
import { RoutingSection } from "./reach-sections";
import { DigestSection, QuietHoursSection, TimeZoneSection } from "./reach-time-sections";
import { fetchSettings, updateSettings } from "./settings-client";

const NO_ERRORS: FieldErrors = { fields: {}, form: undefined };

/** The Settings page: how questions reach the person, quiet hours and the daily digest. */
export function ReachSettingsView() {
  const t = useT();
  const { data, error } = useQuery({ queryKey: queryKeys.settings, queryFn: fetchSettings });
  useLeaveToLoginOnUnauthorized(error);
  return (
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-5 px-3 py-5 sm:px-4 sm:py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("nav.settings")}</h1>
        <p className="text-sm text-muted-foreground">{t("reach.hint")}</p>
      </div>
      {data === undefined && error === null && (
        <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
      )}
      {data === undefined && error !== null && (
        <FieldError data-testid="error-message">
          {describeApiError(error, t, "reach.loadFailed")}
        </FieldError>
      )}
      {data !== undefined && <ReachSettingsForm settings={data} />}
    </main>
  );
}

/**
 * The form, started from the settings as loaded. A change made on another device meanwhile
 * does not overwrite what is being typed; saving sends every part, so the page's view wins.
 */
function ReachSettingsForm({ settings }: { settings: UserSettings }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ReachForm>(() =>
    formOf(settings, Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const { mutate, isPending } = useMutation({
    mutationFn: (body: UpdateSettingsBody) => updateSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      toast({ text: t("reach.saved"), testId: "settings-toast" });
    },
    onError: (error) => {
      const refused = refusedFieldsOf(error);
      setErrors(
        refused === undefined
          ? { fields: {}, form: describeApiError(error, t, "reach.saveFailed") }
          : fieldErrorsOf(refused, t, REACH_FIELDS),
      );
    },
  });

  function change(part: Partial<ReachForm>) {
    setForm((current) => ({ ...current, ...part }));
    setErrors(NO_ERRORS);
  }

  function save() {
    const result = bodyOf(form);
    if (result.issues !== undefined) setErrors(fieldErrorsOf(result.issues, t, REACH_FIELDS));
    else mutate(result.body);
  }

  const props = { form, errors: errors.fields, disabled: isPending, onChange: change };
  return (
    <form
      className="grid min-w-0 gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <RoutingSection {...props} />
      <QuietHoursSection {...props} />
      <DigestSection {...props} />
      <TimeZoneSection {...props} />
      {errors.form !== undefined && (
        <FieldError data-testid="error-message">{errors.form}</FieldError>
      )}
      <div className="flex justify-end">
        <Button
          type="submit"
          data-testid="save-settings"
          disabled={isPending}
          className="w-full sm:w-auto"
        >
          {t("reach.save")}
        </Button>
      </div>
    </form>
  );
}
