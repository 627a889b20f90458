// Stands in for the e-mail/SMS provider's HTTP API, which these machines cannot reach.
// POST /send records an e-mail (or fails, when told to); GET /messages lists them;
// POST /sms records a text the same way; GET /texts lists them;
// POST /fail?count=N makes the next N sends answer 503.
import http from "node:http";

const port = Number(process.env.PORT || 3199);
const messages = [];
const texts = [];
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
        const received = url.pathname === "/sms" ? texts : messages;
        received.push({ ...JSON.parse(body), authorization: req.headers.authorization ?? null });
        return json(202, { id: received.length });
      }
      if (req.method === "POST" && url.pathname === "/fail") {
        failures = Number(url.searchParams.get("count") ?? 1);
        return json(200, { failures });
      }
      if (req.method === "GET" && url.pathname === "/messages") return json(200, messages);
      if (req.method === "GET" && url.pathname === "/texts") return json(200, texts);
      if (url.pathname === "/healthz") return json(200, { ok: true });
      json(404, { error: "not found" });
    });
  })
  .listen(port, "127.0.0.1");
