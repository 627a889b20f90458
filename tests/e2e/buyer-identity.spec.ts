import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { listProject, pageAs, token } from "./listing-steps";
import { apiClient, baseUrlOf, DEMO, joinAs } from "./support";

/** The data requests of the pages a seller can reach on one project, by route id. */
const sellerPages = (id: number, buyerId: number, envelopeId: string) => [
  ["/home", "root"],
  ["/sellers/myprojects", "routes/_app.sellers.myprojects._index"],
  ["/sellers/myprojects/drafts", "routes/_app.sellers.myprojects.drafts"],
  [`/sellers/myprojects/${id}`, "routes/_app.sellers.myprojects.$id"],
  [`/projects/company/${id}`, "routes/_app.projects.company.$id"],
  [`/projects/more-details/${id}`, "routes/_app.projects.more-details.$id"],
  ["/messages", "routes/_app.messages._index"],
  [`/messages/${id}/${buyerId}`, "routes/_app.messages.$projectId.$buyerId"],
  [`/buyers/myprojects/${id}/${envelopeId}`, "routes/_app.buyers.myprojects.$id_.$envelopeId"],
  ["/profile", "routes/_app.profile"],
] as const;

/** The admin's pages about the project (the member directory and the outbox list members by e-mail on purpose). */
const adminPages = (id: number) => [
  ["/admin/projects", "routes/_app.admin.projects._index"],
  [`/admin/projects/${id}`, "routes/_app.admin.projects.$id"],
  [`/admin/projects/permission/${id}`, "routes/_app.admin.projects.permission.$id"],
  ["/messages", "routes/_app.messages._index"],
] as const;

async function dataOf(client: APIRequestContext, pages: ReadonlyArray<readonly [string, string]>) {
  const texts: string[] = [];
  for (const [path, route] of pages) {
    const response = await client.get(`${path}?_data=${encodeURIComponent(route)}`, { maxRedirects: 0 });
    expect(response.status(), `${path} (${route})`).toBeLessThan(500);
    texts.push(`${path} ${route}: ${await response.text()}`);
  }
  return texts;
}

const expectNone = (texts: string[], secrets: string[]) => {
  for (const text of texts) for (const secret of secrets) expect(text.toLowerCase(), text.slice(0, 120)).not.toContain(secret.toLowerCase());
};

async function memberId(page: Page) {
  return ((await (await page.request.get("/home?_data=root")).json()) as { user: { id: number } }).user.id;
}

test("a seller learns who a buyer is when the NDA is signed, not before, in any page's data", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, "HTTP-level: once per server");
  test.setTimeout(180_000);
  const base = baseUrlOf(testInfo);
  const word = token();

  // a fresh listing of the demo seller, published
  const seller = await pageAs(browser, base, DEMO.seller);
  const id = await listProject(seller, "Insurance-backed loan", `Identity ${word}`, `Borrower ${word}`);
  const admin = await pageAs(browser, base, DEMO.admin);
  await admin.goto(`/admin/projects/${id}`);
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByTestId("snackbar")).toContainText("The project is published.");

  // a new buyer looks at it, passes nothing, and asks for the NDA
  const { email, name, company } = await joinAs(page, { role: "Buyer", name: `Ines ${word}`, company: `Quietwater ${word}` });
  const buyerId = await memberId(page);
  await page.goto(`/projects/more-details/${id}`);
  await page.getByRole("button", { name: "Sign the NDA" }).click();
  await expect(page).toHaveURL(new RegExp(`/buyers/myprojects/${id}/[A-Za-z0-9_-]+$`));
  const envelopeId = page.url().split("/").pop()!;

  const sellerClient = await apiClient(base, DEMO.seller);
  const adminClient = await apiClient(base, DEMO.admin);
  const requested = await dataOf(sellerClient, sellerPages(id, buyerId, envelopeId));
  expectNone(requested, [email, name, company]);
  // the request is on the desk, under a pseudonym
  const desk = requested.find((t) => t.includes("routes/_app.sellers.myprojects.$id:"))!;
  // (the NDA table comes drawn: its markup is in the data)
  expect(desk).toContain('nda-status\\">Requested<');
  expect(desk).toMatch(/nda-row\\"><td>Buyer [0-9A-F]{6}</);
  // the envelope is the buyer's to sign; the seller needs its id only for the signed PDF
  expect(desk).not.toContain(envelopeId);
  expectNone(await dataOf(adminClient, adminPages(id)), [email]);
  await seller.goto(`/sellers/myprojects/${id}`);
  await expect(seller.getByTestId("nda-row")).toHaveCount(1);
  await expect(seller.getByTestId("nda-row")).not.toContainText(name);

  // the buyer signs: now the seller's desk names them and shows where to reach them
  await page.getByLabel("Type your full name").fill(name);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign the NDA" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("NDA signed.");

  const signed = await dataOf(sellerClient, [[`/sellers/myprojects/${id}`, "routes/_app.sellers.myprojects.$id"]]);
  expect(signed[0]).toContain(email);
  expect(signed[0]).toContain(name);
  await seller.goto(`/sellers/myprojects/${id}`);
  await expect(seller.getByTestId("nda-row").filter({ hasText: name }).getByTestId("nda-buyer-email")).toHaveText(email);
  const adminDesk = await dataOf(adminClient, [[`/admin/projects/${id}`, "routes/_app.admin.projects.$id"]]);
  expect(adminDesk[0]).toContain(email);

  await sellerClient.dispose();
  await adminClient.dispose();
  await seller.context().close();
  await admin.context().close();
});
