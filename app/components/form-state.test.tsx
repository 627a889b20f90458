import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "./form-state";

// What a page without JavaScript shows after the server's reply: the form as the server renders it.
function Signup({ lastResult, defaultValue }: { lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, unknown> }) {
  const [form, fields] = useForm<{ email: string; role: string; industries: string[]; agree: boolean }>({ id: "signup", lastResult, defaultValue });
  return (
    <form {...getFormProps(form)}>
      {form.errors ? <p id={form.errorId}>{form.errors.join(" ")}</p> : null}
      <input {...getInputProps(fields.email, { type: "email" })} />
      {fields.email.errors ? <p id={fields.email.errorId}>{fields.email.errors.join(" ")}</p> : null}
      <select {...getSelectProps(fields.role)}>
        <option value="buyer">Buyer</option>
        <option value="seller">Seller</option>
      </select>
      {getCollectionProps(fields.industries, { type: "checkbox", options: ["Banking", "Energy"] }).map(({ key, ...props }) => (
        <input key={key} {...props} />
      ))}
      <input {...getInputProps(fields.agree, { type: "checkbox" })} />
    </form>
  );
}

const render = (props: Parameters<typeof Signup>[0]) => renderToStaticMarkup(<Signup {...props} />);

describe("form state as the server renders it", () => {
  it("shows the defaults, as text the form posts", () => {
    const html = render({ defaultValue: { email: "ann@example.com", role: "seller", industries: ["Energy"], agree: true } });
    expect(html).toContain('id="signup" novalidate=""');
    expect(html).toMatch(/<input id="signup-email" name="email" type="email" value="ann@example.com"\/>/);
    expect(html).toMatch(/<option value="seller" selected="">/);
    const input = (id: string) => html.match(new RegExp(`<input id="${id}"[^>]*>`))?.[0] ?? "";
    expect(input("signup-industries-Energy")).toMatch(/name="industries".*checked=""/);
    expect(input("signup-industries-Banking")).not.toContain("checked");
    expect(input("signup-agree")).toMatch(/checked="" value="on"/);
    expect(html).not.toContain("aria-invalid");
  });

  it("keeps what was sent and ties each error to its field after a refused submit", () => {
    const html = render({
      defaultValue: { email: "" },
      lastResult: { status: "error", initialValue: { email: "not-an-email", role: "buyer" }, error: { email: ["Invalid e-mail."], "": ["Try again."] } },
    });
    expect(html).toMatch(/<input id="signup-email" name="email" autofocus="" aria-invalid="true" aria-describedby="signup-email-error" type="email" value="not-an-email"\/>/);
    expect(html).toContain('<p id="signup-email-error">Invalid e-mail.</p>');
    expect(html).toContain('aria-describedby="signup-error"');
    expect(html).toContain('<p id="signup-error">Try again.</p>');
  });

  it("starts from the defaults again after a reply that resets the form", () => {
    const html = render({ defaultValue: { email: "ann@example.com" }, lastResult: { initialValue: null } });
    expect(html).toContain('value="ann@example.com"');
    expect(html).not.toContain("aria-invalid");
  });
});
