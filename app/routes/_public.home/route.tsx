import { useLoaderData } from "@remix-run/react";
import { json, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone } from "~/auth/guards.server";
import { isPreview } from "~/.server/preview";
import { listRecentlyViewed } from "~/models/projects.server";
import { primaryRole } from "~/lib/roles";
import { Dashboard } from "./dashboard";
import { AdminDashboard } from "./admin-dashboard";
import { adminHome } from "./admin-home.server";
import { Recommended } from "./recommended";
import { recommendedFor } from "./recommended.server";
import { Landing } from "~/components/landing";
import { SigninForm } from "~/components/signin-form";
import { titleMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/redirect";
import { toPublicUser } from "~/models/users.server";
import { onboardingPrompt } from "~/models/onboard-chats.server";
import { OnboardingBanner } from "./onboarding-banner";
import { MatchmakingAssistant } from "~/components/matchmaking-assistant";
import { assistantFor } from "~/models/matchmaking-chats.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Home");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  const params = new URL(args.request.url).searchParams;
  const wanted = params.get("redirect");
  const settings = user ? null : await services.content.siteSettings({ preview: await isPreview(services, args.request) });
  const recent = user
    ? (await listRecentlyViewed(services.db, { id: user.id, role: primaryRole(user.roles) })).map(({ project, viewedAt }) => ({
        id: project.id,
        kind: project.kind,
        projectName: project.projectName,
        industry: project.industry,
        viewedAt,
      }))
    : [];
  const admin = user && primaryRole(user.roles) === "admin" ? await adminHome(services.db, { now: new Date() }) : null;
  return json({
    user: user ? toPublicUser(user) : null,
    onboarding: user ? await onboardingPrompt(services.db, { user, role: primaryRole(user.roles) }) : null,
    settings,
    recent,
    admin,
    recommended: await recommendedFor(services, user),
    assistant: user && primaryRole(user.roles) === "buyer" ? await assistantFor(services, { user }) : null,
    // a visitor who opened a project is asked to sign in here, then taken to it
    signin: !user && params.get("login") === "true" ? { redirectTo: safeRedirect(wanted) } : null,
  });
}

export default function HomePage() {
  const { user, signin, settings, recent, admin, onboarding, recommended, assistant } = useLoaderData<typeof loader>();
  if (user && admin) return <AdminDashboard user={user} home={admin} />;
  if (user) {
    return (
      <>
        {onboarding ? <OnboardingBanner to={onboarding} /> : null}
        <Dashboard user={user} recent={recent} />
        {assistant ? (
          <div className="mx-auto w-full max-w-7xl px-4 pb-6">
            <MatchmakingAssistant assistant={assistant} back="/home" />
          </div>
        ) : null}
        {recommended ? <Recommended {...recommended} /> : null}
      </>
    );
  }
  return (
    <>
      {signin ? (
        <section aria-labelledby="signin-prompt" className="mx-auto w-full max-w-md px-4 pt-10">
          <div className="card">
            <h2 id="signin-prompt" className="mb-1 text-xl font-bold">
              Sign in to view this project
            </h2>
            <p className="mb-4 text-sm text-slate-600">Project details are for members of the marketplace.</p>
            <SigninForm redirectTo={signin.redirectTo} />
          </div>
        </section>
      ) : null}
      <Landing settings={settings} />
    </>
  );
}
