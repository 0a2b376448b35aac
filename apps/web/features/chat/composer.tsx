"use client";

import { useId, useState } from "react";
import { Send, Square } from "lucide-react";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { Textarea } from "@/lib/ui/input";

export interface ComposerProps {
  busy: boolean;
  onSend: (text: string) => void;
  /** Stop: ends the run going (shown while busy). */
  onStop: () => void;
}

/**
 * The message box, kept at the bottom of the screen (above the phone's navigation): Enter
 * sends, Shift+Enter adds a line; Stop ends the run going. Its buttons never wrap their word
 * (Chinese included) and keep a thumb's size.
 */
export function Composer({ busy, onSend, onStop }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState("");
  const inputId = useId();

  function submit() {
    if (busy || text.trim() === "") return;
    onSend(text);
    setText("");
  }

  return (
    <form
      className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 flex items-end gap-2 bg-background pt-2 pb-3 sm:bottom-0 sm:pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("chat.message")}
      </label>
      <Textarea
        id={inputId}
        rows={2}
        value={text}
        placeholder={t("chat.placeholder")}
        className="max-h-48 min-h-12 flex-1 resize-none"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {busy && (
        <Button type="button" variant="secondary" className="min-h-11 min-w-20" onClick={onStop}>
          <Square aria-hidden />
          {t("chat.stop")}
        </Button>
      )}
      <Button type="submit" disabled={busy} className="min-h-11 min-w-20">
        <Send aria-hidden />
        {t("chat.send")}
      </Button>
    </form>
  );
}
