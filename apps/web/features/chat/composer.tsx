"use client";

import { useId, useState } from "react";

export interface ComposerProps {
  busy: boolean;
  onSend: (text: string) => void;
}

/** The message box: Enter sends, Shift+Enter adds a line. */
export function Composer({ busy, onSend }: ComposerProps) {
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
        Message
      </label>
      <textarea
        id={inputId}
        rows={2}
        value={text}
        placeholder="Ask the agent…"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}
