"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { MAX_DEVICE_NAME_LENGTH } from "@inquiry-hub/protocol";
import { ApiClientError } from "@/lib/client/api-client-error";
import { describeApiError } from "@/lib/client/describe-api-error";
import type { Translate } from "@/lib/i18n/translate";
import { Button } from "@/lib/ui/button";
import { Field, Input } from "@/lib/ui/input";
import { SessionForm } from "@/features/auth";
import { useT } from "@/features/i18n";
import { claimPairingCode } from "./devices-client";

/** A 404 means the hub does not know the code (never issued, already used, or expired). */
function messageOf(error: Error, t: Translate): string {
  return error instanceof ApiClientError && error.status === 404
    ? t("pair.unknown")
    : describeApiError(error, t, "pair.failed");
}

/**
 * Claims a pairing code on an explicit click. Opening the link alone changes nothing, so a
 * link previewer or prefetcher cannot burn the one-time code.
 */
export function PairForm({ code }: { code: string }) {
  const router = useRouter();
  const t = useT();
  const [deviceName, setDeviceName] = useState("");
  const nameId = useId();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => claimPairingCode(code, deviceName),
    onSuccess: () => {
      router.replace("/inbox");
      router.refresh();
    },
  });

  return (
    <SessionForm
      onSubmit={() => mutate()}
      error={error === null ? undefined : messageOf(error, t)}
      actions={
        <Button type="submit" disabled={isPending}>
          {t("pair.submit")}
        </Button>
      }
    >
      <Field label={t("pair.deviceName")} htmlFor={nameId}>
        <Input
          id={nameId}
          name="deviceName"
          placeholder={t("pair.deviceNamePlaceholder")}
          maxLength={MAX_DEVICE_NAME_LENGTH}
          autoComplete="off"
          value={deviceName}
          onChange={(event) => setDeviceName(event.target.value)}
        />
      </Field>
    </SessionForm>
  );
}
