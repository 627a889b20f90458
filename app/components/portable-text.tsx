import { PortableText as PortableTextRenderer, type PortableTextComponents } from "@portabletext/react";
import imageUrlBuilder from "@sanity/image-url";
import type { ReactNode } from "react";
import { safeHref } from "~/lib/safe-href";

export type ImageConfig = { projectId: string; dataset: string } | null;

type ImageValue = { asset?: { _ref?: string }; alt?: string; url?: string; dimensions?: { width?: number; height?: number } | null };

const IMAGE_WIDTH = 960;

/** The height the image takes at IMAGE_WIDTH, so the browser keeps its room before it loads and the text below does not jump. */
function imageHeight(dimensions: ImageValue["dimensions"]) {
  const { width, height } = dimensions ?? {};
  return width && height && width > 0 && height > 0 ? Math.round((IMAGE_WIDTH * height) / width) : undefined;
}

const headingClass: Record<string, string> = {
  h1: "mt-8 text-3xl font-bold",
  h2: "mt-8 text-2xl font-semibold",
  h3: "mt-6 text-xl font-semibold",
  h4: "mt-6 text-lg font-semibold",
  h5: "mt-4 font-semibold",
  h6: "mt-4 text-sm font-semibold uppercase tracking-wide",
};

function heading(Tag: "h2" | "h3" | "h4" | "h5" | "h6", className = headingClass[Tag]) {
  const Heading = ({ children }: { children?: ReactNode }) => <Tag className={className}>{children}</Tag>;
  return Heading;
}

function components(images: ImageConfig): PortableTextComponents {
  const builder = images ? imageUrlBuilder(images) : null;
  return {
    block: {
      normal: ({ children }) => <p>{children}</p>,
      // the page's title is its one h1: a heading the text calls h1 is a section of it, in h1's size
      h1: heading("h2", headingClass.h1),
      h2: heading("h2"),
      h3: heading("h3"),
      h4: heading("h4"),
      h5: heading("h5"),
      h6: heading("h6"),
      blockquote: ({ children }) => (
        <blockquote className="border-l-4 border-primary/40 pl-4 italic text-slate-600">{children}</blockquote>
      ),
    },
    list: {
      bullet: ({ children }) => <ul className="list-disc space-y-1 pl-6">{children}</ul>,
      number: ({ children }) => <ol className="list-decimal space-y-1 pl-6">{children}</ol>,
    },
    marks: {
      strong: ({ children }) => <strong>{children}</strong>,
      em: ({ children }) => <em>{children}</em>,
      "strike-through": ({ children }) => <s>{children}</s>,
      code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 text-sm">{children}</code>,
      link: ({ value, children }) => {
        const href = safeHref((value as { href?: unknown } | undefined)?.href);
        // a link to anything but http(s), mailto or tel is shown as its text
        if (!href) return <>{children}</>;
        const external = /^https?:/.test(href);
        return (
          <a href={href} className="link" {...(external ? { rel: "noopener noreferrer" } : {})}>
            {children}
          </a>
        );
      },
    },
    types: {
      image: ({ value }: { value: ImageValue }) => {
        const src = builder && value.asset?._ref ? builder.image(value).width(IMAGE_WIDTH).auto("format").url() : value.url;
        if (!src) return null;
        return (
          <figure>
            <img src={src} alt={value.alt ?? ""} width={IMAGE_WIDTH} height={imageHeight(value.dimensions)} loading="lazy" className="h-auto max-w-full rounded-md" />
          </figure>
        );
      },
      codeBlock: ({ value }: { value: { code?: string; language?: string } }) => (
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100" data-language={value.language}>
          <code>{value.code}</code>
        </pre>
      ),
      rule: () => <hr className="my-6 border-slate-200" />,
    },
    unknownType: () => null,
    unknownMark: ({ children }) => <>{children}</>,
    unknownBlockStyle: ({ children }) => <p>{children}</p>,
    unknownList: ({ children }) => <ul className="list-disc pl-6">{children}</ul>,
    unknownListItem: ({ children }) => <li>{children}</li>,
  };
}

/** Content from the CMS, rendered as React elements: no raw HTML reaches the page. */
export function PortableText({ value, images = null }: { value: unknown[]; images?: ImageConfig }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700">
      <PortableTextRenderer value={value as never} components={components(images)} onMissingComponent={false} />
    </div>
  );
}
