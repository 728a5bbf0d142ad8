/** The part of oidc-provider 9's API Bulwark uses (the package ships no type declarations). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextLike {
    path: string;
    method: string;
    status: number;
    body: unknown;
    type: string;
    host: string;
    oidc: {
      route?: string;
      client?: { clientId: string };
      result?: { consent?: { grantId?: string } };
      params?: Record<string, unknown>;
    };
  }

  export interface BaseTokenModel {
    jti: string;
    accountId?: string;
    clientId?: string;
    grantId?: string;
    scope?: string;
    aud?: string | string[];
    exp?: number;
    iat?: number;
    isExpired?: boolean;
  }

  export interface GrantModel {
    jti: string;
    accountId?: string;
    clientId?: string;
    resources?: Record<string, string>;
    addResourceScope(resource: string, scope: string): void;
    rejectResourceScope(resource: string, scope: string): void;
    addOIDCScope(scope: string): void;
    rejectOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface InteractionModel {
    uid: string;
    exp: number;
    returnTo: string;
    params: Record<string, unknown>;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    session?: { accountId?: string };
    grantId?: string;
    result?: unknown;
    save(ttl: number): Promise<string>;
  }

  export interface ClientModel {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
    clientIdMetadataDocument?: boolean;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidClient: new (description?: string) => Error;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContextLike, next: () => Promise<void>) => Promise<void>): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    Interaction: { find(uid: string): Promise<InteractionModel | undefined> };
    Grant: {
      new (properties: { accountId: string; clientId: string }): GrantModel;
      find(id: string): Promise<GrantModel | undefined>;
    };
    AccessToken: { find(value: string): Promise<BaseTokenModel | undefined> };
    Client: { find(id: string): Promise<ClientModel | undefined> };
  }
}
