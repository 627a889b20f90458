// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NdaTable, ViewersTable, type DeskContract } from "./desk-records";

const approved = (id: number, name: string, dataRoomBlocked: boolean): DeskContract => ({
  id,
  envelopeId: `env-${id}`,
  ndaStatus: "NDA Approved",
  requestedAt: "2024-03-01T10:00:00Z",
  signedAt: "2024-03-02T10:00:00Z",
  signerName: name,
  signerIp: "203.0.113.9",
  decidedAt: "2024-03-03T10:00:00Z",
  rejectionReason: null,
  dataRoomBlocked,
  buyer: { name, company: "Harbor Capital" },
  buyerCustomerId: null,
});

/** The text a screen reader is given for an element (no aria-label or aria-hidden in these). */
const spoken = (element: Element) => element.textContent!.replace(/\s+/g, " ").trim();

describe("the seller's NDA table", () => {
  const table = document.createElement("div");
  table.innerHTML = renderToStaticMarkup(
    <NdaTable projectId={7} contracts={[approved(1, "Bea Buyer", false), approved(2, "Buyer 2", true)]} powers={{ admin: false, decide: true, dataRoom: true, approvable: true }} />,
  );
  const rows = [...table.querySelectorAll('[data-testid="nda-row"]')];

  it("names each buyer's data-room step by what it does and for whom, beginning with the word it shows", () => {
    const buttons = rows.map((row) => row.querySelector("button")!);
    expect(buttons.map(spoken)).toEqual(["Block data-room access for Bea Buyer", "Give access to the data room for Buyer 2"]);
    expect(buttons.map((b) => [b.name, b.value])).toEqual([
      ["intent", "block"],
      ["intent", "unblock"],
    ]);
    const shown = (node: Node): string => (node instanceof Element ? (node.classList.contains("sr-only") ? "" : [...node.childNodes].map(shown).join("")) : (node.textContent ?? ""));
    expect(rows.map((row) => shown(row.querySelector('[data-testid="data-room-access"]')!).replace(/\s+/g, " ").trim())).toEqual(["Open · Block", "Blocked · Give access"]);
  });

  it("says that a signed NDA's PDF opens in a new tab", () => {
    const link = rows[0]!.querySelector('a[target="_blank"]')!;
    expect(link.getAttribute("href")).toBe("/projects/more-details/7/nda/env-1");
    expect(spoken(link)).toBe("PDF of the NDA Bea Buyer signed (opens in a new tab)");
    expect(link.querySelector(".sr-only")).not.toBeNull();
  });
});

describe("a date and time in the desk's tables", () => {
  const nowrap = (html: string) => {
    const box = document.createElement("div");
    box.innerHTML = html;
    return [...box.querySelectorAll("td .whitespace-nowrap")].map((el) => el.textContent);
  };

  it("stays on one line in a phone's narrow column, the words after it wrapping as they need", () => {
    const viewers = renderToStaticMarkup(
      <ViewersTable
        viewers={[{ userId: 1, name: "Bea Buyer", company: "Harbor Capital", sessions: 2, totalTime: 60_000, activeTime: 30_000, lastVisit: "2026-12-07T18:12:00Z" }]}
        paging={{ page: 1, pageSize: 25, total: 1 }}
        at={{ pathname: "/sellers/myprojects/7", search: "" }}
      />,
    );
    expect(nowrap(viewers)).toEqual(["2026-12-07 18:12 UTC"]);
    const ndas = renderToStaticMarkup(<NdaTable projectId={7} contracts={[approved(1, "Bea Buyer", false)]} powers={{ admin: false, decide: true, dataRoom: true, approvable: true }} />);
    // a date alone too: a phone breaks "2024-03-01" after a hyphen
    expect(nowrap(ndas)).toEqual(["2024-03-01", "2024-03-02 10:00 UTC", "2024-03-03"]);
    expect(ndas).toContain("2024-03-02 10:00 UTC</span> by Bea Buyer from 203.0.113.9");
  });
});
