import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { validationFailed } from '../errors.ts';
import type { Delivery, Webhook } from '../webhooks/webhook.schemas.ts';
import { CreateWebhookBody } from '../webhooks/webhook.schemas.ts';
import { isIdOf } from '../shared/ids.ts';
import { emit, InputError, parse, requireString, UsageError, type Command } from './cli-kit.ts';
import { withStore } from './context.ts';

/** `bulwark webhook …`: an operator manages any organisation's subscriptions (docs/events.md). */

const describe = (w: Webhook) =>
  `${w.id}  ${w.enabled ? 'enabled ' : 'DISABLED'}  ${w.format.padEnd(8)}  ${w.url}  events: ${w.events.join(',')}${w.minSeverity ? `  min ${w.minSeverity}` : ''}${w.kevOnly ? '  KEV only' : ''}`;

const describeDelivery = (d: Delivery) =>
  `${d.id}  ${d.eventType.padEnd(22)}  ${d.status.padEnd(9)}  attempts ${d.attempts}${d.lastStatusCode !== null ? `  last ${d.lastStatusCode}` : ''}${d.lastError ? `  (${d.lastError})` : ''}`;

function parseCreate(values: Record<string, string | boolean | undefined>) {
  const input = {
    url: requireString(values.url, '--url'),
    ...(typeof values.events === 'string'
      ? {
          events: values.events
            .split(',')
            .map((e) => e.trim())
            .filter(Boolean),
        }
      : {}),
    ...(typeof values['min-severity'] === 'string'
      ? { minSeverity: values['min-severity'].toUpperCase() }
      : {}),
    ...(values['kev-only'] ? { kevOnly: true } : {}),
    ...(typeof values.format === 'string' ? { format: values.format } : {}),
  };
  const parsed = CreateWebhookBody.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  throw validationFailed(
    `Invalid webhook: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}

export const webhookCommand: Command = {
  summary: 'manage webhook subscriptions and their deliveries',
  usage: `Usage:
  bulwark webhook create --org <slug> --url U [--events a,b] [--min-severity LOW|MEDIUM|HIGH|CRITICAL] [--kev-only] [--format standard|slack] [--json]
  bulwark webhook list --org <slug> [--json]
  bulwark webhook delete <webhookId> [--json]
  bulwark webhook deliveries <webhookId> [--limit N] [--json]
  bulwark webhook redeliver <deliveryId> [--json]`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      org: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      'min-severity': { type: 'string' },
      'kev-only': { type: 'boolean' },
      format: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    });
    const [action, id, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
    const needId = (what: string) => {
      if (!id) throw new UsageError(`${what} is required`);
      return id;
    };
    switch (action) {
      case 'create': {
        const slug = requireString(values.org, '--org');
        const input = parseCreate(values);
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const created = await services.webhooks.create(org.id, SYSTEM_ACTOR, input);
          emit(
            io,
            values.json,
            created,
            `Created webhook ${created.id} → ${created.url}\nSigning secret (shown once): ${created.secret}`,
          );
          return 0;
        });
      }
      case 'list': {
        const slug = requireString(values.org, '--org');
        return withStore(async ({ services }) => {
          const org = await services.organisations.requireBySlug(slug);
          const list = await services.webhooks.list(org.id);
          emit(
            io,
            values.json,
            { webhooks: list },
            list.length ? list.map(describe).join('\n') : 'No webhooks',
          );
          return 0;
        });
      }
      case 'delete': {
        const webhookId = needId('<webhookId>');
        return withStore(async ({ services }) => {
          const result = await services.webhooks.delete(undefined, SYSTEM_ACTOR, webhookId);
          emit(io, values.json, result, `Deleted webhook ${webhookId}`);
          return 0;
        });
      }
      case 'deliveries': {
        const webhookId = needId('<webhookId>');
        const limit = values.limit === undefined ? 100 : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new UsageError('--limit must be an integer from 1 to 1000');
        return withStore(async ({ services }) => {
          const list = await services.webhooks.deliveries(undefined, webhookId, limit);
          emit(
            io,
            values.json,
            { deliveries: list },
            list.length ? list.map(describeDelivery).join('\n') : 'No deliveries',
          );
          return 0;
        });
      }
      case 'redeliver': {
        const deliveryId = needId('<deliveryId>');
        // Not a delivery id at all is a mistake in the command (exit 2); a well-formed id not found is a failure (1).
        if (!isIdOf(deliveryId, 'whd'))
          throw new InputError(`'${deliveryId}' is not a delivery id (whd_ and 26 letters or digits)`);
        return withStore(async ({ services }) => {
          const delivery = await services.webhooks.redeliver(undefined, SYSTEM_ACTOR, deliveryId);
          emit(
            io,
            values.json,
            delivery,
            `Queued redelivery ${delivery.id} of event ${delivery.eventId} (a running server sends it)`,
          );
          return 0;
        });
      }
      default:
        throw new UsageError(`unknown action '${action ?? ''}'`);
    }
  },
};
