/** What a member whose account is not attached to a company sees instead of the criteria form. */
export function NoCompany() {
  return (
    <p role="status" className="card text-sm">
      Your account is not yet attached to a company. Criteria belong to your company: once our team links your account to it, you can set
      them here. <a className="link" href="/contact-us">Contact us</a> if this takes long.
    </p>
  );
}
