// @vitest-environment jsdom
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { mountRouter } from "../../../tests/support/router-page";
import { WorkspacePage } from "./workspace";
import type { OfferView } from "~/components/deal/offers";
import type { ActionResult } from "~/lib/action-result";

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

const PATH = "/buyers/myprojects/19";
const ROUTE = "workspace";
const offer = (id: number, status: OfferView["offer"]["status"]): OfferView => ({
  offer: { id, projectId: 19, status, price: 1_000_000, structure: "Cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-31", revision: 2 },
  summary: { html: `<p>Offer ${id}: ${status}</p>` },
});
const refusal = (initialValue: Record<string, string>, message: string): ActionResult => ({ status: "error", initialValue, error: { "": [message] } });

/**
 * The workspace as it is drawn after a step was refused (409): read again, as the page is without JavaScript
 * (the action's answer and the loader's data in one page) and with it (Remix reads the loaders after an action).
 */
async function workspaceAfter(result: ActionResult, { offers, status = "published" }: { offers: OfferView[]; status?: string }) {
  const loaderData = {
    project: { id: 19, projectName: "Annuity premium finance loans #19", status, kind: "insurance_loan" },
    summary: { html: "" },
    sale: null,
    readOnly: false,
    contract: { envelopeId: "envelope-1234", signedAt: "2026-12-01T00:00:00.000Z", dataRoomBlocked: false },
    documents: [],
    documentsPager: null,
    thread: [],
    earlier: null,
    paged: false,
    offers,
    loanTape: null,
    passedAt: null,
    me: 1,
    submissionKey: "key",
    dealsPath: "/buyers/myprojects/index_new",
  };
  const router = createMemoryRouter([{ id: ROUTE, path: PATH, Component: WorkspacePage }], {
    initialEntries: [PATH],
    hydrationData: { loaderData: { [ROUTE]: loaderData }, actionData: { [ROUTE]: { result } } },
  });
  const mounted = await mountRouter(router);
  cleanup = mounted.cleanup;
  return mounted.container;
}
const shown = (container: HTMLElement, message: string) => [...container.querySelectorAll('[data-testid="form-error"]')].filter((e) => e.textContent?.includes(message)).length;

describe("a refused step in the buyer's workspace", () => {
  it("says why an offer was refused when the page no longer draws the offer form (an offer sent from another tab is open)", async () => {
    const message = "You already have an open offer on this project.";
    const page = await workspaceAfter(refusal({ intent: "offer", price: "1,100,000" }, message), { offers: [offer(34, "submitted")] });
    expect(shown(page, message)).toBe(1);
  });

  it("says why a new offer was refused when the listing went under offer meanwhile", async () => {
    const message = "The project is no longer open for offers.";
    const page = await workspaceAfter(refusal({ intent: "offer" }, message), { offers: [], status: "under_offer" });
    expect(shown(page, message)).toBe(1);
  });

  it("says why a revision was refused when the countered offer was closed meanwhile (withdrawn in another tab)", async () => {
    const message = "This offer is closed.";
    const page = await workspaceAfter(refusal({ intent: "revise", offerId: "34" }, message), { offers: [offer(34, "withdrawn")] });
    expect(shown(page, message)).toBe(1);
  });

  it("shows a refusal once, in its form, while the page still draws that form", async () => {
    const revised = "The offer has changed in the meantime; see its current state below.";
    const stillCountered = await workspaceAfter(refusal({ intent: "revise", offerId: "34" }, revised), { offers: [offer(34, "countered")] });
    expect(shown(stillCountered, revised)).toBe(1);
    expect(stillCountered.querySelector('form[id="revise-34"]')?.textContent).toContain(revised);
    cleanup?.();
    cleanup = null;
    const refused = "The offer cannot expire in the past: days are counted in New York time.";
    const offerForm = await workspaceAfter(refusal({ intent: "offer" }, refused), { offers: [offer(33, "rejected")] });
    expect(shown(offerForm, refused)).toBe(1);
    expect(offerForm.querySelector('form[id="offer"]')?.textContent).toContain(refused);
  });
});
