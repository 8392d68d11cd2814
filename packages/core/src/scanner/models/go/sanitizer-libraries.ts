import { defineModel } from '../schema.ts';

/**
 * Small libraries whose result is safe: identifiers that only parse from a fixed alphabet (uuid, ulid,
 * decimal), HTML sanitizers (bluemonday), path confinement (securejoin, sanitize) and shell quoting.
 */
export default defineModel({
  name: 'sanitizer-libraries',
  language: 'go',
  description:
    'github.com/google/uuid, gofrs/uuid, oklog/ulid, shopspring/decimal, microcosm-cc/bluemonday, cyphar/filepath-securejoin, kennygrant/sanitize, alessio/shellescape, kballard/go-shellquote, mattn/go-shellwords.',
  sanitizers: [
    {
      call: [
        'uuid.{Parse,MustParse,FromString,FromStringOrNil,New,NewString,NewRandom,NewV4,NewV7,Validate}',
        'ulid.{Parse,MustParse}',
        'decimal.{NewFromString,RequireFromString}',
      ],
      class: 'all',
    },
    { call: '*.{Sanitize,SanitizeBytes}', class: 'xss' },
    // github.com/cyphar/filepath-securejoin declares package securejoin; its import path gives the canonical name.
    { call: ['{securejoin,filepathsecurejoin}.SecureJoin', 'sanitize.{Name,BaseName,Path}'], class: 'path-traversal' },
    { call: ['shellescape.Quote', 'shellquote.Join', 'shellwords.Escape'], class: 'command-injection' },
  ],
});
