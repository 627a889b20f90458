// @vitest-environment jsdom
import { act } from "react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { createMemoryRouter, redirect } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { mountRouter } from "../../../tests/support/router-page";
import { DealDesk, type DeskProps } from "./desk";
import type { ActionResult } from "~/lib/action-result";

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

const PATH = "/sellers/myprojects/13";
const none = { html: "" };
// every record the desk draws from the server's markup, empty: only the data room's forms are looked at
const records = new Proxy({}, { get: () => none }) as DeskProps["desk"]["records"];

/** The desk with JavaScript: its first upload is refused (as a type the room does not take), the next stored and answered with a redirect. */
async function desk() {
  const documents: DeskProps["desk"]["documents"] = [];
  let posts = 0;
  const router = createMemoryRouter(
    [
      {
        path: PATH,
        loader: () => ({ documents: [...documents] }),
        action: async () => {
          if (++posts === 1) return { result: { status: "error", initialValue: { intent: "upload-document" }, error: { "": ["This file is not a PDF."] } } };
          documents.push({ id: documents.length + 1, name: "memo.pdf", typeLabel: "PDF", size: 8, createdAt: "2026-12-07T00:00:00.000Z" } as DeskProps["desk"]["documents"][number]);
          return redirect(PATH);
        },
        Component() {
          const { documents: shown } = useLoaderData() as { documents: DeskProps["desk"]["documents"] };
          const result = (useActionData() as { result?: ActionResult } | undefined)?.result ?? null;
          const view = { charts: { activity: [], funnel: none }, records, documents: shown, offers: [], ndaSettings: { autoApprove: false, templateName: null } } as unknown as DeskProps["desk"];
          return <DealDesk projectId={13} projectOpen buyersSee desk={view} result={result} />;
        },
      },
    ],
    { initialEntries: [PATH] },
  );
  const mounted = await mountRouter(router);
  cleanup = mounted.cleanup;
  const { container } = mounted;
  const input = () => container.querySelector<HTMLInputElement>("#data-room-file")!;
  // jsdom has no DataTransfer to fill a file input with: the input's own list stands in for what was chosen,
  // and the form's reset empties it, as a browser's does
  const choose = (name: string) => {
    const field = input();
    Object.defineProperty(field, "files", { value: [new File(["%PDF-1.4"], name, { type: "application/pdf" })], configurable: true });
    field.form!.addEventListener("reset", () => delete (field as { files?: unknown }).files, { once: true });
  };
  const upload = async () => {
    await act(async () => input().form!.querySelector<HTMLButtonElement>("button[type=submit]")!.click());
    await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 30))));
  };
  return { container, input, choose, upload };
}

describe("the data room's upload form with JavaScript", () => {
  it("keeps a refused file chosen, with its message, and lets an uploaded one go", async () => {
    const { container, input, choose, upload } = await desk();
    choose("refused.pdf");
    await upload();
    expect(container.textContent).toContain("This file is not a PDF.");
    expect(input().files?.[0]?.name).toBe("refused.pdf");

    choose("memo.pdf");
    await upload();
    expect(container.querySelector('[data-testid="documents"]')?.textContent).toContain("memo.pdf");
    // a second click on Upload sent the same file again, to be refused as in the data room already
    expect(input().files?.length ?? 0).toBe(0);
  });
});
