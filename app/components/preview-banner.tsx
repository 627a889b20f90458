/**
 * Shown on every page while this browser sees draft content; drawn on the server (the root's loader
 * knows the page to come back to). Leaving preview is a plain form post: the page loads afresh anyway.
 */
export function PreviewBanner({ back }: { back: string }) {
  return (
    <div role="status" data-testid="preview-banner" className="bg-amber-400 text-amber-950">
      <form method="post" action="/api/cms/preview" className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-1.5 text-sm">
        <span className="font-semibold">Preview: you are seeing unpublished drafts.</span>
        <input type="hidden" name="redirect" value={back} />
        <button type="submit" name="preview" value="off" className="underline">
          Exit preview
        </button>
      </form>
    </div>
  );
}
