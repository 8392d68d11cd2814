/**
 * Token formats of providers whose secrets have a shape of their own, as data: a literal prefix
 * (or a provider keyword nearby, for formats without one) followed by runs of given alphabets and
 * lengths. One detector (rules/secrets/token-formats.ts) reads the table; adding a provider is a row.
 * Providers that need code (checksums, context judgement: AWS, GitHub, npm, Slack, Stripe, …) have
 * detectors of their own.
 *
 * A pattern is a list of parts: a string is matched literally, a run is `[alphabet, min, max]`.
 * Runs are read greedily and must not share a character with the literal after them, so matching
 * never backtracks.
 */

/** Alphabets of token runs. */
export type Alphabet =
  | 'alnum'
  | 'lower'
  | 'upper'
  | 'letters'
  | 'digits'
  | 'hex'
  | 'hexlower'
  | 'hexupper'
  | 'b62'
  | 'b64url'
  | 'b64'
  | 'b64pad'
  | 'token'
  | 'tokeneq'
  | 'lowernum'
  | 'uppernum';

/** A run of one alphabet with its length bounds. */
export type Run = readonly [alphabet: Alphabet, min: number, max: number];
/** One part of a pattern: literal text, or a run. */
export type Part = string | Run;

/** A provider's token format. */
export interface TokenFormat {
  /** Detector name (`tailscale`), shown in messages and listings. */
  readonly name: string;
  /** What the token is, for the finding's message. */
  readonly description: string;
  /** Patterns; the first part of each is a literal prefix unless `keywords` are given. */
  readonly patterns: readonly (readonly Part[])[];
  /**
   * For formats without a prefix of their own (a bare UUID or hex string): words, one of which
   * must precede the value on its line (`heroku … = "<uuid>"`). Matched case-insensitively.
   */
  readonly keywords?: readonly string[];
  /** The prefix may follow a letter or digit (`MY_tskey-…`): it is distinctive enough on its own. */
  readonly anywhere?: boolean;
  /** Severity when not the class default (`high`). */
  readonly severity?: 'critical' | 'high' | 'medium';
}

const UUID: readonly Part[] = [['hex', 8, 8], '-', ['hex', 4, 4], '-', ['hex', 4, 4], '-', ['hex', 4, 4], '-', ['hex', 12, 12]];

