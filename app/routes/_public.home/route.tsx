import { useLoaderData } from "@remix-run/react";
import { redirect, type LoaderFunctionArgs } from "@remix-run/server-runtime";
import { allowAnyone, mustEnrolTwoFactor, TWO_FACTOR_ENROLMENT_PATH } from "~/auth/guards.server";
import { isPreview } from "~/.server/preview";
import { listRecentlyViewed } from "~/models/project-looks.server";
import { isAgent, primaryRole } from "~/lib/roles";
import { headerFor } from "~/lib/navigation";
import { teaserPathFor } from "~/lib/access";
import { Dashboard } from "./dashboard";
import { StaticHtml } from "~/components/static-html";
import { adminHome } from "./admin-home.server";
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
import { assistantView } from "~/components/matchmaking-assistant.server";

/** A link for one person (a token, a sign-in step, a member's home) is no page for search engines. */
export const handle = { noindex: true };

export const meta = () => titleMeta("Home");

export async function loader(args: LoaderFunctionArgs) {
  const { services, user } = await allowAnyone(args);
  // the home of a member is a members' page: an admin shows the back office's counts and waiting NDAs only once
  // two-factor sign-in is on, as every other page of theirs
  if (user && mustEnrolTwoFactor(user)) throw redirect(`${TWO_FACTOR_ENROLMENT_PATH}?enrol=required`);
  const params = new URL(args.request.url).searchParams;
  const role = user ? primaryRole(user.roles) : null;
  const member = user ? toPublicUser(user) : null;
  // the three homes (visitor, member, admin) read what each shows, all at once
  const [settings, recent, admin, onboarding, recommended, assistant] = await Promise.all([
    // a visitor (one asked to sign in on the way to a project too) sees the landing's own words when the CMS is down
    user ? null : isPreview(services, args.request).then((preview) => services.content.siteSettings({ preview }).catch(() => null)),
    user ? listRecentlyViewed(services.db, { id: user.id, role }) : [],
    member && role === "admin" ? adminHome(services.db, { user: member, now: new Date() }) : null,
    user ? onboardingPrompt(services.db, { user, role }) : null,
    recommendedFor(services, user),
    user && role === "buyer" ? assistantFor(services, { user }).then(assistantView) : null,
  ]);
  return {
    user: member,
    // the dashboard offers the places of the member's role, as the header does
    dashboard: member ? { header: headerFor(member), agent: isAgent(member.roles) } : null,
    onboarding,
    settings,
    recent: recent.map(({ project, viewedAt }) => ({
      id: project.id,
      kind: project.kind,
      projectName: project.projectName,
      industry: project.industry,
      viewedAt,
      href: teaserPathFor(role, project),
    })),
    admin,
    recommended,
    assistant,
    // a visitor who opened a project is asked to sign in here, then taken to it
    signin: !user && params.get("login") === "true" ? { redirectTo: safeRedirect(params.get("redirect")) } : null,
  };
}

export default function HomePage() {
  const { user, dashboard, signin, settings, recent, admin, onboarding, recommended, assistant } = useLoaderData<typeof loader>();
  if (user && admin) return <StaticHtml markup={admin} />;
  if (user) {
    return (
      <>
        {onboarding ? <OnboardingBanner to={onboarding} /> : null}
        {dashboard ? <Dashboard user={user} {...dashboard} recent={recent} /> : null}
        {assistant ? (
          <div className="mx-auto w-full max-w-7xl px-4 pb-6">
            <MatchmakingAssistant assistant={assistant} back="/home" />
          </div>
        ) : null}
        {recommended ? <StaticHtml markup={recommended} /> : null}
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
