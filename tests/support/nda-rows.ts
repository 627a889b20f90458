/** Text as the browser shows it from server-drawn markup: tags dropped, references read. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The rows of a desk's NDA table (`desk.records.ndas`), as the seller and the admin read them. */
export function ndaRows(html: string) {
  return [...html.matchAll(/<tr id="nda-(\d+)"[^>]*>(.*?)<\/tr>/gs)].map(([, id, row]) => {
    const cells = [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, cell]) => cell!);
    return {
      id: Number(id),
      buyer: textOf(cells[0] ?? ""),
      ndaStatus: textOf(cells[1] ?? ""),
      decision: textOf(cells[5] ?? ""),
      email: /data-testid="nda-buyer-email">([^<]*)</.exec(row!)?.[1] ?? null,
      /** The steps its forms offer (the intents of their buttons and hidden fields). */
      steps: [...row!.matchAll(/name="intent" value="([^"]+)"/g)].map(([, intent]) => intent!),
    };
  });
}
