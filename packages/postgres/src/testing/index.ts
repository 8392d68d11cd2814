/** Test helpers for suites that need a real PostgreSQL: an embedded server, a database per suite, migrated stores on it. */
export { embeddedPostgresUrl, freePort, randomPassword, startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded.ts';
export { createTestDatabase, testPostgresUrl, useTestDatabase, useTestStores, withDatabase, type TestDatabase, type TestPostgresInfo } from './test-database.ts';
