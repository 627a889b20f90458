// for loaders and actions: a route importing ./table-back for them alone kept it in its page's JavaScript
export { backWithin, withBack } from "./table-back";
