"use client";

import type { Device } from "@inquiry-hub/protocol";
import { EditRevokeMenu } from "@/lib/ui/edit-revoke-menu";
import { useT } from "@/features/i18n";
import { RenameDeviceDialog } from "./rename-device-dialog";

/**
 * A device's ⋯ menu: Rename (a dialog with the name), and Revoke, which asks first — revoking
 * logs the device out at once, and revoking this one logs this browser out.
 */
export function DeviceMenu({
  device,
  revoking,
  onRevoke,
}: {
  device: Device;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const t = useT();
  return (
    <EditRevokeMenu
      label={t("devices.actions", { name: device.name })}
      editLabel={t("devices.rename")}
      revokeLabel={t("devices.revoke")}
      revoking={revoking}
      editDialog={(dialog) => <RenameDeviceDialog device={device} {...dialog} />}
      revoke={{
        title: t("devices.revokeTitle", { name: device.name }),
        description: t(device.current ? "devices.revokeExplainThis" : "devices.revokeExplain"),
        cancelLabel: t("devices.cancel"),
        confirmLabel: t("devices.revokeConfirm"),
      }}
      onRevoke={onRevoke}
    />
  );
}