/** The table, sorted by name. */
export const TOKEN_FORMATS: readonly TokenFormat[] = [
  { name: '1password', description: '1Password service account token', patterns: [['ops_eyJ', ['b64url', 100, 4000]]], severity: 'critical' },
  { name: 'adobe', description: 'Adobe client secret', patterns: [['p8e-', ['alnum', 32, 32]]] },
  { name: 'age', description: 'age encryption secret key', patterns: [['AGE-SECRET-KEY-1', ['uppernum', 58, 58]]], severity: 'critical' },
  { name: 'alibaba', description: 'Alibaba Cloud AccessKey ID', patterns: [['LTAI', ['alnum', 20, 20]]] },
  { name: 'amazon-mws', description: 'Amazon MWS auth token', patterns: [['amzn.mws.', ...UUID]] },
  { name: 'artifactory', description: 'JFrog Artifactory API key', patterns: [['AKCp', ['alnum', 69, 69]]], severity: 'critical' },
  { name: 'atlassian', description: 'Atlassian API token', patterns: [['ATATT3xFfGF0', ['token', 170, 190], '=', ['hex', 8, 8]]] },
  { name: 'aws-appsync', description: 'AWS AppSync GraphQL API key', patterns: [['da2-', ['lowernum', 26, 26]]] },
  {
    name: 'aws-session',
    description: 'AWS temporary session token',
    patterns: [
      ['FQoGZXIvYXdz', ['b64pad', 100, 2000]],
      ['IQoJb3JpZ2luX2Vj', ['b64pad', 100, 2000]],
    ],
    severity: 'critical',
  },
  { name: 'buildkite', description: 'Buildkite API access token', patterns: [['bkua_', ['hexlower', 40, 40]]], severity: 'critical' },
  { name: 'circleci', description: 'CircleCI personal API token', patterns: [['CCIPAT_', ['alnum', 22, 22], '_', ['hex', 40, 40]]], severity: 'critical' },
  { name: 'clojars', description: 'Clojars deploy token', patterns: [['CLOJARS_', ['lowernum', 60, 60]]], severity: 'critical' },
  {
    name: 'cloudflare',
    description: 'Cloudflare API token',
    patterns: [
      ['cfut_', ['alnum', 48, 48]],
      ['cfat_', ['alnum', 48, 48]],
      ['cfk_', ['alnum', 48, 48]],
      ['v1.0-', ['hexlower', 24, 24], '-', ['hexlower', 146, 146]],
    ],
    severity: 'critical',
  },
  { name: 'cloudinary', description: 'Cloudinary URL with API secret', patterns: [['cloudinary://', ['digits', 12, 16], ':', ['token', 27, 27], '@']], severity: 'critical' },
  { name: 'contentful', description: 'Contentful personal access token', patterns: [['CFPAT-', ['token', 43, 43]]], severity: 'critical' },
  {
    name: 'databricks',
    description: 'Databricks personal access token',
    patterns: [
      ['dapi', ['hex', 32, 32]],
      ['dose', ['hex', 32, 32]],
    ],
    severity: 'critical',
  },
  {
    name: 'deno-deploy',
    description: 'Deno Deploy access token',
    patterns: [
      ['ddp_', ['alnum', 36, 36]],
      ['ddw_', ['alnum', 36, 36]],
    ],
    severity: 'critical',
  },
  {
    name: 'digitalocean',
    description: 'DigitalOcean token',
    patterns: [
      ['dop_v1_', ['hexlower', 64, 64]],
      ['doo_v1_', ['hexlower', 64, 64]],
      ['dor_v1_', ['hexlower', 64, 64]],
    ],
    severity: 'critical',
  },
  {
    name: 'docker',
    description: 'Docker Hub access token',
    patterns: [
      ['dckr_pat_', ['token', 27, 40]],
      ['dckr_oat_', ['token', 27, 40]],
    ],
  },
  {
    name: 'doppler',
    description: 'Doppler token',
    patterns: [
      ['dp.pt.', ['alnum', 43, 43]],
      ['dp.st.', ['alnum', 40, 60]],
      ['dp.sa.', ['alnum', 40, 60]],
      ['dp.scim.', ['alnum', 40, 60]],
      ['dp.audit.', ['alnum', 40, 60]],
    ],
    severity: 'critical',
  },
  {
    name: 'duffel',
    description: 'Duffel API token',
    patterns: [
      ['duffel_test_', ['token', 43, 43]],
      ['duffel_live_', ['token', 43, 43]],
    ],
  },
  { name: 'dynatrace', description: 'Dynatrace API token', patterns: [['dt0c01.', ['uppernum', 24, 24], '.', ['uppernum', 64, 64]]] },
  {
    name: 'easypost',
    description: 'EasyPost API key',
    patterns: [
      ['EZAK', ['alnum', 54, 54]],
      ['EZTK', ['alnum', 54, 54]],
    ],
  },
  { name: 'facebook', description: 'Facebook access token', patterns: [['EAACEdEose0cBA', ['alnum', 20, 255]]] },
  { name: 'figma', description: 'Figma personal access token', patterns: [['figd_', ['token', 40, 64]]] },
  {
    name: 'flutterwave',
    description: 'Flutterwave key',
    patterns: [
      ['FLWSECK_TEST-', ['hex', 32, 32], '-X'],
      ['FLWSECK-', ['hex', 32, 32], '-X'],
      ['FLWPUBK_TEST-', ['hex', 32, 32], '-X'],
      ['FLWSECK_TEST', ['hex', 12, 12]],
    ],
  },
  { name: 'flyio', description: 'Fly.io access token', patterns: [['fo1_', ['token', 43, 43]]], severity: 'critical' },
  { name: 'frameio', description: 'Frame.io API token', patterns: [['fio-u-', ['token', 64, 64]]] },
  {
    name: 'github-app',
    description: 'GitHub App installation token',
    patterns: [['ghs_', ['digits', 1, 12], '_', ['b64url', 20, 200], '.', ['b64url', 20, 2000], '.', ['b64url', 20, 600]]],
    severity: 'critical',
  },
  { name: 'gocardless', description: 'GoCardless live access token', patterns: [['live_', ['token', 40, 40]]], keywords: ['gocardless'] },
  { name: 'google-oauth', description: 'Google OAuth client secret', patterns: [['GOCSPX-', ['token', 28, 28]]] },
  { name: 'groq', description: 'Groq API key', patterns: [['gsk_', ['alnum', 52, 52]]] },
  {
    name: 'hashicorp-vault',
    description: 'HashiCorp Vault token',
    patterns: [
      ['hvs.', ['token', 90, 200]],
      ['hvb.', ['token', 138, 300]],
    ],
    severity: 'critical',
  },
  { name: 'heroku', description: 'Heroku API key', patterns: [UUID, ['HRKU-AA', ['token', 58, 58]]], keywords: ['heroku'], severity: 'critical' },
  { name: 'hockeyapp', description: 'HockeyApp API token', patterns: [[['hexlower', 32, 32]]], keywords: ['hockey'] },
  { name: 'hubspot', description: 'HubSpot API key', patterns: [UUID], keywords: ['hubspot'] },
  {
    name: 'huggingface',
    description: 'Hugging Face access token',
    patterns: [
      ['hf_', ['letters', 34, 34]],
      ['api_org_', ['letters', 34, 34]],
    ],
  },
  { name: 'infracost', description: 'Infracost API token', patterns: [['ico-', ['alnum', 32, 32]]] },
  { name: 'kolide', description: 'Kolide API key', patterns: [['k2sk_v1_', ['alnum', 24, 40]]] },
  {
    name: 'langsmith',
    description: 'LangSmith API key',
    patterns: [
      ['lsv2_pt_', ['hexlower', 32, 32], '_', ['hexlower', 10, 10]],
      ['lsv2_sk_', ['hexlower', 32, 32], '_', ['hexlower', 10, 10]],
    ],
  },
  {
    name: 'linear',
    description: 'Linear API key',
    patterns: [
      ['lin_api_', ['alnum', 40, 40]],
      ['lin_oauth_', ['hexlower', 64, 64]],
    ],
  },
  {
    name: 'lob',
    description: 'Lob API key',
    patterns: [
      ['live_pub_', ['hexlower', 31, 31]],
      ['test_pub_', ['hexlower', 31, 31]],
      ['live_', ['hexlower', 35, 35]],
    ],
    keywords: ['lob'],
  },
  { name: 'mailchimp', description: 'Mailchimp API key', patterns: [[['hexlower', 32, 32], '-us', ['digits', 1, 2]]] },
  { name: 'mailgun', description: 'Mailgun API key', patterns: [['key-', ['hexlower', 32, 32]]], keywords: ['mailgun'] },
  { name: 'microsoft-outlook', description: 'Office 365 connector webhook URL', patterns: [['outlook.office.com/webhook/', ...UUID, '@']], anywhere: true },
  {
    name: 'microsoft-teams',
    description: 'Microsoft Teams incoming webhook URL',
    patterns: [['.webhook.office.com/webhookb2/', ['hexlower', 8, 8], '-', ['hexlower', 4, 4], '-', ['hexlower', 4, 4], '-', ['hexlower', 4, 4], '-', ['hexlower', 12, 12], '@']],
    anywhere: true,
  },
  {
    name: 'new-relic',
    description: 'New Relic key',
    patterns: [
      ['NRAK-', ['uppernum', 27, 27]],
      ['NRJS-', ['hexlower', 19, 19]],
      ['NRII-', ['token', 32, 32]],
    ],
  },
  {
    name: 'notion',
    description: 'Notion integration token',
    patterns: [
      ['ntn_', ['digits', 11, 11], ['alnum', 35, 35]],
      ['secret_', ['alnum', 43, 43]],
    ],
    severity: 'high',
  },
  {
    name: 'onfido',
    description: 'Onfido live API token',
    patterns: [
      ['api_live.', ['token', 11, 11], '.', ['token', 32, 32]],
      ['api_live_', ['lower', 2, 2], '.', ['token', 11, 11], '.', ['token', 32, 32]],
    ],
  },
  { name: 'openshift', description: 'OpenShift user token', patterns: [['sha256~', ['token', 43, 43]]], severity: 'critical' },
  {
    name: 'paypal-braintree',
    description: 'PayPal Braintree access token',
    patterns: [['access_token$production$', ['lowernum', 16, 16], '$', ['lowernum', 32, 32]]],
    severity: 'critical',
  },
  { name: 'perplexity', description: 'Perplexity API key', patterns: [['pplx-', ['alnum', 48, 48]]] },
  {
    name: 'plaid',
    description: 'Plaid access token',
    patterns: [
      ['access-production-', ...UUID],
      ['access-development-', ...UUID],
      ['access-sandbox-', ...UUID],
    ],
  },
  {
    name: 'planetscale',
    description: 'PlanetScale token or password',
    patterns: [
      ['pscale_tkn_', ['token', 32, 64]],
      ['pscale_oauth_', ['token', 32, 64]],
      ['pscale_pw_', ['token', 32, 64]],
    ],
    severity: 'critical',
  },
  { name: 'postman', description: 'Postman API key', patterns: [['PMAK-', ['hexlower', 24, 24], '-', ['hexlower', 34, 34]]] },
  { name: 'prefect', description: 'Prefect API key', patterns: [['pnu_', ['alnum', 36, 36]]], severity: 'critical' },
  { name: 'pulumi', description: 'Pulumi access token', patterns: [['pul-', ['hexlower', 40, 40]]] },
  { name: 'readme', description: 'ReadMe API key', patterns: [['rdme_', ['lowernum', 70, 70]]] },
  { name: 'rubygems', description: 'RubyGems API key', patterns: [['rubygems_', ['hexlower', 48, 48]]], severity: 'critical' },
  { name: 'scalingo', description: 'Scalingo API token', patterns: [['tk-us-', ['token', 48, 48]]] },
  { name: 'sendinblue', description: 'Brevo (Sendinblue) API key', patterns: [['xkeysib-', ['hexlower', 64, 64], '-', ['alnum', 16, 16]]] },
  {
    name: 'sentry',
    description: 'Sentry auth token',
    patterns: [
      ['sntryu_', ['hexlower', 64, 64]],
      ['sntrys_eyJ', ['b64pad', 60, 600], '_', ['b64', 43, 43]],
    ],
    severity: 'critical',
  },
  { name: 'shippo', description: 'Shippo API token', patterns: [['shippo_live_', ['hexlower', 40, 40]]] },
  {
    name: 'shopify',
    description: 'Shopify access token or shared secret',
    patterns: [
      ['shpat_', ['alnum', 32, 48]],
      ['shpca_', ['alnum', 32, 48]],
      ['shppa_', ['alnum', 32, 48]],
      ['shpss_', ['alnum', 32, 48]],
    ],
    severity: 'critical',
  },
  { name: 'sidekiq', description: 'Sidekiq Enterprise credentials', patterns: [[['hexlower', 8, 8], ':', ['hexlower', 8, 8]]], keywords: ['contribsys'] },
  {
    name: 'slack-config',
    description: 'Slack configuration or refresh token',
    patterns: [
      ['xoxe.xoxp-1-', ['token', 100, 400]],
      ['xoxe.xoxb-1-', ['token', 100, 400]],
      ['xoxe-1-', ['token', 100, 400]],
    ],
    severity: 'critical',
  },
  { name: 'snyk', description: 'Snyk API token', patterns: [UUID, ['snyk_', ['token', 40, 80]]], keywords: ['snyk'] },
  {
    name: 'sonarqube',
    description: 'SonarQube token',
    patterns: [
      ['squ_', ['hexlower', 40, 40]],
      ['sqp_', ['hexlower', 40, 40]],
      ['sqa_', ['hexlower', 40, 40]],
    ],
  },
  { name: 'sonarqube-legacy', description: 'SonarQube token', patterns: [[['hexlower', 40, 40]]], keywords: ['sonar'] },
  {
    name: 'sourcegraph',
    description: 'Sourcegraph access token',
    patterns: [
      ['sgp_', ['hexlower', 16, 16], '_', ['hexlower', 40, 40]],
      ['sgp_local_', ['hexlower', 40, 40]],
      ['sgp_', ['hexlower', 40, 40]],
    ],
    severity: 'critical',
  },
  {
    name: 'square',
    description: 'Square access token or OAuth secret',
    patterns: [
      ['sq0atp-', ['token', 22, 22]],
      ['sq0csp-', ['token', 43, 43]],
      ['EAAA', ['token', 60, 60]],
    ],
    severity: 'critical',
  },
  { name: 'sumologic', description: 'Sumo Logic access ID', patterns: [['su', ['alnum', 12, 12]]], keywords: ['sumo'] },
  { name: 'supabase', description: 'Supabase management API token', patterns: [['sbp_', ['hexlower', 40, 40]]], severity: 'critical' },
  {
    name: 'tailscale',
    description: 'Tailscale key',
    patterns: [['tskey-', ['lower', 2, 12], '-', ['alnum', 8, 24], '-', ['alnum', 16, 64]]],
    anywhere: true,
    severity: 'critical',
  },
  { name: 'telegram', description: 'Telegram bot token', patterns: [[['digits', 8, 10], ':AA', ['token', 33, 33]]], keywords: ['telegram', 'bot', 'tg_', 'tgbot'] },
  { name: 'terraform-cloud', description: 'Terraform Cloud API token', patterns: [[['alnum', 14, 14], '.atlasv1.', ['tokeneq', 60, 70]]], severity: 'critical' },
  {
    name: 'vercel',
    description: 'Vercel access token',
    patterns: [
      ['vcp_', ['alnum', 24, 64]],
      ['vci_', ['alnum', 24, 64]],
      ['vca_', ['alnum', 24, 64]],
      ['vcr_', ['alnum', 24, 64]],
      ['vck_', ['alnum', 24, 64]],
    ],
  },
  { name: 'xai', description: 'xAI API key', patterns: [['xai-', ['alnum', 80, 80]]] },
  {
    name: 'yandex',
    description: 'Yandex Cloud key',
    patterns: [
      ['AQVN', ['token', 35, 38]],
      ['YC', ['token', 38, 38]],
      ['t1.', ['token', 2, 200], '.', ['token', 86, 86]],
    ],
    keywords: ['yandex', 'yc_', 'ya_'],
  },
];
