// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationType } from "~/lib/notification";
import { Snackbar } from "./snackbar";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  unmount?.();
  vi.useRealTimers();
});

function show(type: NotificationType) {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  unmount = () => act(() => root.unmount());
  act(() => root.render(<Snackbar notification={{ message: `A ${type} message`, type }} />));
  return () => container.querySelector<HTMLElement>('[data-testid="snackbar"]');
}

describe("the flash message", () => {
  it.each(["success", "info"] as const)("fades the %s message after a few seconds", (type) => {
    const snackbar = show(type);
    expect(snackbar()?.textContent).toContain(`A ${type} message`);
    act(() => void vi.advanceTimersByTime(8000));
    expect(snackbar()).toBeNull();
  });

  it.each(["error", "warning"] as const)("keeps the %s message until it is closed", (type) => {
    const snackbar = show(type);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(snackbar()?.dataset.type).toBe(type);
    act(() => snackbar()!.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click());
    expect(snackbar()).toBeNull();
  });
});
