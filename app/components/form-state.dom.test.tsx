// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import * as z from "zod/mini";
import { afterEach, describe, expect, it } from "vitest";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "./form-state";
import { FormErrors, TextField } from "./forms";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({ email: z.string(), grant: z.optional(z.array(z.string())) });

function Invite({ lastResult }: { lastResult: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ email: string; grant: string[] }>({ id: "invite", lastResult, schema: () => Promise.resolve(schema as never), shouldValidate: "onBlur" });
  return (
    <form {...getFormProps(form)}>
      <input {...getInputProps(fields.email, { type: "email" })} />
      {fields.email.errors ? <p data-testid="email-error">{fields.email.errors.join(" ")}</p> : null}
      <input type="checkbox" name="grant" value="a" id="a" defaultChecked />
      <input type="checkbox" name="grant" value="b" id="b" defaultChecked />
    </form>
  );
}

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

describe("a form the server refused, as the member goes on with JavaScript", () => {
  it("keeps the server's message on a field while another is left, and checks a field again as it is left", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    unmount = () => act(() => root.unmount());
    const refused: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { email: "buyer@demo.test", grant: ["a", "b"] },
      error: { email: ["An account with this e-mail exists already."] },
      fields: ["email", "grant"],
    };
    await act(async () => root.render(<Invite lastResult={refused} />));
    const message = () => container.querySelector('[data-testid="email-error"]')?.textContent ?? null;
    const leave = async (id: string) => {
      const control = container.querySelector<HTMLInputElement>(`#${id}`)!;
      await act(async () => {
        control.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
        // the schema and the parser are imported on the first focus
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      await act(async () => void control.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    };
    expect(message()).toBe("An account with this e-mail exists already.");
    // a permission box left: the e-mail's message stays (it was cleared, and the form moved under the pointer)
    await leave("a");
    expect(message()).toBe("An account with this e-mail exists already.");
    // the e-mail left: checked again, by the browser's rules alone, which know of no account
    await leave("invite-email");
    expect(message()).toBeNull();
  });
});

function Join({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ name: string; email: string }>({ id: "join", lastResult });
  return (
    <form {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.name} label="Full name" />
      <TextField meta={fields.email} label="E-mail" type="email" />
      <button type="submit">Create account</button>
    </form>
  );
}

describe("a form the server refused, sent with JavaScript (the page stayed)", () => {
  const draw = async (lastResult?: SubmissionResult<string[]>) => {
    const container = document.getElementById("join-root") ?? document.body.appendChild(Object.assign(document.createElement("div"), { id: "join-root" }));
    const root = (draw as unknown as { root?: ReturnType<typeof createRoot> }).root ?? createRoot(container);
    (draw as unknown as { root?: ReturnType<typeof createRoot> }).root = root;
    unmount = () => {
      act(() => root.unmount());
      (draw as unknown as { root?: unknown }).root = undefined;
    };
    await act(async () => root.render(<Join lastResult={lastResult} />));
  };

  it("takes the focus, dropped with the disabled button, to the first field in error", async () => {
    await draw();
    (document.activeElement as HTMLElement | null)?.blur();
    await draw({ status: "error", initialValue: { name: "Ann", email: "ann@example" }, error: { email: ["Invalid e-mail."] }, fields: ["name", "email"] });
    expect(document.activeElement?.id).toBe("join-email");
  });

  it("takes it to the form's message when no field is named, and leaves a member still in the form where they are", async () => {
    await draw();
    (document.activeElement as HTMLElement | null)?.blur();
    await draw({ status: "error", initialValue: { name: "Ann", email: "ann@example.com" }, error: { "": ["Please complete the robot check."] }, fields: ["name", "email"] });
    expect(document.activeElement?.id).toBe("join-error");
    document.getElementById("join-name")!.focus();
    await draw({ status: "error", initialValue: { name: "Ann", email: "ann@example.com" }, error: { "": ["Please try again."] }, fields: ["name", "email"] });
    expect(document.activeElement?.id).toBe("join-name");
  });
});
