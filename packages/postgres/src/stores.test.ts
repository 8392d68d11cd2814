/** The core's contract suites, unchanged, against the PostgreSQL stores on a real server (one database for this file). */
import {
  describeInvitationStoreContract,
  describeKeyStoreContract,
  describeRateLimitStoreContract,
  describeScanStoreContract,
  describeSessionStoreContract,
  describeSettingsStoreContract,
  describeUserStoreContract,
} from '@secscan/core/testing';
import { createPostgresInvitationStore, createPostgresSettingsStore, createPostgresUserStore } from './account-stores.ts';
import { createPostgresKeyStore, createPostgresSessionStore } from './credential-stores.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';
import { createPostgresScanStore } from './scan-store.ts';
import { useTestStores } from './testing/test-database.ts';

const pg = useTestStores();
/** Empties a table, so each contract test starts from an empty store as the suites require. */
const emptied = async (
  table: 'secscan_scans' | 'secscan_api_keys' | 'secscan_sessions' | 'secscan_rate_limits' | 'secscan_users' | 'secscan_invitations' | 'secscan_settings',
): Promise<void> => {
  const { sql } = pg.get().database;
  await sql`DELETE FROM ${sql(table)}`;
};

describeScanStoreContract('postgres', async () => {
  await emptied('secscan_scans');
  return createPostgresScanStore(pg.get().database);
});
describeKeyStoreContract('postgres', async () => {
  await emptied('secscan_api_keys');
  return createPostgresKeyStore(pg.get().database);
});
describeSessionStoreContract('postgres', async () => {
  await emptied('secscan_sessions');
  return createPostgresSessionStore(pg.get().database);
});
describeRateLimitStoreContract('postgres', async (clock) => {
  await emptied('secscan_rate_limits');
  return createPostgresRateLimitStore(pg.get().database, { clock });
});
describeUserStoreContract('postgres', async () => {
  await emptied('secscan_users');
  return createPostgresUserStore(pg.get().database);
});
describeInvitationStoreContract('postgres', async () => {
  await emptied('secscan_invitations');
  return createPostgresInvitationStore(pg.get().database);
});
describeSettingsStoreContract('postgres', async () => {
  await emptied('secscan_settings');
  return createPostgresSettingsStore(pg.get().database);
});
