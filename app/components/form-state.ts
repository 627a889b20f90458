import type { SubmissionResult } from "@conform-to/react";
import type { output } from "zod/v4/core";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";

/**
 * The browser half of our forms, in Conform's shape (`useForm`, `getFormProps`, `getInputProps`…)
 * so that the server keeps Conform's `parseWithZod` and `submission.reply()` unchanged.
 *
 * Why not `@conform-to/react` itself: with zod it put ~24 KiB (gzip) on every page with a form,
 * which the 100 KiB page budget (issue #16, decision 030) cannot carry next to React and Remix.
 * Here the schema and the parser load on the first focus inside the form (a separate chunk), so
 * a page's first load carries only this file. A submit before they arrive goes to the server,
 * which validates with the same schema and answers the same messages.
 */

export type { SubmissionResult };

type Value = string | string[] | undefined;
type Errors = Record<string, string[] | null | undefined>;

export type FieldMetadata<_Schema = unknown, _FormSchema = unknown, _Error = string[]> = {
  id: string;
  name: string;
  errorId: string;
  initialValue: Value;
  /** The field's text as the form holds it (the first, for a repeated field). */
  value: string | undefined;
  errors: string[] | undefined;
  key: string | undefined;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  /** The first field to mend of a page drawn with the server's refusal: the browser focuses it as the page loads. */
  autoFocus?: boolean;
};

export type FormMetadata<_Schema = unknown, _Error = string[]> = FieldMetadata & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  noValidate: boolean;
  defaultValue: Record<string, Value>;
  /** Sets a field's value from code (a looked-up address): the input shows it and the form posts it. */
  update: (change: { name: string; value: string }) => void;
};

/** What a lazily loaded schema validates: anything Conform's zod adapter accepts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazySchema<S = any> = () => Promise<S>;

/** Every key of every member of a union: the fields of a form whose schema is a union of intents. */
type KeysOf<T> = T extends unknown ? keyof T : never;
/** A zod schema's output, or the shape named directly (`useForm<{ body: string }>`). */
type Shape<S> = S extends { _zod: unknown } ? output<S> : S;
type FieldsOf<S> = 0 extends 1 & S
  ? { [name: string]: FieldMetadata }
  : [S] extends [never]
    ? { [name: string]: FieldMetadata }
    : { readonly [K in KeysOf<Shape<S>> & string]-?: FieldMetadata };

type Options<S> = {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown> | null;
  /** The form's schema, imported on demand: `() => import("~/lib/schemas/x").then((m) => m.xSchema)`. */
  schema?: LazySchema<S>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
};

