import * as client from 'openid-client';
import type { AppConfig } from '../config.js';

/** OpenID Connect (authorization code + PKCE, state and nonce) against OIDC_ISSUER. */
export interface OidcLoginStart {
  url: string;
  /** Kept in a signed, short-lived cookie until the provider redirects back. */
  pending: { state: string; nonce: string; verifier: string };
}

export interface OidcClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly config: AppConfig) {}

  get redirectUri(): string {
    return `${this.config.publicUrl}/api/callback`;
  }

  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(new URL(this.config.OIDC_ISSUER!), this.config.OIDC_CLIENT_ID!, this.config.OIDC_CLIENT_SECRET!, undefined, {
        // Plain-http issuers only exist in tests and local setups; loadConfig refuses them in production.
        execute: this.config.NODE_ENV !== 'production' && this.config.OIDC_ISSUER!.startsWith('http:') ? [client.allowInsecureRequests] : [],
      })
      .catch((err) => {
        this.configuration = null; // retry discovery on the next sign-in
        throw err;
      });
    return this.configuration;
  }

  async start(): Promise<OidcLoginStart> {
    const configuration = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.config.OIDC_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, pending: { state, nonce, verifier } };
  }

  async finish(callbackUrl: URL, pending: OidcLoginStart['pending']): Promise<OidcClaims> {
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token claims');
    let info: Record<string, unknown> = claims;
    if (!claims.email && tokens.access_token) {
      info = { ...claims, ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)) };
    }
    return {
      sub: claims.sub,
      email: typeof info.email === 'string' ? info.email : undefined,
      emailVerified: info.email_verified === true,
      firstName: typeof info.given_name === 'string' ? info.given_name : undefined,
      lastName: typeof info.family_name === 'string' ? info.family_name : undefined,
    };
  }
}
