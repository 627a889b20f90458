// @vitest-environment jsdom
import { act } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { routerPage } from "../../tests/support/router-page";
import { headerFor, NAVIGATION } from "~/lib/navigation";
import { primaryRole } from "~/lib/roles";
import { closeMenuOnEscape, SiteHeader } from "./site-header";
import { StaticHtml } from "./static-html";

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

/** The header as root.tsx puts it on a page: the server's markup, its key presses handed to the menu. */
async function headerPage() {
  const html = renderToStaticMarkup(<SiteHeader user={{ name: "Casey Rossi", role: "buyer" }} inbox={4} header={headerFor({ role: "buyer" })} pathname="/home" />);
  const page = await routerPage("/home", <StaticHtml markup={{ html }} onKeyDown={closeMenuOnEscape} />);
  cleanup = page.cleanup;
  return page.container;
}

const press = (target: Element, key: string) => act(() => void target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));

describe("the site header", () => {
  it("leads a member who buys and also sells to their listings, and only them", () => {
    const links = (user: Parameters<typeof headerFor>[0]) => headerFor(user).navigation.map((l) => l.to);
    expect(links({ role: "buyer", roles: ["ROLE_SELLER", "ROLE_BUYER"] })).toContain("/sellers/myprojects");
    // a broker who also sells is a seller first (spec §3): the seller's header, "My projects" once, no second branch
    const roles = ["ROLE_BROKER", "ROLE_SELLER"];
    const brokerSeller = { role: primaryRole(roles), roles };
    expect(brokerSeller.role).toBe("seller");
    expect(links(brokerSeller)).toEqual(NAVIGATION.seller.map((l) => l.to));
    expect(links({ role: "broker", roles: ["ROLE_BROKER", "ROLE_SELLER"] })).toEqual(NAVIGATION.broker.map((l) => l.to));
    expect(links({ role: "buyer", roles: ["ROLE_BUYER"] })).not.toContain("/sellers/myprojects");
    // a seller's own links have it already, once
    expect(links({ role: "seller", roles: ["ROLE_SELLER", "ROLE_AGENT"] }).filter((to) => to === "/sellers/myprojects")).toHaveLength(1);
  });

  it("closes the phone's menu on Escape and gives the focus back to its summary", async () => {
    const container = await headerPage();
    const menu = container.querySelector("details")!;
    const summary = menu.querySelector("summary")!;
    menu.open = true;
    const link = menu.querySelector("nav a") as HTMLAnchorElement;
    link.focus();
    press(link, "Tab");
    expect(menu.open).toBe(true);
    press(link, "Escape");
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it("names the inbox and the member's link with their badges apart from the words", async () => {
    const container = await headerPage();
    expect(container.querySelector('a[href="/messages"]')!.getAttribute("aria-label")).toBe("Messages, 4 unread");
    expect(container.querySelector('[data-testid="current-user"]')!.getAttribute("aria-label")).toBe("Casey Rossi, Buyer");
    expect(container.querySelector('[data-testid="inbox-count"]')!.textContent).toBe("4");
  });
});
