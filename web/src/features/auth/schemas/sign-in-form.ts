// The login form's schema on its own, so the form can load it (and the schema library) on demand.
export { signInFormSchema } from '@agentforge/shared';
