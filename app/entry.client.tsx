import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { installChunkReload } from "~/lib/chunk-reload";
import { ScrollBoxStops } from "~/lib/scroll-box-stops";

installChunkReload(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ScrollBoxStops>
        <RemixBrowser />
      </ScrollBoxStops>
    </StrictMode>,
  );
});
