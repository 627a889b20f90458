import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf, sent } from "../../../tests/support/app";
import { serverPage } from "../../../tests/support/server-page";

/** The admin's bulk upload of listings, as its action answers the form. */
const app = await bootApp("route-uploads");
const { action, loader, meta, default: Page } = await import("./route");
const { customers, importJobs, projects, users } = await import("~/.server/db/schema");
const { templateCsv, uploadColumns } = await import("~/lib/listing-upload");
const { projectOptions } = await import("~/.server/project-options");
const { eq } = await import("drizzle-orm");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const columns = uploadColumns("loan_pool", (await projectOptions(services)).values);

function post(fields: Record<string, string>, file: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  const request = new Request(`${ORIGIN}/admin/uploads/individual-listings`, {
    method: "POST",
    headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
  return responseOf(action({ request, context, params: { kind: "individual-listings" } }));
}

describe("a dry run of a file with more bad rows than it names", () => {
  it("counts every bad row in its summary, not the lines it shows", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const [header, example] = templateCsv("loan_pool", columns).trim().split("\n");
    // the example row with its waInterest (6.25) made text: 150 rows, every one bad
    const bad = example!.replace(",6.25,", ",abc,");
    const file = new File([[header, ...Array.from({ length: 150 }, () => bad)].join("\n")], "bad.csv", { type: "text/csv" });
    const answer = await post({ intent: "check", seller: String(seller.id), target: "draft" }, file);
    expect(answer.status).toBe(400);
    const { result } = (await answer.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual(["150 problems; nothing was imported."]);
    expect(result.error.file).toHaveLength(101);
    expect(result.error.file!.at(-1)).toBe("… and 50 more lines with problems.");
  });
});

describe("an upload whose target no radio sends (a forged post)", () => {
  it("is refused with the target's message, on the form as the page shows it", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const file = new File([templateCsv("loan_pool", columns)], "forged.csv", { type: "text/csv" });
    const answer = await post({ intent: "import", seller: String(seller.id), target: "everywhere" }, file);
    expect(answer.status).toBe(400);
    const actionData = (await answer.json()) as { result: { error: Record<string, string[]> } };
    expect(actionData.result.error.target).toEqual(["Choose drafts or published."]);
    const url = `${ORIGIN}/admin/uploads/individual-listings`;
    const loaderData = await (await sent(loader({ request: new Request(url, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } }))).json();
    expect(await serverPage(Page, url, { loaderData: loaderData as object, actionData })).toContain("Choose drafts or published.");
    expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toEqual([]);
  });
});

describe("an upload's Import sent twice", () => {
  it("imports the file once: the form's key makes the second post find the first job", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const page = (await loader({ request: new Request(`${ORIGIN}/admin/uploads/individual-listings`, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } })) as { submissionKey: string };
    expect(page.submissionKey).toMatch(/\S{16,}/);
    const file = () => new File([templateCsv("loan_pool", columns)], "twice.csv", { type: "text/csv" });
    const fields = { intent: "import", seller: String(seller.id), target: "draft", key: page.submissionKey };
    // a double click: both posts at once
    const answers = await Promise.all([post(fields, file()), post(fields, file())]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    const jobs = await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id));
    expect(jobs).toHaveLength(1);
    expect(answers.map((a) => a.headers.get("Location"))).toEqual([`/admin/uploads/individual-listings?job=${jobs[0]!.id}`, `/admin/uploads/individual-listings?job=${jobs[0]!.id}`]);
    // and later, from the same page (the back button, a reload's resend): still once
    expect((await post(fields, file())).status).toBe(302);
    expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toHaveLength(1);
    expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(1);
  });
});

