// Stands in for the e-mail/SMS provider's HTTP API, which these machines cannot reach.
// POST /send (e-mail) and POST /sms record a message (or fail, when told to); GET /messages lists them;
// POST /fail?count=N makes the next N sends answer 503.
import http from "node:http";

const port = Number(process.env.PORT || 3199);
const messages = [];
let failures = 0;

http
  .createServer((req, res) => {
    const url = new URL(req.url, `http://localhost:${port}`);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const json = (status, data) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(data));
      if (req.method === "POST" && (url.pathname === "/send" || url.pathname === "/sms")) {
        if (failures > 0) {
          failures--;
          return json(503, { error: "provider unavailable" });
        }
        messages.push({ ...JSON.parse(body), authorization: req.headers.authorization ?? null });
        return json(202, { id: messages.length });
      }
      if (req.method === "POST" && url.pathname === "/fail") {
        failures = Number(url.searchParams.get("count") ?? 1);
        return json(200, { failures });
      }
      if (req.method === "GET" && url.pathname === "/messages") return json(200, messages);
      if (url.pathname === "/healthz") return json(200, { ok: true });
      json(404, { error: "not found" });
    });
  })
  .listen(port, "127.0.0.1");
