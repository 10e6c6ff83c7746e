/** How other modules' servers narrow the people picker to a context of theirs (a form's user field, a task). */
export { registerPickScope, type PickScope, type PickScopeResolver } from '../pick-scopes';
