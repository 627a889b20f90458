// @vitest-environment jsdom
import { act } from "react";
import { createMemoryRouter, redirect } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { mountRouter } from "../../../tests/support/router-page";
import Page from "./route";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

/** The team page with JavaScript: the first invitation's e-mail is taken (409), the next is sent and answered with a redirect to the page. */
async function teamPage() {
  const colleagues: { id: number; name: string; email: string; lastLoginAt: null; lead: boolean; summary: string }[] = [];
  const posts: Record<string, string | string[]>[] = [];
  const router = createMemoryRouter(
    [
      {
        path: "/sellers/permissions",
        Component: Page,
        loader: () => ({ team: { customerId: 2, isLead: true }, colleagues: [...colleagues], paging: { page: 1, pageSize: 50, total: colleagues.length }, projects: [{ id: 41, projectName: "Harbor loans", status: "published", sellerId: 2 }] }),
        action: async ({ request }) => {
          const form = await request.formData();
          const sent = { name: String(form.get("name")), email: String(form.get("email")), grant: form.getAll("grant").map(String) };
          posts.push(sent);
          if (sent.email === "buyer@demo.test") {
            return { result: { status: "error", initialValue: sent, error: { email: ["An account with this e-mail exists already."] }, fields: ["name", "email", "grant"] } };
          }
          colleagues.push({ id: 300 + colleagues.length, name: sent.name, email: sent.email, lastLoginAt: null, lead: false, summary: "Invited" });
          return redirect("/sellers/permissions");
        },
      },
    ],
    { initialEntries: ["/sellers/permissions"] },
  );
  const mounted = await mountRouter(router);
  const container = mounted.container;
  cleanup = mounted.cleanup;
  const input = (name: string) => container.querySelector<HTMLInputElement>(`#invite-colleague input[name="${name}"]`)!;
  const ticked = () => [...container.querySelectorAll<HTMLInputElement>('#invite-colleague input[name="grant"]')].filter((box) => box.checked).map((box) => box.value);
  const send = async () => {
    await act(async () => container.querySelector<HTMLButtonElement>("#invite-colleague button[type=submit]")!.click());
    await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 30))));
  };
  return { container, input, ticked, send, posts };
}

describe("the invitation form with JavaScript", () => {
  it("keeps what was typed and ticked when the e-mail is refused, and is empty again once the invitation is sent", async () => {
    const { input, ticked, send, posts, container } = await teamPage();
    input("name").value = "Dana Reyes";
    input("email").value = "buyer@demo.test";
    await act(async () => container.querySelector<HTMLInputElement>('input[value="all:view"]')!.click());
    await act(async () => container.querySelector<HTMLInputElement>('input[value="41:offers"]')!.click());
    await send();
    expect(container.textContent).toContain("An account with this e-mail exists already.");
    expect([input("name").value, input("email").value, ticked()]).toEqual(["Dana Reyes", "buyer@demo.test", ["41:offers"]]);

    input("email").value = "dana@example.test";
    await send();
    expect(posts.at(-1)).toEqual({ name: "Dana Reyes", email: "dana@example.test", grant: ["41:offers"] });
    expect(container.textContent).toContain("dana@example.test");
    // the next colleague's invitation starts afresh: not the last one's name, e-mail and permissions, which sent again were refused as taken
    expect([input("name").value, input("email").value, ticked()]).toEqual(["", "", ["all:view"]]);
    expect(container.textContent).not.toContain("exists already");
  });
});
