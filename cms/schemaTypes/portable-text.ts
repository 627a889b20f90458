import { defineArrayMember, defineField, defineType } from "sanity";

/** Links may only go to http, https, mailto and tel (the site renders anything else as text). */
const SAFE_SCHEMES = ["http", "https", "mailto", "tel"];

export const codeBlock = defineType({
  name: "codeBlock",
  title: "Code block",
  type: "object",
  fields: [
    defineField({ name: "language", type: "string", options: { list: ["text", "json", "csv", "sql"] } }),
    defineField({ name: "code", type: "text", rows: 8, validation: (rule) => rule.required() }),
  ],
  preview: { select: { title: "code", subtitle: "language" } },
});

export const rule = defineType({
  name: "rule",
  title: "Horizontal rule",
  type: "object",
  fields: [defineField({ name: "style", type: "string", initialValue: "line", hidden: true })],
  preview: { prepare: () => ({ title: "— horizontal rule —" }) },
});

/** Rich text of pages and job postings: headings H1–H6, quote, code, marks, lists, images, links. */
export const richText = defineType({
  name: "richText",
  title: "Rich text",
  type: "array",
  of: [
    defineArrayMember({
      type: "block",
      styles: [
        { title: "Normal", value: "normal" },
        { title: "H1", value: "h1" },
        { title: "H2", value: "h2" },
        { title: "H3", value: "h3" },
        { title: "H4", value: "h4" },
        { title: "H5", value: "h5" },
        { title: "H6", value: "h6" },
        { title: "Quote", value: "blockquote" },
      ],
      lists: [
        { title: "Bullet", value: "bullet" },
        { title: "Numbered", value: "number" },
      ],
      marks: {
        decorators: [
          { title: "Bold", value: "strong" },
          { title: "Italic", value: "em" },
          { title: "Strike", value: "strike-through" },
          { title: "Code", value: "code" },
        ],
        annotations: [
          defineArrayMember({
            name: "link",
            type: "object",
            title: "Link",
            fields: [
              defineField({
                name: "href",
                type: "url",
                validation: (r) => r.required().uri({ scheme: SAFE_SCHEMES, allowRelative: true }),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({
      type: "image",
      options: { hotspot: true },
      fields: [
        defineField({
          name: "alt",
          type: "string",
          title: "Alternative text",
          validation: (r) => r.required().error("Describe the image for people who cannot see it."),
        }),
      ],
    }),
    defineArrayMember({ type: "codeBlock" }),
    defineArrayMember({ type: "rule" }),
  ],
});