function serializeOne(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "on" : "";
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/** Default values as the form posts them: numbers as text, `true` as "on", nested objects as `a.b`. */
function flatten(source: Record<string, unknown> | null | undefined, prefix = "", into: Record<string, Value> = {}) {
  for (const [key, value] of Object.entries(source ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) into[name] = value.map(serializeOne).filter((v): v is string => v !== undefined);
    else if (value && typeof value === "object" && !(value instanceof Date)) flatten(value as Record<string, unknown>, name, into);
    else into[name] = serializeOne(value);
  }
  return into;
}

type State = { initial: Record<string, Value>; errors: Errors; validated: Record<string, boolean>; reset: number; keys: Record<string, number> };

function stateFrom(lastResult: SubmissionResult<string[]> | null | undefined, defaults: Record<string, Value>, reset = 0): State {
  if (!lastResult || lastResult.initialValue === null) return { initial: defaults, errors: {}, validated: {}, reset, keys: {} };
  const errors = (lastResult.error ?? {}) as Errors;
  const validated: Record<string, boolean> = { "": true };
  for (const name of [...(lastResult.fields ?? []), ...Object.keys(errors)]) validated[name] = true;
  return { initial: flatten(lastResult.initialValue as Record<string, unknown>), errors, validated, reset, keys: {} };
}

let parser: typeof import("@conform-to/zod/v4") | undefined;

/**
 * A field as its form first draws it, before any input or reply: what the server needs to draw a
 * field's controls to markup (criteria-form.server) exactly as the form would.
 */
export function fieldAsFirstDrawn(formId: string, name: string, values: Record<string, Value>): FieldMetadata {
  const id = name ? `${formId}-${name}` : formId;
  const initialValue = values[name];
  return { id, name, errorId: `${id}-error`, initialValue, value: Array.isArray(initialValue) ? initialValue[0] : initialValue, errors: undefined, key: undefined };
}

/** A form's default values as it holds them (lists of text), for fieldAsFirstDrawn. */
export const formValuesOf = (defaultValue: Record<string, unknown>) => flatten(defaultValue);

/**
 * Focuses the form's first field (in its order) that has a message, as the browser's own checks do: a
 * keyboard or screen-reader user is taken to what to mend. True when one has.
 */
function focusRefused(form: HTMLFormElement, errors: Errors) {
  // a control without a name is none of the fields: the form's own message is kept under "" too
  const first = Array.from(form.elements).find((control) => (control as HTMLInputElement).name && errors[(control as HTMLInputElement).name]?.length) as HTMLElement | undefined;
  first?.focus();
  return first;
}

export function useForm<S = never, _Error = unknown>(options: Options<S>): [FormMetadata, FieldsOf<S>] {
  const reactId = useId();
  const formId = options.id ?? reactId;
  const defaults = useMemo(() => flatten(options.defaultValue), [options.defaultValue]);
  const [state, setState] = useState<State>(() => stateFrom(options.lastResult, defaults));
  const seen = useRef(options.lastResult);
  const current = useRef(state);
  current.current = state;
  const latest = useRef(options);
  latest.current = options;
  const schema = useRef<{ loading?: Promise<void>; value?: unknown }>({});

  if (seen.current !== options.lastResult) {
    seen.current = options.lastResult;
    const reset = options.lastResult?.initialValue === null ? state.reset + 1 : state.reset;
    setState(stateFrom(options.lastResult, defaults, reset));
  }

  // a reply with `resetForm` empties the form the user still sees (its inputs are uncontrolled)
  const resets = useRef(state.reset);
  useEffect(() => {
    if (resets.current === state.reset) return;
    resets.current = state.reset;
    document.forms.namedItem(formId)?.reset();
  }, [state.reset, formId]);

  // the server's refusal, arrived while the page stayed: the focus goes where the browser's own check takes
  // it (the first field to mend). The submit button, disabled while the form was on its way, had dropped it
  // to the page's start, and a keyboard user had to find the form again; a refusal of the whole form
  // (no field named) takes it only then, so a member still in the form is not moved. 0: not drawn yet
  const answers = useRef<unknown>(0);
  useEffect(() => {
    const element = document.forms.namedItem(formId);
    const active = document.activeElement;
    const lost = active === document.body;
    if (answers.current !== 0 && answers.current !== options.lastResult && element && (lost || element.contains(active)) && !focusRefused(element, current.current.errors) && lost)
      document.getElementById(`${formId}-error`)?.focus();
    answers.current = options.lastResult;
  }, [options.lastResult, formId]);

  /** The form's errors by field, or undefined while the schema is still on its way. */
  const check = (element: HTMLFormElement, submitter?: HTMLElement | null): Errors | undefined => {
    if (!schema.current.value || !parser) return undefined;
    const formData = submitter ? new FormData(element, submitter) : new FormData(element);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const submission = parser.parseWithZod(formData, { schema: schema.current.value as any });
    return (submission.status === "error" ? (submission.error ?? {}) : {}) as Errors;
  };

  useEffect(() => {
    const own = (target: EventTarget | null) => {
      const control = target as HTMLInputElement | null;
      return control?.form?.id === formId && control.name ? control : null;
    };
    const onFocus = (event: Event) => {
      const make = latest.current.schema;
      if (!own(event.target) || !make || schema.current.loading) return;
      schema.current.loading = Promise.all([make(), import("@conform-to/zod/v4")]).then(([value, module]) => {
        parser = module;
        schema.current.value = value;
      });
    };
    const revalidate = (event: Event, trigger: "onInput" | "onBlur") => {
      const control = own(event.target);
      if (!control?.form) return;
      const { shouldValidate = "onSubmit", shouldRevalidate = shouldValidate } = latest.current;
      const wanted = current.current.validated[control.name] ? shouldRevalidate === trigger : shouldValidate === trigger;
      const errors = wanted ? check(control.form) : undefined;
      // only the field left is checked again: the others keep what they say, the server's refusals too
      // (an e-mail taken). All replaced, a box left cleared the e-mail's message, the form moved up under
      // the pointer, and the click on the next box landed on none (a permission unticked stayed ticked)
      if (errors) setState((now) => ({ ...now, errors: { ...now.errors, [control.name]: errors[control.name] }, validated: { ...now.validated, [control.name]: true } }));
    };
    const onInput = (event: Event) => revalidate(event, "onInput");
    const onBlur = (event: Event) => revalidate(event, "onBlur");
    document.addEventListener("focusin", onFocus);
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
    };
    // the handlers read the latest options and state through refs
  }, [formId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    const errors = check(element, (event.nativeEvent as SubmitEvent).submitter);
    if (!errors) return; // no schema here yet: the server validates with the same one
    const validated: Record<string, boolean> = { "": true };
    for (const control of Array.from(element.elements) as HTMLInputElement[]) if (control.name) validated[control.name] = true;
    setState((now) => ({ ...now, errors, validated }));
    if (focusRefused(element, errors)) event.preventDefault();
  };

  // a page drawn with the server's refusal (a form sent without JavaScript, the page drawn anew) starts with
  // the focus on the first field to mend, as the browser's own check would: it started at the page's top, a
  // keyboard user tabbed through the whole header back to the form. Only on that first draw: a field drawn
  // again later (a value set from code) must not take the focus from where the member is
  const ownsKey = (name: string, key: string) => key === name || key.startsWith(`${name}[`);
  const firstToMend = answers.current === 0 && Object.keys(state.errors).find((key) => key && state.errors[key]?.length);

  const field = (name: string): FieldMetadata => {
    // a list's item refused (a role not among the boxes, posted by hand) is said on the list
    const messages = [...new Set(Object.keys(state.errors).flatMap((key) => (ownsKey(name, key) ? (state.errors[key] ?? []) : [])))];
    return {
      ...fieldAsFirstDrawn(formId, name, state.initial),
      errors: state.validated[name] && messages?.length ? messages : undefined,
      key: state.reset || state.keys[name] ? `${state.reset}-${state.keys[name] ?? 0}` : undefined,
      autoFocus: (firstToMend && ownsKey(name, firstToMend)) || undefined,
    };
  };

  const update = useCallback(
    ({ name, value }: { name: string; value: string }) => {
      const control = document.forms.namedItem(formId)?.elements.namedItem(name);
      if (control && "value" in control) control.value = value;
      setState((now) => ({ ...now, initial: { ...now.initial, [name]: value }, keys: { ...now.keys, [name]: (now.keys[name] ?? 0) + 1 } }));
    },
    [formId],
  );

  const form: FormMetadata = { ...field(""), onSubmit, noValidate: true, defaultValue: defaults, update };
  const fields = new Proxy({} as FieldsOf<S>, { get: (_, name) => field(String(name)) });
  return [form, fields];
}

type AriaOptions = { ariaAttributes?: boolean; ariaDescribedBy?: string };

// a copy without the undefined props, not `delete`: an object with deleted keys goes to V8's slow
// dictionary mode, and React reads every prop of every control it draws
function simplify<T extends Record<string, unknown>>(props: T): T {
  const kept = {} as T;
  for (const key in props) if (props[key] !== undefined) kept[key] = props[key];
  return kept;
}

/** `aria-invalid` and `aria-describedby` (the error's id first) as Conform derives them. */
function getAriaAttributes(meta: FieldMetadata, options: AriaOptions = {}, control = false) {
  if (options.ariaAttributes === false) return {};
  const invalid = meta.errors !== undefined;
  return simplify({
    "aria-invalid": (control && invalid) || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${options.ariaDescribedBy ?? ""}`.trim() : options.ariaDescribedBy,
  });
}

export function getFormProps(form: FormMetadata, options?: AriaOptions) {
  return simplify({ id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, ...getAriaAttributes(form, options) });
}

function controlProps(meta: FieldMetadata, options?: AriaOptions) {
  return simplify({ id: meta.id, name: meta.name, required: meta.required || undefined, autoFocus: meta.autoFocus, ...getAriaAttributes(meta, options, true) });
}

type InputOptions = AriaOptions & { type: string; value?: string | boolean };

export function getInputProps(meta: FieldMetadata, options: InputOptions) {
  const props: Record<string, unknown> = { ...controlProps(meta, options), type: options.type };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(meta.initialValue) ? meta.initialValue.includes(props.value as string) : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") {
      props.defaultValue = meta.initialValue;
    }
  }
  return simplify(props) as ReturnType<typeof controlProps> & { type: string; value?: string; defaultValue?: string; defaultChecked?: boolean };
}

export function getSelectProps(meta: FieldMetadata, options: AriaOptions & { value?: boolean } = {}) {
  return simplify({
    ...controlProps(meta, options),
    defaultValue: options.value === false ? undefined : Array.isArray(meta.initialValue) ? meta.initialValue : meta.initialValue?.toString(),
  });
}

export function getTextareaProps(meta: FieldMetadata, options: AriaOptions & { value?: boolean } = {}) {
  return simplify({
    ...controlProps(meta, options),
    defaultValue: options.value === false ? undefined : meta.initialValue?.toString(),
  });
}

/** One checkbox or radio per option, all posting the field's name. */
export function getCollectionProps(meta: FieldMetadata, options: AriaOptions & { type: "checkbox" | "radio"; options: string[] }) {
  return options.options.map((value) =>
    simplify({
      ...controlProps(meta, options),
      key: value,
      id: `${meta.id}-${value}`,
      type: options.type,
      value,
      defaultChecked: Array.isArray(meta.initialValue) ? meta.initialValue.includes(value) : meta.initialValue === value,
      required: options.type === "checkbox" ? undefined : meta.required,
    }),
  );
}
