// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { routerPage } from "../../tests/support/router-page";
import { SearchFilter, ViewForm } from "./table-controls";

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

describe("the filters of a table on a page opened from another table", () => {
  it("keep the way back to that table (?back=) when shown again, with or without JavaScript (a GET form's hidden field)", async () => {
    const back = "/admin/customers?q=capital&page=3";
    const page = await routerPage(
      "/admin/customers/7",
      <ViewForm sort="name" desc={false} pageSize={25}>
        <SearchFilter value="" placeholder="Name" />
      </ViewForm>,
      { search: `?${new URLSearchParams({ back, q: "ann" })}` },
    );
    cleanup = page.cleanup;
    const form = page.container.querySelector("form")!;
    expect(new URLSearchParams([...new FormData(form).entries()] as Array<[string, string]>).get("back")).toBe(back);
  });
});
