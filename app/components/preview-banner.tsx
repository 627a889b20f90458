import { Form, useLocation } from "@remix-run/react";

/** Shown on every page while this browser sees draft content. */
export function PreviewBanner() {
  const location = useLocation();
  return (
    <div role="status" data-testid="preview-banner" className="bg-amber-400 text-amber-950">
      <Form method="post" action="/api/cms/preview" className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-1.5 text-sm">
        <span className="font-semibold">Preview: you are seeing unpublished drafts.</span>
        <input type="hidden" name="redirect" value={location.pathname + location.search} />
        <button type="submit" name="preview" value="off" className="underline">
          Exit preview
        </button>
      </Form>
    </div>
  );
}
