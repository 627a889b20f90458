import { describe, expect, it } from "vitest";
import { customerQuery } from "./customers";

describe("customerQuery", () => {
  it("writes every filter, Any too, so a saved default cannot creep back in on the next page or the CSV", () => {
    const query = new URLSearchParams(customerQuery({ filters: { type: "Bank" }, sort: "lastLogin", desc: true, page: 2, pageSize: 50 }));
    expect(Object.fromEntries(query)).toEqual({
      q: "",
      customerType: "Any",
      type: "Bank",
      enabled: "Any",
      locked: "Any",
      minViews: "",
      minNdas: "",
      minNegotiations: "",
      minLoi: "",
      minImpressions: "",
      minCommunications: "",
      sort: "lastLogin",
      desc: "1",
      page: "2",
      pageSize: "50",
    });
  });

  it("leaves out the first page and the default page size", () => {
    const query = new URLSearchParams(customerQuery({ filters: {}, page: 1, pageSize: 25 }));
    expect(query.has("page")).toBe(false);
    expect(query.has("pageSize")).toBe(false);
  });
});
