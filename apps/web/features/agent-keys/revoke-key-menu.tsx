"use client";

import { useRef, useState } from "react";
import { Ban, MoreHorizontal } from "lucide-react";
import { Button } from "@/lib/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/lib/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/lib/ui/dropdown-menu";
import { useT } from "@/features/i18n";

/**
 * The ⋯ menu of an active key with "Revoke …", which asks first in a dialog: revoking cannot
 * be undone and refuses every agent using the key at once. Focus goes back to the ⋯ button
 * when the dialog closes.
 */
export function RevokeKeyMenu({
  name,
  pending,
  onRevoke,
}: {
  name: string;
  pending: boolean;
  onRevoke: () => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="icon-sm"
            disabled={pending}
            aria-label={t("agentKeys.actions", { name })}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem destructive onSelect={() => setConfirming(true)}>
            <Ban aria-hidden />
            {t("agentKeys.revoke", { name })}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <DialogTitle className="[overflow-wrap:anywhere]">
            {t("agentKeys.revokeTitle", { name })}
          </DialogTitle>
          <DialogDescription>{t("agentKeys.revokeExplain")}</DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">{t("agentKeys.cancel")}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                onRevoke();
              }}
            >
              {t("agentKeys.revokeConfirm")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