describe("the same file imported again, from a new page", () => {
  it("is refused (409) with when and how many listings it made, imports nothing, and is imported again only when the admin says so", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const key = async () => ((await loader({ request: new Request(`${ORIGIN}/admin/uploads/individual-listings`, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } })) as { submissionKey: string }).submissionKey;
    const csv = templateCsv("loan_pool", columns);
    const file = (name = "book.csv", text = csv) => new File([text], name, { type: "text/csv" });
    const fields = async () => ({ intent: "import", seller: String(seller.id), target: "draft", key: await key() });
    const listings = async () => (await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).length;
    expect((await post(await fields(), file())).status).toBe(302);
    const [first] = await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id));
    expect(first).toMatchObject({ status: "done", fileSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await listings()).toBe(1);

    // the same content under another name, from a page opened afresh (a key of its own)
    const again = await post(await fields(), file("book (2).csv"));
    expect(again.status).toBe(409);
    const body = (await again.json()) as { importedBefore: number; result: { error: Record<string, string[]> } };
    const on = first!.finishedAt!.toISOString().slice(0, 10);
    expect(body.result.error.file).toEqual([`This file was imported on ${on} (1 listing, import #${first!.id}). Import it again?`]);
    expect(body.importedBefore).toBe(first!.id);
    expect(await listings()).toBe(1);
    // the dry run of it says so before the admin imports it again
    const dryRun = await post({ ...(await fields()), intent: "check" }, file());
    expect(dryRun.status).toBe(200);
    const checked = ((await dryRun.json()) as { checked: { rows: number; before: string | null } }).checked;
    expect(checked).toMatchObject({ rows: 1, before: `This file was imported on ${on} (1 listing, import #${first!.id}). Importing it makes its listings again.` });
    expect(await listings()).toBe(1);
    // another file, or the same for another seller or as real estate, is not asked about
    const other = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    expect((await post({ ...(await fields()), seller: String(other.id) }, file())).status).toBe(302);
    // said yes: imported again
    expect((await post({ ...(await fields()), again: "1" }, file())).status).toBe(302);
    expect(await listings()).toBe(2);
  });
});

describe("the same file imported from two pages at the same moment", () => {
  // whether the second post looks before or after the first is staged, it is asked (the index decides the
  // race when both looked first: listing-imports.server.test.ts); and the file is made again as often as the admin says
  it("imports it once, and asks the second as if it had come after the first", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const key = async () => ((await loader({ request: new Request(`${ORIGIN}/admin/uploads/individual-listings`, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } })) as { submissionKey: string }).submissionKey;
    const file = () => new File([templateCsv("loan_pool", columns)], "both tabs.csv", { type: "text/csv" });
    const fields = async () => ({ intent: "import", seller: String(seller.id), target: "draft", key: await key() });
    const [one, two] = [await fields(), await fields()];
    const answers = await Promise.all([post(one, file()), post(two, file())]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const jobs = await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id));
    expect(jobs).toHaveLength(1);
    const asked = (await answers.find((a) => a.status === 409)!.json()) as { importedBefore: number; result: { error: Record<string, string[]> } };
    expect(asked.importedBefore).toBe(jobs[0]!.id);
    expect(asked.result.error.file![0]).toMatch(new RegExp(`^This file (was imported on|is being imported since) .*\\(1 listing, import #${jobs[0]!.id}\\)\\. Import it again\\?$`));
    expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(1);
    // said yes: made again, and again after that, as often as the admin says so
    expect((await post({ ...(await fields()), again: "1" }, file())).status).toBe(302);
    expect((await post({ ...(await fields()), again: "1" }, file())).status).toBe(302);
    expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(3);
  });
});

