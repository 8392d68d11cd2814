import { describe, expect, it } from 'vitest';
import { isCredentialValue, isPasswordHash, isPlaceholder, isSecretName, nameWords, isHardcodedSecret, isKeyMaterial, isKeyName } from './credentials.ts';

describe('credential judgement', () => {
  it('splits names into words', () => {
    expect(nameWords('dbPassword')).toEqual(['db', 'password']);
    expect(nameWords('DB_PASSWORD')).toEqual(['db', 'password']);
    expect(nameWords('AWSSecretKey')).toEqual(['aws', 'secret', 'key']);
  });

  it.each(['password', 'DB_PASSWORD', 'apiKey', 'client_secret', 'SECRET_KEY', 'authToken', 'privateKey', 'jwtSecret', 'stripe_api_key', 'passwd'])('%s is a secret name', (name) =>
    expect(isSecretName(name)).toBe(true),
  );

  it.each(['passwordField', 'PASSWORD_MIN_LENGTH', 'token_type', 'forgot_password_url', 'password_hash', 'keyName', 'monkey', 'key', 'secretary', 'api_key_header', 'tokenExpiry'])(
    '%s is not a secret name',
    (name) => expect(isSecretName(name)).toBe(false),
  );

  it.each(['', 'xxxx', '<your-api-key>', '${DB_PASSWORD}', '{{ password }}', 'changeme', 'your_api_key_here', 'YOUR-TOKEN', '****', 'REPLACE_ME', 'example-key', '%s'])(
    '%j is a placeholder',
    (v) => expect(isPlaceholder(v)).toBe(true),
  );

  it.each([
    ['S3cr3t!2024', 'password'],
    ['admin123', 'DB_PASSWORD'],
    ['super secret key', 'SECRET_KEY'],
    ['sk-live-4f9a8b7c6d5e', 'apiKey'],
    ['secret', 'JWT_SECRET'],
  ])('%j assigned to %s is a credential', (v, name) => expect(isCredentialValue(v, name)).toBe(true));

  it.each([
    ['DB_PASSWORD', 'passwordEnvVar'],
    ['password', 'password'],
    ['/reset-password', 'resetPassword'],
    ['Enter your password here please', 'password'],
    ['./keys/private.pem', 'privateKey'],
    ['X-Api-Key', 'apiKeyHeader'],
    ['auth.jwt.secret', 'secretKey'],
    ['abc', 'password'],
  ])('%j assigned to %s is not a credential', (v, name) => expect(isCredentialValue(v, name)).toBe(false));
});

describe('key-named constants', () => {
  it.each([
    ['SSN_KEY', 'b7f3e91ac24d8e06'],
    ['dataKey', 'Qx8vN2pL5rT9wZ3kY7mB1cF4'],
    ['KEY', 'a8f5f167f44f4964e6c998dee827110c'],
  ])('%s = %j is a hard-coded key', (name, value) => {
    expect(isHardcodedSecret(name, value)).toBe(true);
  });

  it.each([
    ['CACHE_KEY', 'users:all'],
    ['SORT_KEY', 'created_at'],
    ['PUBLIC_KEY', 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8hG2'],
    ['RECAPTCHA_SITE_KEY', '6LcT3kQpAAAAAJx9Yv2w7ZrN4bHq1mLs8dPfEoU'],
    ['SSN_KEY', 'changeme-changeme'],
    ['SSN_KEY', 'abcdefabcdefabcd'], // too little variety
    ['KEY_FILE', 'b7f3e91ac24d8e06'],
  ])('%s = %j is not', (name, value) => {
    expect(isHardcodedSecret(name, value)).toBe(false);
  });

  it('still judges secret names as before', () => {
    expect(isHardcodedSecret('DB_PASSWORD', 'Winter2024!')).toBe(true);
    expect(isHardcodedSecret('DB_PASSWORD', '${DB_PASSWORD}')).toBe(false);
    expect(isKeyName('api_key')).toBe(true);
    expect(isKeyMaterial('hello world 12345678')).toBe(false);
  });

  it.each([
    '$2b$12$KIXQJ1r8ZpL4q7Yc3sG0ZeQ6Vb1uYwK3mN8tR2pH5jD9fA0cE7sLu',
    '$apr1$r31kZ7gH$HqJZimcKQFAMYayBlzkrA/',
    '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
    'pbkdf2_sha256$600000$q8Zr2LmX$Zm9vYmFyYmF6cXV4',
    '{SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=',
  ])('%s is a password hash, not a credential', (value) => {
    expect(isPasswordHash(value)).toBe(true);
    expect(isCredentialValue(value, 'password')).toBe(false);
  });

  it.each(['op://Engineering/Database/password', 'vault://secret/app#token', 'secret/data/prod/app', '__DB_PASSWORD__', '@@TOKEN@@', '%API_KEY%', 'changeit'])(
    '%s is a reference or a stand-in',
    (value) => expect(isCredentialValue(value, 'password')).toBe(false),
  );

  it.each(['$2b$secret-ish', 'changeit-2024!', 'r3dis/pa55/w0rd', 'amqp://u:Ty7wKq2Zp5Nv@mq:5671'])('%s is still a credential', (value) => {
    expect(isCredentialValue(value, 'password')).toBe(true);
  });

  it.each(['PASSWORD_HASHER', 'secret_ref', 'token_arn', 'password_complexity'])('%s is not a secret name', (name) => expect(isSecretName(name)).toBe(false));
});
