// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { routerPage } from "../../tests/support/router-page";
import type { CriteriaOptions } from "~/lib/schemas/buyer-criteria";
import { CriteriaForm, type CriteriaDefaults } from "./criteria-form";
import { criteriaChoicesMarkup } from "./criteria-form.server";

const options: CriteriaOptions = {
  industries: ["No Preferred Industry", "Energy", "Healthcare"],
  states: ["Texas", "Ohio", "Maine"],
  locations: ["West", "Midwest"],
  transactionScales: ["$1M-$5M", "$5M-$25M"],
  investmentTypes: ["Debt", "Equity"],
  transactionTypes: ["Whole loan", "Participation"],
  investorTypes: ["Fund", "Bank"],
};
const saved: CriteriaDefaults = {
  industryPreferences: ["Energy"],
  statePreferences: ["Texas", "Maine"],
  borrowerLocationPreferences: [],
  transactionScalePreferences: ["$5M-$25M"],
  performingLoanPreference: "Either",
  investmentPref: ["Debt"],
  transactionPref: [],
  investmentCriteria: "Senior secured only",
  buyerType: "",
};

let cleanup: (() => void) | null = null;
let drawnLists = 0;
afterEach(() => cleanup?.());

/** The form's controls as a browser posts them: each input's id, name, value and whether it is ticked. */
async function controlsOf(element: Parameters<typeof routerPage>[1]) {
  const page = await routerPage("/preferences", element);
  cleanup = page.cleanup;
  // a list the server drew is held in <StaticHtml>'s element, which has an id of its own
  drawnLists = page.container.querySelectorAll(`fieldset > div[id^=":"]`).length;
  return [...page.container.querySelectorAll("input")].map((input) => ({ id: input.id, name: input.name, value: input.value, checked: input.checked }));
}

describe("the criteria form's checkboxes drawn on the server", () => {
  it("are the same controls, ticked the same, as the form draws itself", async () => {
    const choices = criteriaChoicesMarkup("criteria", options, saved);
    const drawn = await controlsOf(<CriteriaForm id="criteria" options={options} defaultValue={saved} choices={choices} />);
    expect(drawnLists).toBe(6);
    cleanup?.();
    const own = await controlsOf(<CriteriaForm id="criteria" options={options} defaultValue={saved} />);
    expect(drawnLists).toBe(0);
    expect(drawn).toEqual(own);
    expect(drawn.filter((c) => c.checked).map((c) => c.value)).toEqual(["Energy", "Texas", "Maine", "$5M-$25M", "Either", "Debt"]);
    // every list's inputs are there, with the ids the form's errors and labels use
    expect(drawn.filter((c) => c.name === "statePreferences").map((c) => c.id)).toEqual(["criteria-statePreferences-Texas", "criteria-statePreferences-Ohio", "criteria-statePreferences-Maine"]);
  });

  it("are not used for a form drawn with a refusal: it shows what the member sent", async () => {
    const choices = criteriaChoicesMarkup("criteria", options, saved);
    const refusal = {
      status: "error" as const,
      initialValue: { industryPreferences: ["Healthcare"], statePreferences: ["Ohio", "Texas", "Maine", "Ohio"] },
      error: { statePreferences: ["Choose up to 3 states."] },
    };
    const controls = await controlsOf(<CriteriaForm id="criteria" options={options} defaultValue={saved} choices={choices} lastResult={refusal} />);
    expect(drawnLists).toBe(0);
    expect(controls.filter((c) => c.checked).map((c) => c.value)).toEqual(["Healthcare", "Texas", "Ohio", "Maine"]);
  });

  it("are not used for another form's id", async () => {
    const choices = criteriaChoicesMarkup("other-form", options, saved);
    const controls = await controlsOf(<CriteriaForm id="criteria" options={options} defaultValue={saved} choices={choices} />);
    expect(controls.every((c) => c.id === "" || c.id.startsWith("criteria-"))).toBe(true);
    expect(drawnLists).toBe(0);
    expect(controls.filter((c) => c.checked)).toHaveLength(6);
  });
});

describe("a criteria option's words", () => {
  it("may break after a slash, so that \"Trading Assets/Liquidation\" stays in a phone's card, and keep their name", () => {
    const long = { ...options, transactionTypes: ["Whole loan", "Trading Assets/Liquidation"] };
    const { html } = criteriaChoicesMarkup("criteria", long, saved).lists.transactionPref;
    const box = document.createElement("div");
    box.innerHTML = html;
    const label = [...box.querySelectorAll("label")].find((l) => l.textContent === "Trading Assets/Liquidation")!;
    expect(label.querySelector("span")!.innerHTML).toBe("Trading Assets/<wbr>Liquidation");
    expect(label.querySelector("input")!.value).toBe("Trading Assets/Liquidation");
  });
});
