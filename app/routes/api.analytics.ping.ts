/** A bare 204 on the same server: the baseline bench:beacon compares the beacon endpoint with. */
export const action = async () => new Response(null, { status: 204 });
export const loader = action;
