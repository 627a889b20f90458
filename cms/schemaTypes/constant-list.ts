import { defineArrayMember, defineField, defineType } from "sanity";

/** One document per dropdown list of the app (industries, property types, US states ...). */
export const constantList = defineType({
  name: "constantList",
  title: "Constant list",
  type: "document",
  fields: [
    defineField({
      name: "key",
      type: "string",
      description: "How the app finds this list, e.g. industries. Do not change it.",
      validation: (r) => r.required().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
    }),
    defineField({ name: "title", type: "string", validation: (r) => r.required() }),
    defineField({
      name: "items",
      type: "array",
      validation: (r) => r.required().min(1),
      of: [
        defineArrayMember({
          name: "constantItem",
          type: "object",
          fields: [
            defineField({ name: "value", type: "string", validation: (r) => r.required() }),
            defineField({ name: "label", type: "string", validation: (r) => r.required() }),
            defineField({
              name: "icon",
              type: "string",
              description: "Industries only: the icon's name (cart when empty).",
            }),
          ],
          preview: { select: { title: "label", subtitle: "value" } },
        }),
      ],
    }),
  ],
  preview: { select: { title: "title", subtitle: "key" } },
});
