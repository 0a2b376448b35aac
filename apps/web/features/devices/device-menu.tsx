"use client";

import { useRef, useState } from "react";
import { Ban, Pencil } from "lucide-react";
import type { Device } from "@inquiry-hub/protocol";
import { ConfirmDialog } from "@/lib/ui/confirm-dialog";
import { DropdownMenuItem } from "@/lib/ui/dropdown-menu";
import { RowActionsMenu } from "@/lib/ui/row-actions-menu";
import { useT } from "@/features/i18n";
import { RenameDeviceDialog } from "./rename-device-dialog";

/**
 * A device's ⋯ menu: Rename (a dialog with the name), and Revoke, which asks first — revoking
 * logs the device out at once, and revoking this one logs this browser out. Focus goes back to
 * the ⋯ button when a dialog closes.
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
  const [dialog, setDialog] = useState<"rename" | "revoke" | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  return (
    <>
      <RowActionsMenu
        label={t("devices.actions", { name: device.name })}
        disabled={revoking}
        triggerRef={triggerRef}
      >
        <DropdownMenuItem onSelect={() => setDialog("rename")}>
          <Pencil aria-hidden />
          {t("devices.rename")}
        </DropdownMenuItem>
        <DropdownMenuItem destructive onSelect={() => setDialog("revoke")}>
          <Ban aria-hidden />
          {t("devices.revoke")}
        </DropdownMenuItem>
      </RowActionsMenu>
      <RenameDeviceDialog
        device={device}
        open={dialog === "rename"}
        onOpenChange={(open) => setDialog(open ? "rename" : undefined)}
        onCloseAutoFocus={refocus}
      />
      <ConfirmDialog
        open={dialog === "revoke"}
        onOpenChange={(open) => setDialog(open ? "revoke" : undefined)}
        onCloseAutoFocus={refocus}
        title={t("devices.revokeTitle", { name: device.name })}
        description={t(device.current ? "devices.revokeExplainThis" : "devices.revokeExplain")}
        cancelLabel={t("devices.cancel")}
        confirmLabel={t("devices.revokeConfirm")}
        onConfirm={onRevoke}
      />
    </>
  );
}
