// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { json, redirect } from "@remix-run/server-runtime";
import { act, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import ContactPage from "./route";
import BrokerAffiliatePage from "../_public.broker-affiliate/route";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

/** The page at `path` whose action thanks the sender by a redirect to the page, as the real one does; the fields as typed after sending. */
async function sentWithJavaScript(path: string, Page: ComponentType, data: Record<string, unknown>, typed: Record<string, string>, refusal?: string) {
  let sent: FormData | null = null;
  const Stub = createRemixStub([
    {
      path,
      Component: Page,
      loader: () => ({ turnstileSiteKey: null, signedIn: false, ...data }),
      action: async ({ request }) => {
        sent = await request.formData();
        if (refusal) return json({ result: { status: "error", initialValue: Object.fromEntries(sent), error: { "": [refusal] } } }, { status: 403 });
        return redirect(path);
      },
    },
  ]);
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  unmount = () => act(() => root.unmount());
  await act(async () => root.render(<Stub initialEntries={[path]} />));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const form = container.querySelector("form")!;
  for (const [name, value] of Object.entries(typed)) (form.elements.namedItem(name) as HTMLInputElement).value = value;
  await act(async () => {
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  expect(sent, "the form was sent").not.toBeNull();
  const after = container.querySelector("form")!;
  return Object.fromEntries(Object.keys(typed).map((name) => [name, (after.elements.namedItem(name) as HTMLInputElement).value]));
}

describe("a public form sent with JavaScript", () => {
  it("is emptied on /contact-us, as the page without JavaScript is (a second click sent it again)", async () => {
    const typed = { name: "Cory Contact", email: "cory@example.test", message: "How are deals closed on the marketplace?" };
    expect(await sentWithJavaScript("/contact-us", ContactPage, { defaults: { topic: "general" } }, typed)).toEqual({ name: "", email: "", message: "" });
  });

  it("keeps what was typed when it is refused (the check against robots, say)", async () => {
    const typed = { name: "Cory Contact", email: "cory@example.test", message: "How are deals closed on the marketplace?" };
    expect(await sentWithJavaScript("/contact-us", ContactPage, { defaults: { topic: "general" } }, typed, "Please try again.")).toEqual(typed);
  });

  it("is emptied on /broker-affiliate", async () => {
    const typed = { name: "Pat Partner", email: "pat@example.test", company: "Partner Brokers", companyWebsite: "partnerbrokers.example", message: "We introduce credit funds." };
    const page = { page: { title: "Broker affiliates", html: "<p>Join us.</p>" }, defaults: {} };
    expect(await sentWithJavaScript("/broker-affiliate", BrokerAffiliatePage, page, typed)).toEqual({ name: "", email: "", company: "", companyWebsite: "", message: "" });
  });
});
