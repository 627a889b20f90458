import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf } from "../../../tests/support/app";

/** The outbox as an admin pages it while messages are being sent, so that its lists shrink under the reader. */
const app = await bootApp("route-admin-outbox");
afterAll(() => app.cleanup());
const { loader } = await import("./route");
const { listOutbox } = await import("~/models/outbox.server");
const admin = await app.member("admin@demo.test");
const { context, services } = app;

const get = (query: string) => responseOf(loader({ request: getRequest(`/admin/outbox${query}`, admin.cookie), context, params: {} }));

describe("the outbox's pages", () => {
  it("sends a page past the last to the last, its filter kept, where it drew '101–81 of 81 messages' and no row", async () => {
    const { enqueueMessage } = await import("~/models/outbox.server");
    for (let i = 0; i < 3; i++) await enqueueMessage(services.db, services.env, { channel: "email", recipient: `reader${i}@example.com`, subject: "Held", body: "Waiting" });
    const { total } = await listOutbox(services.db, { status: "pending", pageSize: 1 });
    expect(total).toBeGreaterThan(0);
    const last = Math.ceil(total / 100);
    const past = await get(`?status=pending&page=${last + 3}`);
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(last > 1 ? `/admin/outbox?status=pending&page=${last}` : "/admin/outbox?status=pending");
    expect((await get(`?status=pending&page=${last}`)).status).toBe(200);
  });
});
