import type { ChangeEvent } from "react";

/** What an upload past its limit is told, by the server and, before sending, by the browser. */
export const fileTooLarge = (maxBytes: number) => `The file is larger than ${maxBytes / 1024 / 1024} MB.`;

/**
 * A file input's `onChange` that refuses, in the browser, a file past its upload's limit. Past the servers'
 * own limit (10 MB a form) a body is refused unread, and under workerd the connection is given up while the
 * browser is still sending, so a page with JavaScript had no answer to show (a 500). The file is taken out of
 * the input, so no form sends it, and the input says why until another file is chosen.
 */
export function refuseLargeFile(maxBytes: number) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const tooLarge = Array.from(input.files ?? []).some((file) => file.size > maxBytes);
    input.setCustomValidity(tooLarge ? fileTooLarge(maxBytes) : "");
    if (!tooLarge) return;
    input.value = "";
    input.reportValidity();
  };
}
