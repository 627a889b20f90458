import * as z from "zod";
import { once } from "~/lib/once";

/**
 * Configuration, checked once (once per isolate on Workers). `APP_ENV=production`
 * switches on the production rules: secrets are required, cookies are Secure,
 * HSTS is sent and no demo data is ever seeded.
 */
const optional = once(() => z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional());

export const envSchema = once(() => z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    SESSION_SECRET: optional(),
    /**
     * Public origin of every link in e-mails, e.g. https://market.example.com. Never
     * taken from a request: a forged Host header would otherwise put an attacker's
     * host into a password-reset link.
     */
    APP_URL: optional().pipe(
      z
        .url({ protocol: /^https?$/, message: "APP_URL must be an http(s) URL such as https://market.example.com" })
        .transform((v) => new URL(v).origin)
        .optional(),
    ),
    TURNSTILE_SITE_KEY: optional(),
    TURNSTILE_SECRET_KEY: optional(),
    TURNSTILE_VERIFY_URL: z
      .string()
      .url()
      .default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    /** HTTP e-mail/SMS provider; when unset, messages stay in the outbox */
    MAIL_API_URL: optional(),
    MAIL_API_KEY: optional(),
    MAIL_FROM: z.string().default("Secondary Marketplace <no-reply@marketplace.local>"),
    /** HTTP SMS provider (the same JSON POST as e-mail); when unset, texts stay in the outbox */
    SMS_API_URL: optional(),
    SMS_API_KEY: optional(),
    /** A language-model provider for the matchmaking assistant (JSON POST); when unset the rule-based brain answers */
    MATCHMAKING_BOT_URL: optional(),
    MATCHMAKING_BOT_API_KEY: optional(),
    /** Signs the provider's inbound-SMS webhook (STOP replies); without it the webhook refuses everything */
    SMS_WEBHOOK_SECRET: optional(),
    /** Signs the mail provider's event webhook (bounces, complaints, unsubscribes); without it the webhook refuses everything */
    MAIL_WEBHOOK_SECRET: optional(),
    SANITY_PROJECT_ID: optional(),
    SANITY_DATASET: optional(),
    SANITY_API_TOKEN: optional(),
    SANITY_WEBHOOK_SECRET: optional(),
    SANITY_API_HOST: optional(),
    /** Turns on draft preview from the studio's "Open on site" link without signing in. */
    SANITY_PREVIEW_SECRET: optional(),
    /** A geocoder of the U.S. Census Bureau's form (onelineaddress, JSON); when unset, addresses are looked up offline by ZIP code */
    GEOCODER_URL: optional(),
    /** Node only: read the local dataset from this NDJSON file instead of the bundled seed. */
    CONTENT_DATASET_PATH: optional(),
    /** "true" only from `npm start` / `npm run start:edge` in development: seed the demo accounts into a fresh database. */
    DEMO_DATA: optional(),
    /** Page-session records one member may send a minute before the beacon answers 429 (120 when unset). */
    BEACON_RECORDS_PER_MINUTE: optional().pipe(
      z.coerce
        .number<string | undefined>({ message: "BEACON_RECORDS_PER_MINUTE must be a whole number from 1 to 1,000,000" })
        .int("BEACON_RECORDS_PER_MINUTE must be a whole number from 1 to 1,000,000")
        .min(1, "BEACON_RECORDS_PER_MINUTE must be a whole number from 1 to 1,000,000")
        .max(1_000_000, "BEACON_RECORDS_PER_MINUTE must be a whole number from 1 to 1,000,000")
        .optional(),
    ),
    /**
     * Accounts /join creates for one client address an hour before it answers 429 (20 when unset); the
     * browser tests, which create some 60 a server from 127.0.0.1, raise it.
     */
    JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR: optional().pipe(
      z.coerce
        .number<string | undefined>({ message: "JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 1,000,000" })
        .int("JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 1,000,000")
        .min(1, "JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 1,000,000")
        .max(1_000_000, "JOIN_ACCOUNTS_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 1,000,000")
        .optional(),
    ),
    /**
     * Messages one outbox drain (a campaign's send, the cron) takes at most on Workers (200 when
     * unset: ~600 of the paid plan's 1,000 subrequests an invocation; the free plan's 50 need 10).
     */
    OUTBOX_DRAIN_MAX: optional().pipe(
      z.coerce
        .number<string | undefined>({ message: "OUTBOX_DRAIN_MAX must be a whole number from 1 to 100,000" })
        .int("OUTBOX_DRAIN_MAX must be a whole number from 1 to 100,000")
        .min(1, "OUTBOX_DRAIN_MAX must be a whole number from 1 to 100,000")
        .max(100_000, "OUTBOX_DRAIN_MAX must be a whole number from 1 to 100,000")
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV !== "production") return;
    if (env.DEMO_DATA === "true") {
      ctx.addIssue({ code: "custom", path: ["DEMO_DATA"], message: "demo accounts are never created in production" });
    }
    if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET must be set to at least 32 characters in production",
      });
    }
    if (!env.APP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message: "APP_URL must be set in production: links in e-mails point there",
      });
    } else if (!env.APP_URL.startsWith("https://")) {
      // a reset link over plain HTTP hands its token to anyone on the path
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "APP_URL must be an https:// URL in production" });
    }
    if (env.TURNSTILE_SITE_KEY && !env.TURNSTILE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["TURNSTILE_SECRET_KEY"],
        message: "TURNSTILE_SECRET_KEY is required when TURNSTILE_SITE_KEY is set",
      });
    }
  }));

/** After boot: the secret and the public origin are always known (see `localOrigin`). */
export type Env = z.infer<ReturnType<typeof envSchema>> & { SESSION_SECRET: string; APP_URL: string };

/** Development's default public origin: the server's own address. */
export const localOrigin = (port: string | number) => `http://localhost:${port}`;

export class ConfigurationError extends Error {
  name = "ConfigurationError";
}

export function parseEnv(source: Record<string, unknown>): z.infer<ReturnType<typeof envSchema>> {
  const result = envSchema().safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export const isProduction = (env: Pick<Env, "APP_ENV">) => env.APP_ENV === "production";

/** Demo accounts only when the start script asked for them, and never in production. */
export const wantsDemoData = (env: Pick<Env, "APP_ENV" | "DEMO_DATA">) => env.DEMO_DATA === "true" && !isProduction(env);
