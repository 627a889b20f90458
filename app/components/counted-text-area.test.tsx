// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { CountedTextAreaField, CountedTextField } from "./counted-text-area";
import type { FieldMetadata } from "./form-state";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

function render(errors?: string[]) {
  const meta = { id: "note-body", name: "body", errorId: "note-body-error", initialValue: "", value: "", errors, key: undefined } as FieldMetadata<string | undefined>;
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  unmount = () => act(() => root.unmount());
  act(() => root.render(<CountedTextAreaField meta={meta} label="Your message" max={100} />));
  const field = container.querySelector("textarea")!;
  const type = (length: number) =>
    act(() => {
      field.value = "x".repeat(length);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  const counter = container.querySelector<HTMLElement>('[data-testid="body-counter"]')!;
  const alert = container.querySelector<HTMLElement>('[data-testid="body-counter-alert"]')!;
  return { field, type, counter, alert };
}

describe("a text area's character counter", () => {
  it("describes the field without being read on every key, and speaks only near and past the limit", () => {
    const { field, type, counter, alert } = render();
    expect(field.getAttribute("aria-describedby")).toBe(counter.id);
    expect(counter.getAttribute("aria-live")).toBeNull();
    expect(counter.closest("[aria-live]")).toBeNull();
    expect(alert.getAttribute("aria-live")).toBe("polite");

    type(50);
    expect(counter.textContent).toBe("50 / 100");
    expect(alert.textContent).toBe("");
    type(89);
    expect(alert.textContent).toBe("");
    type(90);
    expect(alert.textContent).toBe("Close to the limit of 100 characters");
    type(95);
    expect(counter.textContent).toBe("95 / 100");
    expect(alert.textContent).toBe("Close to the limit of 100 characters");
    type(101);
    expect(counter.dataset.over).toBe("true");
    expect(alert.textContent).toBe("Over the limit of 100 characters");
    type(10);
    expect(counter.dataset.over).toBe("false");
    expect(alert.textContent).toBe("");
  });

  it("names the error first, then the counter, once the server refused the text", () => {
    const { field, counter } = render(["Write at most 100 characters."]);
    expect(field.getAttribute("aria-describedby")).toBe(`note-body-error ${counter.id}`);
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("a one-line field's character counter (a project's name)", () => {
  const metaOf = (initialValue: string) => ({ id: "step-projectName", name: "projectName", errorId: "step-projectName-error", initialValue, value: initialValue, errors: undefined, key: undefined }) as FieldMetadata<string | undefined>;

  it("shows the saved name's count and the limit without JavaScript", () => {
    const html = renderToString(<CountedTextField meta={metaOf("Midwest CRE pool")} label="Project name" max={120} />);
    expect(html).toMatch(/<input[^>]*aria-describedby="step-projectName-counter"/);
    expect(html).toMatch(/<p id="step-projectName-counter"[^>]*>16<!-- --> \/ <!-- -->120<\/p>/);
  });

  it("counts as one types, turns red past the limit and says so politely", () => {
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    unmount = () => act(() => root.unmount());
    act(() => root.render(<CountedTextField meta={metaOf("")} label="Project name" max={120} />));
    const field = container.querySelector("input")!;
    const counter = container.querySelector<HTMLElement>('[data-testid="projectName-counter"]')!;
    const alert = container.querySelector<HTMLElement>('[data-testid="projectName-counter-alert"]')!;
    expect(field.getAttribute("maxlength")).toBeNull();
    expect(counter.textContent).toBe("0 / 120");
    expect(alert.getAttribute("aria-live")).toBe("polite");
    act(() => {
      field.value = "x".repeat(121);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(counter.textContent).toBe("121 / 120");
    expect(counter.dataset.over).toBe("true");
    expect(alert.textContent).toBe("Over the limit of 120 characters");
    // filled anew (an address look-up, the server's answer): counted afresh
    act(() => root.render(<CountedTextField meta={metaOf("Chicago")} label="Project name" max={120} />));
    expect(counter.textContent).toBe("7 / 120");
  });
});
