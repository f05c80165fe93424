// The environment of the one-shot sign-in (auth/autoLogin.ts), taken at activation: removed from this process's
// environment at once, so that git and other child processes never inherit the token.
export const AUTO_LOGIN_ENV = {
  url: 'GITEA_WORKBENCH_AUTOLOGIN_URL',
  username: 'GITEA_WORKBENCH_AUTOLOGIN_USERNAME',
  token: 'GITEA_WORKBENCH_AUTOLOGIN_TOKEN',
} as const;

export interface AutoLoginEnvironment {
  readonly url?: string;
  readonly username?: string;
  readonly token?: string;
}

export function takeAutoLoginEnvironment(env: NodeJS.ProcessEnv = process.env): AutoLoginEnvironment {
  const taken = { url: env[AUTO_LOGIN_ENV.url], username: env[AUTO_LOGIN_ENV.username], token: env[AUTO_LOGIN_ENV.token] };
  for (const name of Object.values(AUTO_LOGIN_ENV)) delete env[name];
  return taken;
}
