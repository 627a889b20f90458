import { describe, expect, it } from "vitest";
import { serverPage } from "../../tests/support/server-page";
import { SigninForm } from "./signin-form";

/**
 * A form's own error (not a field's), as a screen reader reaches it: the form's `aria-describedby` names an
 * element that is there and holds the message (the form-errors browser tests check the fields' messages).
 */
describe("a form's own error", () => {
  it("is the element the form's aria-describedby names, in a live region", async () => {
    const refused = { status: "error" as const, initialValue: { email: "a@b.test" }, error: { "": ["The e-mail or the password is wrong."] } };
    const html = await serverPage(() => <SigninForm lastResult={refused} />, "/signin", { loaderData: {} });
    const described = html.match(/<form[^>]* aria-describedby="([^"]+)"/)?.[1];
    expect(described).toBe("signin-error");
    expect(html).toMatch(new RegExp(`<div id="${described}" role="alert"[^>]*><p>The e-mail or the password is wrong.</p></div>`));
  });

  it("names nothing while the form has no error of its own", async () => {
    const html = await serverPage(() => <SigninForm />, "/signin", { loaderData: {} });
    expect(html).toMatch(/<form[^>]*>/);
    expect(html).not.toMatch(/<form[^>]* aria-describedby=/);
    expect(html).not.toContain('id="signin-error"');
  });
});

/**
 * A form sent without JavaScript comes back as a new page, whose focus started at its top: a keyboard user
 * tabbed through the whole header back to the form. The first field to mend carries `autofocus`, so the
 * browser starts there, as its own check would have.
 */
describe("a page drawn with the server's refusal", () => {
  it("starts with the focus on the first field to mend, and on that one alone", async () => {
    const refused = { status: "error" as const, initialValue: { email: "" }, error: { email: ["Required."], password: ["Required."] } };
    const html = await serverPage(() => <SigninForm lastResult={refused} />, "/signin", { loaderData: {} });
    expect(html.match(/<input[^>]* autofocus=""[^>]*>/g)).toEqual([expect.stringContaining('id="signin-email"')]);
  });

  it("moves nothing when the form was not refused", async () => {
    const html = await serverPage(() => <SigninForm />, "/signin", { loaderData: {} });
    expect(html).not.toContain("autofocus");
  });
});
