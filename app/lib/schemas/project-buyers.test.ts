import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { adminProjectSchema } from "./deal";
import { SELECT_BUYERS } from "./project-buyers";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return parseWithZod(data, { schema: adminProjectSchema() });
};

describe("the admin project page's buyer table forms", () => {
  it("invites the ticked companies and refuses an empty selection", () => {
    const ok = form([["intent", "invite"], ["customerId", "3"], ["customerId", "12"]]);
    expect(ok.status === "success" && ok.value).toEqual({ intent: "invite", customerId: [3, 12] });
    const none = form([["intent", "invite"]]);
    expect(none.status !== "success" && none.error?.customerId).toEqual([SELECT_BUYERS]);
    expect(form([["intent", "invite"], ["customerId", "x"]]).status).toBe("error");
  });

  it("takes the columns form of its own table only", () => {
    expect(form([["intent", "columns"], ["table", "projectBuyers"], ["column", "score"]]).status).toBe("success");
    expect(form([["intent", "columns"], ["table", "customers"], ["column", "score"]]).status).toBe("error");
  });
});
