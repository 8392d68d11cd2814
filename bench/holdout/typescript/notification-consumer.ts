import { SQSClient, ReceiveMessageCommand, DeleteMessageCommand, Message } from '@aws-sdk/client-sqs';
import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { spawn } from 'child_process';
import { load as loadYaml, FAILSAFE_SCHEMA } from 'js-yaml';
import Handlebars from 'handlebars';
import nodemailer from 'nodemailer';
import { readFileSync } from 'fs';
import * as path from 'path';

const sqs = new SQSClient({});
const secrets = new SecretsManagerClient({});
const QUEUE_URL = process.env.NOTIFY_QUEUE_URL!;

type Channel = 'email' | 'sms' | 'push';
const CHANNELS: ReadonlySet<Channel> = new Set<Channel>(['email', 'sms', 'push']);
const TEMPLATE_NAMES = new Set(['welcome', 'invoice_ready', 'password_changed', 'appointment_reminder']);

interface NotifyJob {
  channel: Channel;
  template: string;
  to: string;
  vars: Record<string, string>;
}

const templateCache = new Map<string, HandlebarsTemplateDelegate>();

function getTemplate(name: string): HandlebarsTemplateDelegate {
  if (!TEMPLATE_NAMES.has(name)) throw new Error(`unknown template ${name}`);
  let t = templateCache.get(name);
  if (!t) {
    const src = readFileSync(path.join(__dirname, 'templates', `${name}.hbs`), 'utf8');
    t = Handlebars.compile(src, { strict: true });
    templateCache.set(name, t);
  }
  return t;
}

async function smtpTransport() {
  const secret = await secrets.send(new GetSecretValueCommand({ SecretId: process.env.SMTP_SECRET_ARN }));
  const { host, user, pass } = JSON.parse(secret.SecretString ?? '{}');
  return nodemailer.createTransport({ host, port: 587, secure: false, requireTLS: true, auth: { user, pass } });
}

function parseJob(msg: Message): NotifyJob {
  const body = JSON.parse(msg.Body ?? '{}');
  if (!CHANNELS.has(body.channel)) throw new Error('bad channel');
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(body.vars ?? {})) {
    if (/^[a-zA-Z_]{1,40}$/.test(k)) vars[k] = String(v);
  }
  return { channel: body.channel, template: String(body.template), to: String(body.to), vars };
}

function pushViaCli(deviceToken: string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/local/bin/push-send', ['--token', deviceToken, '--message', text], { shell: false });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`push-send ${code}`))));
  });
}

export function loadRoutingConfig(text: string): Record<string, unknown> {
  return loadYaml(text, { schema: FAILSAFE_SCHEMA }) as Record<string, unknown>;
}

export async function pollOnce(): Promise<number> {
  const out = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: QUEUE_URL, MaxNumberOfMessages: 10, WaitTimeSeconds: 20 }),
  );
  const messages = out.Messages ?? [];
  const mailer = messages.length ? await smtpTransport() : null;
  for (const msg of messages) {
    try {
      const job = parseJob(msg);
      const text = getTemplate(job.template)(job.vars);
      if (job.channel === 'email' && mailer) {
        await mailer.sendMail({ from: 'no-reply@example.com', to: job.to, subject: job.vars.subject ?? 'Notification', html: text });
      } else if (job.channel === 'push') {
        await pushViaCli(job.to, text);
      }
      await sqs.send(new DeleteMessageCommand({ QueueUrl: QUEUE_URL, ReceiptHandle: msg.ReceiptHandle }));
    } catch (err) {
      console.error('notification failed', (err as Error).message);
    }
  }
  return messages.length;
}
