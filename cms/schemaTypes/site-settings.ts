import { defineArrayMember, defineField, defineType } from "sanity";

export const siteSettings = defineType({
  name: "siteSettings",
  title: "Site settings",
  type: "document",
  fields: [
    defineField({
      name: "hero",
      title: "Home page hero",
      type: "object",
      validation: (r) => r.required(),
      fields: [
        defineField({ name: "title", type: "string", validation: (r) => r.required() }),
        defineField({ name: "text", type: "text", rows: 3, validation: (r) => r.required() }),
      ],
    }),
    defineField({
      name: "homeSections",
      title: "Home page sections",
      type: "array",
      of: [
        defineArrayMember({
          name: "homeSection",
          type: "object",
          fields: [
            defineField({ name: "heading", type: "string", validation: (r) => r.required() }),
            defineField({ name: "text", type: "text", rows: 3, validation: (r) => r.required() }),
          ],
        }),
      ],
    }),
    defineField({ name: "contactEmail", title: "Contact e-mail", type: "email", validation: (r) => r.required() }),
    defineField({
      name: "footerLinks",
      title: "Footer links",
      type: "array",
      of: [
        defineArrayMember({
          name: "footerLink",
          type: "object",
          fields: [
            defineField({ name: "label", type: "string", validation: (r) => r.required() }),
            defineField({
              name: "href",
              type: "string",
              validation: (r) => r.required().regex(/^(\/|https?:\/\/|mailto:|tel:)/, { name: "site path or URL" }),
            }),
          ],
        }),
      ],
    }),
  ],
});
