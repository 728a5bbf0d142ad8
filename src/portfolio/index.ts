// The portfolio's services (docs/portfolio.md), built once per app: `services.portfolio`.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AssetService } from './asset.service.ts';
import { RetentionService, type RetentionHooks } from './retention.ts';

export interface PortfolioServices {
  assets: AssetService;
  retention: RetentionService;
}

export function createPortfolioServices(
  db: Kysely<Database>,
  hooks: RetentionHooks,
  options: { now?: () => number } = {},
): PortfolioServices {
  return { assets: new AssetService(db, hooks), retention: new RetentionService(db, hooks, options) };
}

export { assetRoutes } from './asset.routes.ts';
