"use client";

import { useId, useState } from "react";
import { useT } from "@/features/i18n";

export interface ComposerProps {
  busy: boolean;
  onSend: (text: string) => void;
  /** Stop: ends the run going (shown while busy). */
  onStop: () => void;
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop ends the run going. */
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
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t("chat.message")}
      </label>
      <textarea
        id={inputId}
        rows={2}
        value={text}
        placeholder={t("chat.placeholder")}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {busy && (
        <button type="button" onClick={onStop}>
          {t("chat.stop")}
        </button>
      )}
      <button type="submit" disabled={busy}>
        {t("chat.send")}
      </button>
    </form>
  );
}
