/**
 * The OpenAPI document's description: the reference page (/docs/api) shows it above the endpoints.
 * A quick start in German and English, webhook verification, limits and errors.
 */
export function apiGuide(baseUrl: string): string {
  return `Raumwerk's API stages photos from your own systems (Business plan). [Deutsch](#deutsch) · [English](#english)

## Deutsch

### Schnellstart

1. **Schlüssel anlegen** (Inhaber/in oder Admin des Workspaces): Einstellungen → API → „Neuer Schlüssel“ (Scopes \`stage\` und \`read\`). Der Schlüssel wird nur einmal angezeigt. Er gehört dem Workspace: Seine Renderings werden Projekte des Workspaces und verbrauchen dessen Credits.
2. **Foto hochladen:**

\`\`\`bash
export RAUMWERK_KEY=rw_live_…
curl -s -X POST ${baseUrl}/api/v1/photos \\
  -H "Authorization: Bearer $RAUMWERK_KEY" \\
  -F file=@wohnzimmer.jpg
\`\`\`

3. **Render starten** (ein Credit je Variante; schlägt der Render fehl, wird er erstattet):

\`\`\`bash
curl -s -X POST ${baseUrl}/api/v1/renders \\
  -H "Authorization: Bearer $RAUMWERK_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"photoId":"<id aus Schritt 2>","style":"scandinavian","roomType":"living_room","callbackUrl":"https://example.com/raumwerk-hook"}'
\`\`\`

4. **Ergebnis abholen:** \`GET /api/v1/renders/{id}\` bis \`status\` \`completed\` ist (oder auf den Webhook warten), dann \`results[].downloadUrl\` mit demselben \`Authorization\`-Header laden.

### Webhooks prüfen

Jede Zustellung trägt \`webhook-id\`, \`webhook-timestamp\` und \`webhook-signature\` (Standard Webhooks: HMAC-SHA256 über \`id.timestamp.body\`). Prüfen Sie den **unveränderten** Body mit dem Paket \`standardwebhooks\` und dem Geheimnis \`whsec_…\` (des Schlüssels für \`callbackUrl\`, des Endpunkts für in den Einstellungen registrierte Endpunkte). Fehlgeschlagene Zustellungen (kein 2xx) werden etwa einen Tag lang mit wachsendem Abstand wiederholt; dieselbe \`webhook-id\` kann daher mehrmals ankommen. Danach zeigt das Zustellprotokoll in Einstellungen → API sie als fehlgeschlagen.

## English

### Quick start

1. **Create a key** (workspace owner or admin): Settings → API → "New key" (scopes \`stage\` and \`read\`). The key is shown once. It belongs to the workspace: its renders become the workspace's projects and use its credits.
2. **Upload a photo:**

\`\`\`bash
export RAUMWERK_KEY=rw_live_…
curl -s -X POST ${baseUrl}/api/v1/photos \\
  -H "Authorization: Bearer $RAUMWERK_KEY" \\
  -F file=@living-room.jpg
\`\`\`

3. **Start a render** (one credit per variation, refunded if the render fails):

\`\`\`bash
curl -s -X POST ${baseUrl}/api/v1/renders \\
  -H "Authorization: Bearer $RAUMWERK_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"photoId":"<id from step 2>","style":"scandinavian","roomType":"living_room","callbackUrl":"https://example.com/raumwerk-hook"}'
\`\`\`

4. **Fetch the result:** poll \`GET /api/v1/renders/{id}\` until \`status\` is \`completed\` (or wait for the webhook), then download \`results[].downloadUrl\` with the same \`Authorization\` header.

### Verifying webhooks

Every delivery carries \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` (Standard Webhooks: HMAC-SHA256 over \`id.timestamp.body\`). Verify the **raw** body with the \`standardwebhooks\` package and the \`whsec_…\` secret (the key's for \`callbackUrl\`, the endpoint's for endpoints registered in Settings):

\`\`\`js
import { Webhook } from 'standardwebhooks';
const event = new Webhook(process.env.RAUMWERK_WEBHOOK_SECRET).verify(rawBody, {
  'webhook-id': req.headers['webhook-id'],
  'webhook-timestamp': req.headers['webhook-timestamp'],
  'webhook-signature': req.headers['webhook-signature'],
}); // throws if the signature or timestamp is wrong
\`\`\`

Deliveries that do not get a 2xx are retried with growing delays for about a day, so the same \`webhook-id\` can arrive more than once; after that, the delivery log in Settings → API shows them as failed.

### Rules

- \`Authorization: Bearer <key>\` only; the web app's session cookie is never accepted here.
- \`Idempotency-Key\` on any POST: the first successful answer is replayed for 24 hours (\`Idempotent-Replayed: true\`), so a retried render is created and charged once.
- Limits per key and workspace answer **429** with \`Retry-After\` (\`rate_limited\`, \`concurrency_limit\`).
- Errors are \`{"message": "…", "code": "…"}\`; \`code\` is stable (see the \`Error\` schema).
- URLs you give us (\`photos/from-url\`, \`callbackUrl\`, webhook endpoints) must be public \`https\` addresses.
`;
}
