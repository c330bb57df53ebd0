import { useEffect, useRef, useState } from "react";

/**
 * The text of an input that holds its own text while it is typed in (the form learns of it later): a value
 * from outside (undo, a reload) replaces the text unless it is an echo of what was typed since focus.
 * `type` takes a keystroke's text and hands it on; `forget` is for blur.
 */
export function useTypedText(value: string, onType: (text: string) => void) {
  const [text, setText] = useState(value);
  const typed = useRef(new Set<string>());
  useEffect(() => {
    if (!typed.current.has(value)) setText(value);
  }, [value]);
  return {
    text,
    type(next: string) {
      typed.current.add(next);
      setText(next);
      onType(next);
    },
    forget() {
      typed.current.clear();
    },
  };
}
