"use client";

import { useState } from "react";
import { Button } from "@/lib/ui/button";
import { cn } from "@/lib/ui/cn";
import { useT } from "@/features/i18n";
import { formatArgumentValue } from "./edited-arguments";

/** Past this many characters or lines a value is shown clamped, with Show all. */
const LONG_CHARACTERS = 240;
const LONG_LINES = 6;

/**
 * An argument's value as the tool gets it, wrapped to the card's width. A long one is shown
 * in its first lines with "Show all", so a big file's content does not push the buttons
 * off-screen and is still there to read in full.
 */
export function ArgumentValue({ value, className }: { value: unknown; className?: string }) {
  const t = useT();
  const text = formatArgumentValue(value);
  const long = text.length > LONG_CHARACTERS || text.split("\n").length > LONG_LINES;
  const [open, setOpen] = useState(false);
  return (
    <div className={cn("grid min-w-0 justify-items-start gap-1", className)}>
      <pre
        dir="auto"
        className={cn(
          "w-full font-mono text-[0.8125rem] leading-snug whitespace-pre-wrap [overflow-wrap:anywhere]",
          long && !open && "line-clamp-6",
          typeof value !== "string" && "text-muted-foreground",
        )}
      >
        {text === "" ? <em className="text-muted-foreground">{t("approval.emptyValue")}</em> : text}
      </pre>
      {long && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="min-h-11 text-xs sm:min-h-8"
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
        >
          {t(open ? "approval.showLess" : "approval.showAll")}
        </Button>
      )}
    </div>
  );
}
