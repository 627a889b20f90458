import { describe, expect, it } from "vitest";
import { backWithin, withBack } from "./table-back";

const search = (back: string) => `?${new URLSearchParams({ back, page: "2" })}`;

describe("the way back to an admin table (?back=)", () => {
  it("is the table as the admin left it, and only an address on one of the pages named; anything else is the bare page", () => {
    const left = "/admin/customers?q=capital&enabled=yes&sort=customerName&desc=1&page=3";
    expect(backWithin(search(left), ["/admin/customers"])).toBe(left);
    expect(backWithin(search("/admin/customers"), ["/admin/customers"])).toBe("/admin/customers");
    expect(backWithin(search("/admin/customers/7?back=%2Fadmin%2Fcustomers%3Fq%3Dx"), ["/admin/customers/7", "/admin/customers"], "/admin/customers/7")).toBe(
      "/admin/customers/7?back=%2Fadmin%2Fcustomers%3Fq%3Dx",
    );
    for (const elsewhere of [
      "https://evil.example/admin/customers",
      "//evil.example/admin/customers",
      "/admin/customers/../../signout",
      "/admin/customers-export?q=x",
      "/admin/customers/77",
      "/admin/users?q=x",
      "/admin/customers?q=x#top",
      "/admin/customers?q=x\r\nSet-Cookie: a=b",
      "",
    ]) {
      expect(backWithin(search(elsewhere), ["/admin/customers"]), elsewhere).toBe("/admin/customers");
      expect(backWithin(search(elsewhere), ["/admin/customers/7", "/admin/customers"], "/admin/customers/7"), elsewhere).toBe("/admin/customers/7");
    }
    expect(backWithin("", ["/admin/projects"])).toBe("/admin/projects");
  });

  it("is named on a link from the table only when there is a view to keep", () => {
    expect(withBack("/admin/projects/4", "/admin/projects", "/admin/projects")).toBe("/admin/projects/4");
    expect(withBack("/admin/projects/4", "/admin/projects?q=a&page=2", "/admin/projects")).toBe("/admin/projects/4?back=%2Fadmin%2Fprojects%3Fq%3Da%26page%3D2");
    expect(withBack("/x?y=1", "/admin/projects?q=a", "/admin/projects")).toBe("/x?y=1&back=%2Fadmin%2Fprojects%3Fq%3Da");
  });
});