describe("an upload for a seller who may no longer sell", () => {
  async function sellerOfCompany(company: Partial<typeof customers.$inferInsert>) {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const [customer] = await services.db.insert(customers).values({ name: `Company of ${seller.email}`, customerType: "seller", ...company }).returning();
    await services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, seller.id));
    return seller;
  }

  it("refuses a disabled member, or one of a disabled or anonymised company, as an unknown seller is refused (400), importing nothing", async () => {
    const disabled = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    await services.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    const sellers = [disabled, await sellerOfCompany({ enabled: false }), await sellerOfCompany({ anonymisedAt: new Date() })];
    for (const seller of sellers) {
      for (const intent of ["check", "import"]) {
        const file = new File([templateCsv("loan_pool", columns)], "disabled.csv", { type: "text/csv" });
        const answer = await post({ intent, seller: String(seller.id), target: "published" }, file);
        expect(answer.status).toBe(400);
        expect(JSON.stringify(await answer.json())).toContain("Choose a seller.");
      }
      expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toHaveLength(0);
      expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(0);
    }
  });

  it("refuses a seller of a company an admin locked (its members cannot sign in) and leaves them out of the form's list", async () => {
    const seller = await sellerOfCompany({ locked: true });
    for (const intent of ["check", "import"]) {
      const file = new File([templateCsv("loan_pool", columns)], "locked.csv", { type: "text/csv" });
      const answer = await post({ intent, seller: String(seller.id), target: "published" }, file);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain("Choose a seller.");
    }
    expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toHaveLength(0);
    expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(0);
    const page = (await loader({ request: new Request(`${ORIGIN}/admin/uploads/individual-listings?find=${encodeURIComponent(seller.email)}`, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } })) as { sellers: { rows: { id: number }[]; total: number } };
    expect(page.sellers).toMatchObject({ rows: [], total: 0 });
  });

  it("still takes a seller whose own account a run of failed sign-ins locked (anyone can cause that lock)", async () => {
    const seller = await sellerOfCompany({});
    await services.db.update(users).set({ locked: true }).where(eq(users.id, seller.id));
    const page = (await loader({ request: new Request(`${ORIGIN}/admin/uploads/individual-listings?find=${encodeURIComponent(seller.email)}`, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } })) as { sellers: { rows: { id: number }[] } };
    expect(page.sellers.rows.map((r) => r.id)).toEqual([seller.id]);
    const file = new File([templateCsv("loan_pool", columns)], "self-locked.csv", { type: "text/csv" });
    expect((await post({ intent: "import", seller: String(seller.id), target: "draft" }, file)).status).toBe(302);
    expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(1);
  });

  it("still takes a seller of an enabled company", async () => {
    const seller = await sellerOfCompany({});
    const file = new File([templateCsv("loan_pool", columns)], "enabled.csv", { type: "text/csv" });
    expect((await post({ intent: "import", seller: String(seller.id), target: "draft" }, file)).status).toBe(302);
    expect(await services.db.select().from(projects).where(eq(projects.sellerId, seller.id))).toHaveLength(1);
  });
});

describe("an XLSX upload that unzips past the cap", () => {
  it("is refused (400) with the cap's message before it is unzipped, importing nothing", async () => {
    const { strToU8, zipSync } = await import("fflate");
    const { XLSX_TOO_LARGE } = await import("~/.server/spreadsheet");
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    // 60 MB of blanks in the sheet: about 60 KB zipped
    const zip = zipSync({
      "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      "xl/worksheets/sheet1.xml": strToU8(`<worksheet>${" ".repeat(60 * 1024 * 1024)}<sheetData></sheetData></worksheet>`),
    });
    for (const intent of ["check", "import"]) {
      const answer = await post({ intent, seller: String(seller.id), target: "draft" }, new File([zip], "bomb.xlsx"));
      expect(answer.status).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain(XLSX_TOO_LARGE);
    }
    expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toHaveLength(0);
  });
});

describe("an upload whose file field holds text (a form posted by hand, a browser that sent an empty string)", () => {
  it("is refused (400) with 'Choose a CSV or XLSX file.' on the file's field, importing nothing", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    for (const intent of ["check", "import"]) {
      for (const text of ["", "listings.csv"]) {
        const form = new FormData();
        for (const [name, value] of Object.entries({ intent, seller: String(seller.id), target: "draft", file: text })) form.append(name, value);
        const request = new Request(`${ORIGIN}/admin/uploads/individual-listings`, {
          method: "POST",
          headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
          body: form,
        });
        const answer = await responseOf(action({ request, context, params: { kind: "individual-listings" } }));
        expect(answer.status).toBe(400);
        const { result } = (await answer.json()) as { result: { error: Record<string, string[]> } };
        expect(result.error.file).toEqual(["Choose a CSV or XLSX file."]);
      }
    }
    expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toHaveLength(0);
  });
});

