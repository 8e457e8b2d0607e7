import { randomBytes } from 'node:crypto';
import { MCP_OAUTH_CALLBACK_PATH } from '@agentforge/shared';
import { startLocalGithub } from './github/server.js';
import { startLocalRemoteMcp } from './remote-mcp/server.js';
import type { LocalStackOptions } from './stack-options.js';
import type { Stop } from './stack-stops.js';
import { startLocalWebSearch } from './web-search/server.js';

export const LOCAL_GITHUB_CLIENT_ID = 'Ov23liLocalAgentForge';

/**
 * The services elsewhere than the platform that the product reaches: GitHub (the account link), a
 * remote MCP server (what a server added by URL reaches) and the web search API. Their settings go
 * into process.env, as the stage's configuration does on AWS.
 */
export async function startOutsideServices(
  options: LocalStackOptions,
  { webPort, webOrigins, stops }: { webPort: number | undefined; webOrigins: string[]; stops: Stop[] },
) {
  // The GitHub account link's GitHub: an OAuth App registered with the web app's callback (a
  // stack without the web app, for API tests, registers one nothing serves: they read the redirect).
  const githubCallback = `http://localhost:${webPort ?? 9}/github/callback`;
  const github = await startLocalGithub({
    port: options.ports.github ?? 0,
    clientId: LOCAL_GITHUB_CLIENT_ID,
    clientSecret: randomBytes(20).toString('hex'),
    callbackUrl: githubCallback,
  });
  stops.push(github.stop);
  // A remote MCP server elsewhere than the runner: what a server added by URL reaches.
  // Its client registered by hand may come back to the app's OAuth callback page.
  const remoteMcp = await startLocalRemoteMcp({
    port: options.ports.remoteMcp ?? 0,
    apiKey: randomBytes(12).toString('hex'),
    ...(options.remoteMcpTokenTtlSeconds ? { accessTokenTtlSeconds: options.remoteMcpTokenTtlSeconds } : {}),
    dynamicRegistration: options.remoteMcpDynamicRegistration ?? true,
    redirectUris: (options.appOrigins ?? webOrigins).map((origin) => `${origin}${MCP_OAUTH_CALLBACK_PATH}`),
  });
  stops.push(remoteMcp.stop);
  // The chat's web search: the search API's stand-in, whose results are pages it serves.
  const webSearch = await startLocalWebSearch({
    port: options.ports.webSearch ?? 0,
    apiKey: `local-search-${randomBytes(12).toString('hex')}`,
  });
  stops.push(webSearch.stop);
  Object.assign(process.env, { WEB_SEARCH_URL: webSearch.url, WEB_SEARCH_API_KEY: webSearch.apiKey });
  Object.assign(process.env, {
    GITHUB_OAUTH_URL: github.url,
    GITHUB_API_URL: github.url,
    GITHUB_CLIENT_ID: LOCAL_GITHUB_CLIENT_ID,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_REDIRECT_URI: githubCallback,
  });
  return { github, remoteMcp, webSearch };
}
