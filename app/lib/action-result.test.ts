import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formErrorsOf, intentOf, resultFor } from "./action-result";
import { adminProjectSchema, dataRoomAccessSchema, DESK_INTENTS, sellerProjectSchema, workspaceIntentSchema } from "./schemas/deal";
import { profileActionSchema } from "./schemas/account";
import { tableActionSchema } from "./schemas/table";

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

describe("one union per action", () => {
  it("reads a desk step's ids as numbers, and the page's own intents beside the desk's", () => {
    const approve = parseWithZod(form({ intent: "approve-nda", contractId: "12" }), { schema: sellerProjectSchema() });
    expect(approve.status === "success" && approve.value).toEqual({ intent: "approve-nda", contractId: 12 });
    const withdraw = parseWithZod(form({ intent: "withdraw" }), { schema: sellerProjectSchema() });
    expect(withdraw.status).toBe("success");
    const publish = parseWithZod(form({ intent: "publish" }), { schema: adminProjectSchema() });
    expect(publish.status).toBe("success");
    // the seller cannot publish: not an intent of the seller's page
    expect(parseWithZod(form({ intent: "publish" }), { schema: sellerProjectSchema() }).status).toBe("error");
    expect(DESK_INTENTS).toContain("counter");
  });

  it("keeps the spec's messages on the fields", () => {
    const reject = parseWithZod(form({ intent: "reject-nda", contractId: "3", reason: "no" }), { schema: sellerProjectSchema() });
    expect(reject.status === "error" && reject.error).toEqual({ reason: ["A minimum of 5 characters are required."] });
    const review = parseWithZod(form({ intent: "reject" }), { schema: adminProjectSchema() });
    expect(review.status === "error" && review.error).toEqual({ reason: ["Required."] });
    const message = parseWithZod(form({ intent: "message" }), { schema: workspaceIntentSchema() });
    expect(message.status === "error" && message.error).toEqual({ body: ["Required."] });
  });

  it("refuses an id that is not a positive integer, and an intent the action does not know", () => {
    expect(parseWithZod(form({ intent: "block", contractId: "abc" }), { schema: dataRoomAccessSchema() }).status).toBe("error");
    expect(parseWithZod(form({ intent: "block", contractId: "0" }), { schema: dataRoomAccessSchema() }).status).toBe("error");
    const unknown = parseWithZod(form({ intent: "approve-nda", contractId: "1" }), { schema: dataRoomAccessSchema() });
    expect(unknown.status === "error" && Object.keys(unknown.error ?? {})).toEqual(["intent"]);
  });

  it("reads the profile's forms and a table's column choice", () => {
    const password = parseWithZod(form({ intent: "password", currentPassword: "x", newPassword: "long enough 1", confirmPassword: "other" }), { schema: profileActionSchema() });
    expect(password.status === "error" && password.error).toEqual({ confirmPassword: ["The passwords do not match."] });
    const one = parseWithZod(form({ intent: "columns", table: "projectSearch", column: "industry" }), { schema: tableActionSchema("projectSearch") });
    expect(one.status === "success" && one.value).toEqual({ intent: "columns", table: "projectSearch", column: ["industry"] });
    // no column ticked is a table of none: refused (schemas/table.test.ts)
    expect(parseWithZod(form({ intent: "columns", table: "projectSearch" }), { schema: tableActionSchema("projectSearch") }).status).toBe("error");
    expect(parseWithZod(form({ intent: "reset", table: "adminProjects" }), { schema: tableActionSchema("projectSearch") }).status).toBe("error");
  });
});

describe("the answer a page reads", () => {
  const refused = parseWithZod(form({ intent: "counter", offerId: "7" }), { schema: workspaceIntentSchema() }).reply({ formErrors: ["No such offer."] });
  it("names the intent and the record of the form it answers", () => {
    expect(intentOf(refused)).toBe("counter");
    expect(resultFor(refused, "counter", { offerId: 7 })).toBe(refused);
    expect(resultFor(refused, "counter", { offerId: 8 })).toBeUndefined();
    expect(resultFor(refused, ["accept", "withdraw"])).toBeUndefined();
    expect(formErrorsOf(refused)).toEqual(["No such offer."]);
    expect(formErrorsOf(undefined)).toBeUndefined();
  });
});
