// A partner kind for tests of the shared integrations layer (connections,
// tasks): a bearer token checked by the partner's "whoami" call, as a store's
// or courier's own connection test would be.
import { z } from 'zod';
import { defineKind, type ConnectionKind } from '../../edge-api/integrations/connections';
import { createHttpClient } from '../../edge-api/integrations/http';
import { CONNECTION_KINDS } from '../../edge-api/integrations/kinds';

export const TEST_PARTNER = 'test-partner';

/** Makes the test kind connectable (kinds.ts names only real partners). */
export function registerTestPartner(): () => void {
  CONNECTION_KINDS[TEST_PARTNER] = defineKind({
    kind: TEST_PARTNER,
    title: 'Test partner',
    settings: z.object({ account: z.string().max(40) }),
    secrets: z.object({ token: z.string().min(1, 'Please enter the access token').max(200) }),
    defaultBaseUrl: () => 'https://api.partner.example',
    test: async (conn) => {
      const res = await createHttpClient({ partner: 'test partner', retries: 0 }).request({
        method: 'GET', url: `${conn.baseUrl}/whoami`, headers: { authorization: `Bearer ${conn.secrets.token}` }, timeoutMs: 2000,
      });
      return res.status === 200 ? { ok: true, message: `Connected to ${res.json<{ shop: string }>().shop}` } : { ok: false, message: `The partner answered ${res.status}: ${res.text()}` };
    },
  }) as ConnectionKind;
  return () => void delete CONNECTION_KINDS[TEST_PARTNER];
}
