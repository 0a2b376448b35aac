"use client";

import { MoreHorizontal } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button } from "./button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "./dropdown-menu";
import { cn } from "./cn";

/**
 * The ⋯ button at the end of a list row (a conversation, a device, an agent key) and the menu
 * of what can be done to it. `label` names the row ("Actions for notes"); `triggerRef` lets a
 * dialog opened from the menu hand focus back to the button.
 */
export function RowActionsMenu({
  label,
  disabled = false,
  triggerRef,
  className,
  children,
}: {
  label: string;
  disabled?: boolean;
  triggerRef?: Ref<HTMLButtonElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    // Not modal: the menu only opens dialogs, which trap focus themselves.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon-sm"
          className={cn("shrink-0", className)}
          disabled={disabled}
          aria-label={label}
        >
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