describe("the uploads page while an import runs", () => {
  it("reloads itself only without JavaScript (in a noscript): a browser running scripts reads the progress again in place, keeping the form", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const [job] = await services.db
      .insert(importJobs)
      .values({ kind: "loan_pool", sellerId: seller.id, target: "draft", fileName: "running.csv", total: 100, imported: 10, status: "running", leaseUntil: Date.now() + 60_000 })
      .returning();
    const url = `${ORIGIN}/admin/uploads/individual-listings`;
    const data = async () => (await (await sent(loader({ request: new Request(url, { headers: { Cookie: admin.cookie } }), context, params: { kind: "individual-listings" } }))).json()) as Parameters<NonNullable<typeof meta>>[0]["data"] & object;
    const running = await data();
    expect(running.running).toBe(true);
    // the head's meta tags are the same with and without JavaScript: no refresh among them
    expect(JSON.stringify(meta({ data: running } as Parameters<typeof meta>[0]))).not.toContain("refresh");
    expect(await serverPage(Page, url, { loaderData: running })).toContain('<noscript><meta http-equiv="refresh" content="3"/></noscript>');
    await services.db.update(importJobs).set({ status: "done", imported: 100, leaseUntil: 0 }).where(eq(importJobs.id, job!.id));
    const done = await data();
    expect(done.running).toBe(false);
    expect(await serverPage(Page, url, { loaderData: done })).not.toContain("refresh");
  });

  it("refreshes while one of the admin's imports runs on another page of the table (or from another tab), not for another admin's there", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const other = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    const job = (createdBy: number, status: "running" | "done") => ({ kind: "real_estate" as const, sellerId: seller.id, createdBy, target: "draft" as const, fileName: `${status}.csv`, total: 100, imported: 10, status, leaseUntil: Date.now() + 60_000 });
    const [own] = await services.db.insert(importJobs).values(job(admin.user.id, "running")).returning();
    const [theirs] = await services.db.insert(importJobs).values(job(other.id, "running")).returning();
    // newer imports, done, fill the table's first page: the running ones are on page 2
    await services.db.insert(importJobs).values(Array.from({ length: 20 }, () => job(admin.user.id, "done")));
    const url = `${ORIGIN}/admin/uploads/real-estates`;
    const data = async () => (await (await sent(loader({ request: new Request(url, { headers: { Cookie: admin.cookie } }), context, params: { kind: "real-estates" } }))).json()) as { running: boolean; rows: Array<{ job: { id: number } }> };
    const page = await data();
    expect(page.rows.map((r) => r.job.id)).not.toContain(own!.id);
    expect(page.running).toBe(true);
    await services.db.update(importJobs).set({ status: "done", leaseUntil: 0 }).where(eq(importJobs.id, own!.id));
    expect((await data()).running).toBe(false);
    await services.db.update(importJobs).set({ status: "done", leaseUntil: 0 }).where(eq(importJobs.id, theirs!.id));
  });
});

describe("a file past the upload's 10 MB, within the form's room for its framing (a page without JavaScript sends it)", () => {
  it("is refused with 413 and the size on the file's field, for the dry run and the import, and nothing is read or imported", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const { UPLOAD_MAX_BYTES } = await import("~/lib/upload-limit");
    const big = new File([`${templateCsv("loan_pool", columns)}${" ".repeat(UPLOAD_MAX_BYTES)}`], "book.csv", { type: "text/csv" });
    for (const intent of ["check", "import"]) {
      const response = await post({ intent, seller: String(seller.id), target: "draft" }, big);
      expect(response.status, intent).toBe(413);
      const { result } = (await response.json()) as { result: { initialValue: Record<string, string>; error: Record<string, string[]> } };
      expect(result.error.file, intent).toEqual(["The file is larger than 10 MB."]);
      expect(result.initialValue.intent, intent).toBe(intent);
    }
    expect(await services.db.select().from(importJobs).where(eq(importJobs.sellerId, seller.id))).toEqual([]);
  });
});

describe("the jobs table's Cancel", () => {
  it("stops an import that has not finished, as a plain post without a file; an import of the other page's kind is not this page's", async () => {
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const { stageImport } = await import("~/models/listing-imports.server");
    const rows = [{ line: 2, values: { projectName: "Waiting" } }];
    const waiting = await stageImport(services.db, { kind: "loan_pool", sellerId: seller.id, target: "published", fileName: "wait.csv", rows, actor: admin.user });
    const property = await stageImport(services.db, { kind: "real_estate", sellerId: seller.id, target: "draft", fileName: "house.csv", rows, actor: admin.user });
    const cancel = (job: number) => {
      const request = new Request(`${ORIGIN}/admin/uploads/individual-listings`, {
        method: "POST",
        headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "cancel", job: String(job) }),
      });
      return responseOf(action({ request, context, params: { kind: "individual-listings" } }));
    };
    expect((await cancel(property.id)).status).toBe(404);
    const answer = await cancel(waiting.id);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/admin/uploads/individual-listings?job=${waiting.id}`);
    const status = async (id: number) => (await services.db.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, id)))[0]!.status;
    expect([await status(waiting.id), await status(property.id)]).toEqual(["cancelled", "queued"]);
  });
});
