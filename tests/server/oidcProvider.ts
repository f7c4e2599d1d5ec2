/**
 * A real OpenID provider (oidc-provider) in-process on 127.0.0.1, for the OpenID sign-in tests.
 * It listens before it is configured, so that the Athar server can be started with its issuer and
 * the provider's client then registered with the server's callback. Any login signs in at its
 * development login form (any password); consent is given by itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  email?: string;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the accounts by login; a login not listed is `{login}@example.test` with no groups */
  accounts: Map<string, TestAccount>;
  /** Registers the client with this callback (`public`: no secret, PKCE only); the provider answers from then on. */
  register(redirectUri: string, options?: { public?: boolean }): void;
  close(): Promise<void>;
}

export const CLIENT_ID = 'athar';
export const CLIENT_SECRET = 'athar-test-secret';

export async function startProvider(): Promise<TestProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end('provider not registered yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();

  const configuration = (redirectUri: string, isPublic: boolean): Configuration => ({
    clients: [
      isPublic
        ? { client_id: CLIENT_ID, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }
        : { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' },
    ],
    cookies: { keys: ['athar-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: true } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const account = accounts.get(id) ?? {};
        return { sub: id, email: account.email ?? `${id}@example.test`, email_verified: true, name: account.name ?? id, groups: account.groups ?? [] };
      },
    }),
    // consent given once and for all, so that the login form is the only page
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client!.clientId;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId! });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accounts,
    register(redirectUri, options = {}) {
      const provider = new Provider(issuer, configuration(redirectUri, options.public ?? false));
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for plain fetch: names are enough here (the app and the provider use different ones). */
export class Jar {
  readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: this.header() } });
    this.take(response);
    return response;
  }
}

/**
 * Goes from a provider URL (the app's redirect) through the provider's login form as `login`, and
 * returns the URL the provider sends the browser back to (the app's callback, not yet followed).
 */
export async function throughProvider(jar: Jar, providerUrl: string, login: string): Promise<string> {
  let url = providerUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await jar.fetch(url);
    if (response.status === 200 && url.includes('/interaction/')) {
      await response.text();
      const uid = new URL(url).pathname.split('/').pop()!;
      const submitted = await jar.fetch(`${new URL(url).origin}/interaction/${uid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      url = new URL(submitted.headers.get('location')!, url).href;
      continue;
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`provider answered ${response.status} at ${url}: ${await response.text()}`);
    }
    const next = new URL(location, url);
    if (next.origin !== new URL(providerUrl).origin) return next.href;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
