import { expect, test } from "@playwright/test";
import { fillBasics, fillTerms, pageAs, token } from "./listing-steps";
import { baseUrlOf, DEMO, jsEnabled } from "./support";

test("a seller looks up a listing's address, confirms it and finds the project on the real-estate map", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.seller, jsEnabled(testInfo));
  const name = `Lookup ${token()}`;
  await page.goto("/projects/create");
  await page.getByLabel("Real estate").check();
  await page.getByRole("button", { name: "Start" }).click();
  await fillBasics(page, name, "Real Estate");
  await fillTerms(page, "Harbor Holdings");

  await page.getByLabel("Property type").selectOption({ label: "Office" });
  await page.getByLabel("Address").fill("1 Beacon Street");
  await page.getByLabel("Units").fill("40");
  // an unknown zip code is answered in words, nothing filled
  await page.getByLabel("Zip code").fill("00000");
  await page.getByRole("button", { name: "Look up address" }).click();
  await expect(page.getByText("We know no place with this zip code.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Units")).toHaveValue("40");

  await page.getByLabel("Zip code").fill("02108");
  await page.getByRole("button", { name: "Look up address" }).click();
  await expect(page.getByTestId("lookup-result")).toContainText("Found Boston, MA (Northeast)");
  // the form is filled for the seller to check: step 1 said Chicago, Illinois, Midwest
  await expect(page.getByLabel("City")).toHaveValue("Boston");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("MA");
  await expect(page.getByLabel("Region")).toHaveValue("Northeast");
  await expect(page.getByTestId("map-position")).toContainText("Map position: 42.3");
  // what was typed before the lookup is still there
  await expect(page.getByLabel("Address")).toHaveValue("1 Beacon Street");
  await expect(page.getByLabel("Units")).toHaveValue("40");
  await page.getByLabel("Occupancy (%)").fill("91");
  await page.getByLabel("Net operating income (USD per year)").fill("650,000");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/step=4/);

  await page.goto("/sellers/analytics/real-estate");
  const dot = page.getByTestId("us-map").getByRole("link", { name: `${name} (MA)` });
  await expect(dot).toHaveCount(1);
  await expect(page.getByTestId("state-count-MA")).toBeVisible();
  const href = (await dot.getAttribute("href"))!;
  expect(href).toMatch(/^\/sellers\/analytics\/real-estate\/\d+$/);
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await page.context().close();
});

test("a buyer switches the search to the map, keeps the filters and follows a dot to the teaser", async ({ browser }, testInfo) => {
  const page = await pageAs(browser, baseUrlOf(testInfo), DEMO.buyer, jsEnabled(testInfo));
  await page.goto("/buyers/search?industry=Real+Estate");
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page).toHaveURL(/industry=Real\+Estate/);
  const map = page.getByTestId("us-map");
  await expect(map).toBeVisible();
  await expect(page.getByRole("table", { name: "Projects by state" })).toBeVisible();
  // the filters stay with the map: a search from here keeps the view
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/view=map/);
  // the last dot is drawn on top of any it overlaps
  const dot = map.getByRole("link").last();
  const href = await dot.getAttribute("href");
  expect(href).toMatch(/^\/(realestate|projects\/more-details)\/\d+$/);
  await dot.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.goto("/buyers/search?industry=Real+Estate&view=map");
  await page.getByRole("link", { name: "Table", exact: true }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page.getByRole("table", { name: "Search results" })).toBeVisible();
  await page.context().close();
});
