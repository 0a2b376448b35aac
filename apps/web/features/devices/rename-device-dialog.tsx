"use client";

import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DeviceNameSchema, MAX_DEVICE_NAME_LENGTH } from "@inquiry-hub/protocol";
import type { Device } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import type { RowDialogProps } from "@/lib/ui/edit-revoke-menu";
import { FormDialog } from "@/lib/ui/form-dialog";
import { Field, FieldError, Input } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { renameDevice } from "./devices-client";

/**
 * The dialog that renames a device: the field starts with its current name; an empty or
 * over-long name is refused here, in the page's language, before the hub is asked.
 */
export function RenameDeviceDialog({ device, ...dialog }: RowDialogProps & { device: Device }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const errorId = useId();
  const [name, setName] = useState(device.name);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { mutate, isPending } = useMutation({
    mutationFn: (newName: string) => renameDevice(device.id, newName),
    onSuccess: (renamed) => {
      queryClient.setQueryData<Device[]>(queryKeys.devices, (devices) =>
        devices?.map((each) => (each.id === renamed.id ? { ...each, name: renamed.name } : each)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices });
      dialog.onOpenChange(false);
    },
    onError: (error) => setProblem(describeApiError(error, t, "devices.renameFailed")),
  });

  function submit(): void {
    const parsed = DeviceNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(
        t(name.trim() === "" ? "devices.nameEmpty" : "devices.nameTooLong", {
          max: MAX_DEVICE_NAME_LENGTH,
        }),
      );
      return;
    }
    mutate(parsed.data);
  }

  return (
    <FormDialog
      {...dialog}
      title={t("devices.renameTitle")}
      description={t("devices.renameExplain")}
      cancelLabel={t("devices.cancel")}
      submitLabel={t("devices.save")}
      submitting={isPending}
      onSubmit={submit}
    >
      <Field label={t("devices.nameLabel")} htmlFor={fieldId}>
        <Input
          id={fieldId}
          value={name}
          autoComplete="off"
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : errorId}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
        />
        {problem !== undefined && <FieldError id={errorId}>{problem}</FieldError>}
      </Field>
    </FormDialog>
  );
}
