import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiClient, apiLogin, baseUrlOf, DEMO, uniqueEmail } from "./support";
import { daytimeZone, e164, textsTo, uniquePhone } from "./sms-steps";

/**
 * POST /api/1.0/campaigns and GET /api/1.0/campaigns/{id} for CRM automation: 202 with
 * the campaign's id, an idempotent retry, 400 with the reason, 404 for anyone but an admin.
 */
test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP API: once per server");

async function newCustomer(admin: APIRequestContext, tag: string, phone: string) {
  const created = await admin.post("/admin/customers/create", {
    form: { customerName: `Api ${tag}`, customerType: "buyer", attentionPhone: phone, website: `https://${tag}.example`, headquarters: daytimeZone(), smsAllowance: "5" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  return Number(/\/admin\/customers\/(\d+)$/.exec(created.headers()["location"]!)![1]);
}

test("an admin's campaign is accepted once per Idempotency-Key, sent, and its progress read back", async ({}, testInfo) => {
  const admin = await apiClient(baseUrlOf(testInfo), DEMO.admin);
  const tag = uniqueEmail("api").split("@")[0]!;
  const phone = uniquePhone();
  const customerId = await newCustomer(admin, tag, phone);
  const payload = { channel: "sms", customerIds: [customerId], subject: "", body: `Api ${tag} for {{customerName}}` };
  const headers = { "Idempotency-Key": `crm-${tag}` };

  const first = await admin.post("/api/1.0/campaigns", { data: payload, headers });
  expect(first.status()).toBe(202);
  const { data } = (await first.json()) as { data: { id: number } };
  expect(typeof data.id).toBe("number");
  const retry = await admin.post("/api/1.0/campaigns", { data: payload, headers });
  expect(retry.status()).toBe(202);
  expect(await retry.json()).toEqual({ data: { id: data.id } });

  await expect.poll(async () => (await textsTo(e164(phone))).length).toBe(1);
  await expect
    .poll(async () => ((await (await admin.get(`/api/1.0/campaigns/${data.id}`)).json()) as { data: Record<string, unknown> }).data)
    .toEqual({ id: data.id, channel: "sms", status: "sent", total: 1, queued: 0, sent: 1, failed: 0, suppressed: 0, unreachable: 0, noAllowance: 0, cancelled: 0, sendAt: null });
  // the retry sent nothing more
  expect((await textsTo(e164(phone))).map((m) => m.text)).toEqual([`Api ${tag} for Api ${tag}\nReply STOP to opt out`]);

  // sendAt schedules it: queued, nothing sent yet
  const later = await admin.post("/api/1.0/campaigns", { data: { ...payload, sendAt: new Date(Date.now() + 86_400_000).toISOString() } });
  expect(later.status()).toBe(202);
  const scheduled = (await (await admin.get(`/api/1.0/campaigns/${((await later.json()) as { data: { id: number } }).data.id}`)).json()) as { data: unknown };
  expect(scheduled.data).toMatchObject({ status: "scheduled", total: 1, queued: 1, sent: 0 });
  await admin.dispose();
});

test("a campaign that cannot be sent answers 400 with the reason", async ({}, testInfo) => {
  const admin = await apiClient(baseUrlOf(testInfo), DEMO.admin);
  const refused = async (data: unknown) => {
    const response = await admin.post("/api/1.0/campaigns", { data });
    expect(response.status()).toBe(400);
    return ((await response.json()) as { error: string }).error;
  };
  expect(await refused({ channel: "sms", customerIds: [], body: "Hello" })).toBe("customerIds is empty: name at least one customer.");
  expect(await refused({ channel: "email", customerIds: [1], subject: "Hi", body: "Dear {{firstName}}" })).toMatch(/^Unknown merge field \{\{firstName\}\}/);
  expect(await refused({ channel: "fax", customerIds: [1], body: "Hello" })).toBe('channel must be "email" or "sms".');
  expect(await refused({ channel: "sms", customerIds: [999_999_999], body: "Hello" })).toBe("Unknown customer in customerIds: 999999999.");
  await admin.dispose();
});

test("anyone but an admin gets 404, with a token or a session", async ({ request }, testInfo) => {
  const login = await apiLogin(request, { email: DEMO.buyer, password: "demo-password" });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const payload = { channel: "sms", customerIds: [1], body: "Hello" };
  expect((await request.post("/api/1.0/campaigns", { data: payload, headers })).status()).toBe(404);
  expect((await request.get("/api/1.0/campaigns/1", { headers })).status()).toBe(404);
  const seller = await apiClient(baseUrlOf(testInfo), DEMO.seller);
  expect((await seller.post("/api/1.0/campaigns", { data: payload })).status()).toBe(404);
  expect((await request.post("/api/1.0/campaigns", { data: payload })).status()).toBe(404);
  await seller.dispose();
});
