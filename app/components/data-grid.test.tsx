// @vitest-environment jsdom
import { act } from "react";
import { useLoaderData } from "@remix-run/react";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { mountRouter, routerPage } from "../../tests/support/router-page";
import { DataGrid } from "./data-grid";
import { gridBody } from "./data-grid.server";
import type { TableHeader } from "~/lib/table-preferences";

type Row = { id: number; name: string; size: number };
const headers: TableHeader[] = [
  { value: "select", label: "Select", enabled: true, sortable: false },
  { value: "name", label: "Name", enabled: true },
  { value: "size", label: "Size", enabled: true },
];
const cells = {
  select: (r: Row) => <input type="checkbox" name="id" value={r.id} form="picked" aria-label={`Select ${r.name}`} />,
  name: (r: Row) => <a href={`/things/${r.id}`}>{r.name}</a>,
  size: (r: Row) => r.size,
};
const rowsOf = (names: string[]) => names.map((name, i) => ({ id: i + 1, name, size: (i + 1) * 10 }));
const draw = (rows: Row[], visible: Record<string, boolean> = {}) => gridBody("things", { headers, visible, rows, rowKey: (r) => r.id, cells, empty: "Nothing yet." });

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

async function pageWith(body: ReturnType<typeof draw>, visible: Record<string, boolean> = {}) {
  const page = await routerPage(
    "/things",
    <>
      <form id="picked" />
      <DataGrid<Row> tableKey="things" caption="Things" headers={headers} visible={visible} body={body} sortBy="name" sortDesc={false} />
    </>,
  );
  cleanup = page.cleanup;
  return page;
}

describe("a table whose rows the server drew", () => {
  it("shows the rows in the chosen columns, their boxes in the page's form, their links followed within the app", async () => {
    const { container, router } = await pageWith(draw(rowsOf(["Alder", "Birch"]), { size: false }), { size: false });
    const table = container.querySelector("table")!;
    expect([...table.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Select", "Name ↑"]);
    expect([...table.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
      ["", "Alder"],
      ["", "Birch"],
    ]);
    const box = table.querySelector<HTMLInputElement>('input[aria-label="Select Birch"]')!;
    expect(box.form?.id).toBe("picked");

    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void table.querySelector('a[href="/things/2"]')!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(router.state.location.pathname).toBe("/things/2");
  });

  it("sorts from a header by its column alone, leaving any other order the address asked for (the search's Best match)", async () => {
    const page = await routerPage(
      "/things",
      <DataGrid<Row> tableKey="things" caption="Things" headers={headers} visible={{}} body={draw(rowsOf(["Alder"]))} sortBy="" sortDesc={false} />,
      { search: "?order=best&q=oak&page=3" },
    );
    cleanup = page.cleanup;
    const size = page.container.querySelector('th a[href*="sort=size"]')!;
    expect(size.getAttribute("href")).toBe("/things?q=oak&sort=size&desc=0");
    expect(page.container.querySelector("th[aria-sort]")).toBeNull();
  });

  it("says so when there are none", async () => {
    const { container } = await pageWith(draw([]));
    expect(container.querySelector("tbody")!.textContent).toBe("Nothing yet.");
  });

  it("is drawn once for the same rows and columns, and again when a row changes", () => {
    const first = draw(rowsOf(["Cedar", "Dogwood"]));
    expect(draw(rowsOf(["Cedar", "Dogwood"]))).toBe(first);
    const changed = draw(rowsOf(["Cedar", "Elm"]));
    expect(changed).not.toBe(first);
    expect(changed.html).toContain("Elm");
    expect(draw(rowsOf(["Cedar", "Dogwood"]), { size: false }).html).not.toContain(">10<");
  });
});

describe("the Columns panel", () => {
  /** /things with the saved choice in its loader's data; a post saves the ticked columns. */
  async function savingPage() {
    const all = { select: true, name: true, size: true };
    let saved: Record<string, boolean> = all;
    const posts: string[][] = [];
    function Things() {
      const { visible } = useLoaderData() as { visible: Record<string, boolean> };
      return <DataGrid<Row> tableKey="things" caption="Things" headers={headers} visible={visible} body={draw(rowsOf(["Alder"]), visible)} sortBy="name" sortDesc={false} />;
    }
    const router = createMemoryRouter(
      [
        {
          path: "/things",
          Component: Things,
          loader: () => ({ visible: saved }),
          action: async ({ request }) => {
            const ticked = (await request.formData()).getAll("column").map(String);
            posts.push(ticked);
            saved = Object.fromEntries(headers.map((h) => [h.value, ticked.includes(h.value)]));
            return null;
          },
        },
      ],
      { initialEntries: ["/things"] },
    );
    const mounted = await mountRouter(router);
    const container = mounted.container;
    cleanup = mounted.cleanup;
    const box = (value: string) => container.querySelector<HTMLInputElement>(`details input[name="column"][value="${value}"]`)!;
    const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 20))));
    return { router, box, posts, settle, all, setSaved: (next: Record<string, boolean>) => (saved = next) };
  }

  it("keeps the box the keyboard ticked, and its focus, when the save returns", async () => {
    const { box, posts, settle } = await savingPage();
    const size = box("size");
    size.focus();
    await act(async () => size.click());
    await settle();
    expect(posts).toEqual([["select", "name"]]);
    expect(box("size")).toBe(size);
    expect(size.checked).toBe(false);
    expect(document.activeElement).toBe(size);
  });

  it("shows a saved choice that changed by other means (the defaults restored) in the same boxes", async () => {
    const { router, box, setSaved, settle, all } = await savingPage();
    const size = box("size");
    expect(size.checked).toBe(true);
    setSaved({ ...all, size: false });
    await act(async () => void (await router.revalidate()));
    await settle();
    expect(box("size")).toBe(size);
    expect(size.checked).toBe(false);
    setSaved(all);
    await act(async () => void (await router.revalidate()));
    expect(size.checked).toBe(true);
  });
});
