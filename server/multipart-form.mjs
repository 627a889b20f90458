/**
 * Remix's fetch polyfill (the Node server's globals, installGlobals) reads a multipart body with a
 * parser that refuses a part whose file name holds ";" or "=" ("mismatched quotations"), so a
 * seller's "Q3; final.pdf" was answered "The form could not be read.", and it leaves the %22 a
 * browser writes for a quote in the name. Node's own fetch reads these as workerd and the
 * browsers do: a multipart body is read through it, and handed back in the polyfill's own
 * FormData and File (what the app's `instanceof File` checks know). Other bodies are unchanged.
 *
 * @param {{ Response: typeof Response; FormData: typeof FormData; File: typeof File }} polyfill
 * @param {typeof Response} NativeResponse Node's own, taken before the polyfill replaced it
 */
export function readMultipartNatively(polyfill, NativeResponse) {
  for (const Body of [polyfill.Response, polyfill.Request].filter(Boolean)) {
    const own = Body.prototype.formData;
    Body.prototype.formData = async function formData() {
      const contentType = this.headers.get("content-type");
      if (!contentType?.toLowerCase().startsWith("multipart/form-data")) return own.call(this);
      const bytes = await this.arrayBuffer();
      const read = await new NativeResponse(bytes, { headers: { "Content-Type": contentType } }).formData();
      const form = new polyfill.FormData();
      for (const [name, value] of read) {
        if (typeof value === "string") form.append(name, value);
        else form.append(name, new polyfill.File([await value.arrayBuffer()], value.name, { type: value.type, lastModified: value.lastModified }));
      }
      return form;
    };
  }
}
